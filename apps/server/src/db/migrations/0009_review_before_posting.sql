ALTER TABLE "automation_settings" ADD COLUMN "review_before_posting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "needs_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- Issue 18 / ADR 018: planned automation posts used to carry the AI's filming brief (written from the private Account
-- Description) as their public caption. Those not gone out yet get their hook as the caption text instead.
UPDATE "automation_slot" SET "description" = "hook_text" WHERE "state" IN ('preparing', 'rendering', 'scheduled');--> statement-breakpoint
UPDATE "post" SET "description" = "automation_slot"."hook_text" FROM "automation_slot" WHERE "post"."automation_slot_id" = "automation_slot"."id" AND "post"."state" = 'scheduled';
