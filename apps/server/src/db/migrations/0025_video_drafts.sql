CREATE TABLE "video_draft" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_draft" ADD CONSTRAINT "video_draft_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;