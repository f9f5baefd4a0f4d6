CREATE TABLE "queue_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"post_id" uuid,
	"held" boolean DEFAULT false NOT NULL,
	"held_order" timestamp with time zone,
	"media_id" uuid,
	"title" text,
	"description" text,
	"privacy_level" text,
	"allow_comment" boolean,
	"allow_duet" boolean,
	"allow_stitch" boolean,
	"brand_content" boolean,
	"brand_organic" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_entry_post_unique" UNIQUE("post_id")
);
--> statement-breakpoint
CREATE TABLE "queue_setting" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_slot" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"time" text NOT NULL,
	CONSTRAINT "queue_slot_account_id_weekday_time_pk" PRIMARY KEY("account_id","weekday","time")
);
--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_media_id_media_file_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_setting" ADD CONSTRAINT "queue_setting_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_setting" ADD CONSTRAINT "queue_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot" ADD CONSTRAINT "queue_slot_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot" ADD CONSTRAINT "queue_slot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entry_account_idx" ON "queue_entry" USING btree ("account_id","held");