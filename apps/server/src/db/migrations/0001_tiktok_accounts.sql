CREATE TABLE "tiktok_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"open_id" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"account_name" text NOT NULL,
	"account_username" text NOT NULL,
	"avatar_url" text,
	"status" text DEFAULT 'not_connected' NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"target_audience" text DEFAULT '' NOT NULL,
	"niche" text DEFAULT '' NOT NULL,
	"app_goals" text DEFAULT '' NOT NULL,
	"time_zone" text,
	"connected_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiktok_oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tiktok_account" ADD CONSTRAINT "tiktok_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_oauth_state" ADD CONSTRAINT "tiktok_oauth_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_oauth_state" ADD CONSTRAINT "tiktok_oauth_state_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_oauth_state" ADD CONSTRAINT "tiktok_oauth_state_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tiktok_account_user_open_id_idx" ON "tiktok_account" USING btree ("user_id","open_id");--> statement-breakpoint
CREATE INDEX "tiktok_account_user_created_idx" ON "tiktok_account" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tiktok_account_refresh_due_idx" ON "tiktok_account" USING btree ("status","access_token_expires_at");--> statement-breakpoint
CREATE INDEX "tiktok_oauth_state_expires_idx" ON "tiktok_oauth_state" USING btree ("expires_at");