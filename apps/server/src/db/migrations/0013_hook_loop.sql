ALTER TABLE "automation_settings" ADD COLUMN "posting_times" text DEFAULT 'random' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "hook_reason" text;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "time_reason" text;