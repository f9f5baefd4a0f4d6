CREATE TABLE "created_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"layout" text NOT NULL,
	"text_overlays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_media_id" uuid NOT NULL,
	"demo_media_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"output_media_id" uuid,
	"thumbnail_key" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "created_video" ADD CONSTRAINT "created_video_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "created_video" ADD CONSTRAINT "created_video_source_media_id_media_file_id_fk" FOREIGN KEY ("source_media_id") REFERENCES "public"."media_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "created_video" ADD CONSTRAINT "created_video_demo_media_id_media_file_id_fk" FOREIGN KEY ("demo_media_id") REFERENCES "public"."media_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "created_video" ADD CONSTRAINT "created_video_output_media_id_media_file_id_fk" FOREIGN KEY ("output_media_id") REFERENCES "public"."media_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "created_video_user_created_idx" ON "created_video" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "created_video_state_updated_idx" ON "created_video" USING btree ("state","updated_at");