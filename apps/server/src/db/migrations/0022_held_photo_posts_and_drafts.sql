ALTER TABLE "queue_entry" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD COLUMN "post_mode" text;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD COLUMN "photo_set_id" uuid;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD COLUMN "auto_add_music" boolean;--> statement-breakpoint
ALTER TABLE "queue_entry" ADD CONSTRAINT "queue_entry_photo_set_id_photo_set_id_fk" FOREIGN KEY ("photo_set_id") REFERENCES "public"."photo_set"("id") ON DELETE cascade ON UPDATE no action;