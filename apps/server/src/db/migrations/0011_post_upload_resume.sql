ALTER TABLE "post" ADD COLUMN "upload_url_enc" text;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "upload_url_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "upload_plan" jsonb;