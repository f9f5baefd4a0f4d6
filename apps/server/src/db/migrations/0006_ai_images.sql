CREATE TABLE "ai_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"origin" text NOT NULL,
	"prompt" text NOT NULL,
	"style" text NOT NULL,
	"provider" text NOT NULL,
	"fallback" boolean NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_image" ADD CONSTRAINT "ai_image_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_image_user_saved_idx" ON "ai_image" USING btree ("user_id","saved_at" DESC NULLS LAST);