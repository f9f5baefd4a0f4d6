CREATE TABLE "saved_hook" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"position" text NOT NULL,
	"color" text NOT NULL,
	"font_size" integer NOT NULL,
	"font_weight" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_hook" ADD CONSTRAINT "saved_hook_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_hook_user_created_idx" ON "saved_hook" USING btree ("user_id","created_at" DESC NULLS LAST);