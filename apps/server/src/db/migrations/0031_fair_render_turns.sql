ALTER TABLE "created_video" ADD COLUMN "render_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "created_video" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "created_video_user_claimed_idx" ON "created_video" USING btree ("user_id","claimed_at");