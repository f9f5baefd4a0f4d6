ALTER TABLE "automation_slot" ALTER COLUMN "privacy_level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "format" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "slideshow_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "slides_per_post" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "send_as_drafts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "format" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "post_mode" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "slides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD COLUMN "slideshow_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_slot" ADD CONSTRAINT "automation_slot_slideshow_id_slideshow_id_fk" FOREIGN KEY ("slideshow_id") REFERENCES "public"."slideshow"("id") ON DELETE set null ON UPDATE no action;