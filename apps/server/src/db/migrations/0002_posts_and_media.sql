CREATE TABLE "media_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"original_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"fps" real NOT NULL,
	"video_codec" text NOT NULL,
	"audio_codec" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"media_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"privacy_level" text NOT NULL,
	"disable_comment" boolean NOT NULL,
	"disable_duet" boolean NOT NULL,
	"disable_stitch" boolean NOT NULL,
	"brand_content_toggle" boolean DEFAULT false NOT NULL,
	"brand_organic_toggle" boolean DEFAULT false NOT NULL,
	"is_aigc" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"publish_id" text,
	"tiktok_post_id" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"uploaded_bytes" bigint,
	"claimed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"last_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_file" ADD CONSTRAINT "media_file_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_media_id_media_file_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_file_user_created_idx" ON "media_file" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "post_user_scheduled_idx" ON "post" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "post_state_scheduled_idx" ON "post" USING btree ("state","scheduled_at");--> statement-breakpoint
CREATE INDEX "post_account_idx" ON "post" USING btree ("account_id");