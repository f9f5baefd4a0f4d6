ALTER TABLE "slideshow" ADD COLUMN "render_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slideshow" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slideshow" ADD COLUMN "export_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "slideshow_user_claimed_idx" ON "slideshow" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE INDEX "slideshow_user_export_claimed_idx" ON "slideshow" USING btree ("user_id","export_claimed_at");