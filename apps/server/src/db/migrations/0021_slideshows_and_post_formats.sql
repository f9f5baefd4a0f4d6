CREATE TABLE "photo_set" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"slideshow_id" uuid,
	"images" jsonb NOT NULL,
	"cover_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slideshow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"slides" jsonb NOT NULL,
	"cover_index" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"photo_set_id" uuid,
	"export_state" text DEFAULT 'none' NOT NULL,
	"export_seconds_per_slide" real DEFAULT 3 NOT NULL,
	"export_error_message" text,
	"export_media_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "format" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "post_mode" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "photo_set_id" uuid;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "auto_add_music" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_set" ADD CONSTRAINT "photo_set_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow" ADD CONSTRAINT "slideshow_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow" ADD CONSTRAINT "slideshow_photo_set_id_photo_set_id_fk" FOREIGN KEY ("photo_set_id") REFERENCES "public"."photo_set"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow" ADD CONSTRAINT "slideshow_export_media_id_media_file_id_fk" FOREIGN KEY ("export_media_id") REFERENCES "public"."media_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_set_user_idx" ON "photo_set" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photo_set_slideshow_idx" ON "photo_set" USING btree ("slideshow_id");--> statement-breakpoint
CREATE INDEX "slideshow_user_created_idx" ON "slideshow" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "slideshow_state_updated_idx" ON "slideshow" USING btree ("state","updated_at");--> statement-breakpoint
ALTER TABLE "post" ADD CONSTRAINT "post_photo_set_id_photo_set_id_fk" FOREIGN KEY ("photo_set_id") REFERENCES "public"."photo_set"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_account_mode_scheduled_idx" ON "post" USING btree ("account_id","post_mode","scheduled_at");