CREATE TABLE "automation_day" (
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"run_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_day_user_id_account_id_day_pk" PRIMARY KEY("user_id","account_id","day")
);
--> statement-breakpoint
CREATE TABLE "automation_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"trigger" text NOT NULL,
	"summary" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"account_id" uuid,
	"hook_concept" text NOT NULL,
	"custom_concept" text DEFAULT '' NOT NULL,
	"content_tone" text NOT NULL,
	"custom_tone" text DEFAULT '' NOT NULL,
	"must_include_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"may_include_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule_days" jsonb NOT NULL,
	"posts_per_day" integer NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"custom_prompt" text DEFAULT '' NOT NULL,
	"example_hooks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"privacy_level" text,
	"allow_comment" boolean NOT NULL,
	"allow_duet" boolean NOT NULL,
	"allow_stitch" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_slot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"source_item_id" text NOT NULL,
	"source_title" text NOT NULL,
	"concept" text NOT NULL,
	"tone" text NOT NULL,
	"hook_text" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"privacy_level" text NOT NULL,
	"allow_comment" boolean NOT NULL,
	"allow_duet" boolean NOT NULL,
	"allow_stitch" boolean NOT NULL,
	"state" text NOT NULL,
	"error_message" text,
	"video_id" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "automation_slot_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_day" ADD CONSTRAINT "automation_day_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_day" ADD CONSTRAINT "automation_day_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_day" ADD CONSTRAINT "automation_day_run_id_automation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_run" ADD CONSTRAINT "automation_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD CONSTRAINT "automation_slot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD CONSTRAINT "automation_slot_run_id_automation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD CONSTRAINT "automation_slot_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD CONSTRAINT "automation_slot_video_id_created_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."created_video"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_run_user_started_idx" ON "automation_run" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "automation_slot_run_idx" ON "automation_slot" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automation_slot_user_source_idx" ON "automation_slot" USING btree ("user_id","source_item_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_slot_pending_idx" ON "automation_slot" USING btree ("state","updated_at") WHERE "automation_slot"."state" in ('preparing', 'rendering');--> statement-breakpoint
CREATE UNIQUE INDEX "post_automation_slot_idx" ON "post" USING btree ("automation_slot_id");