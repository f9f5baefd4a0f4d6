ALTER TABLE "media_file" ADD COLUMN "stock_clip_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "media_file_user_stock_clip_idx" ON "media_file" USING btree ("user_id","stock_clip_id");