ALTER TABLE "post" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "regenerated_from" jsonb;