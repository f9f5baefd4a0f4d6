CREATE TABLE "account_stats_snapshot" (
	"account_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"followers" bigint,
	"following" bigint,
	"likes" bigint,
	"videos" bigint,
	CONSTRAINT "account_stats_snapshot_account_id_taken_at_pk" PRIMARY KEY("account_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "account_stats_sync" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_hook" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"concept" text,
	"tone" text,
	"hook_text" text,
	"overlay_style" text,
	"source_key" text,
	"source_label" text
);
--> statement-breakpoint
CREATE TABLE "post_stats" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"tiktok_video_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"cover_url" text,
	"share_url" text,
	"state" text DEFAULT 'live' NOT NULL,
	"synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone NOT NULL,
	"relative_views" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_stats_snapshot" (
	"post_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"comments" bigint NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "post_stats_snapshot_post_id_taken_at_pk" PRIMARY KEY("post_id","taken_at")
);
--> statement-breakpoint
ALTER TABLE "account_stats_snapshot" ADD CONSTRAINT "account_stats_snapshot_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_stats_snapshot" ADD CONSTRAINT "account_stats_snapshot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_stats_sync" ADD CONSTRAINT "account_stats_sync_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_stats_sync" ADD CONSTRAINT "account_stats_sync_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_hook" ADD CONSTRAINT "post_hook_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_hook" ADD CONSTRAINT "post_hook_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_hook" ADD CONSTRAINT "post_hook_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats_snapshot" ADD CONSTRAINT "post_stats_snapshot_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats_snapshot" ADD CONSTRAINT "post_stats_snapshot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats_snapshot" ADD CONSTRAINT "post_stats_snapshot_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_stats_sync_due_idx" ON "account_stats_sync" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "post_hook_account_idx" ON "post_hook" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "post_stats_account_published_idx" ON "post_stats" USING btree ("account_id","published_at");--> statement-breakpoint
CREATE INDEX "post_stats_due_idx" ON "post_stats" USING btree ("next_sync_at") WHERE "post_stats"."state" = 'live';--> statement-breakpoint
CREATE INDEX "post_stats_user_idx" ON "post_stats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_stats_snapshot_account_taken_idx" ON "post_stats_snapshot" USING btree ("account_id","taken_at");--> statement-breakpoint
-- hand-written: what hook each existing post carried (issue 19). Automation posts from their slot (concept, tone,
-- hook text, source clip) and the video rendered for it; manual posts from the studio video they are the render of.
INSERT INTO "post_hook" ("post_id", "user_id", "account_id", "concept", "tone", "hook_text", "overlay_style", "source_key", "source_label")
SELECT p."id", p."user_id", p."account_id",
       s."concept", s."tone",
       COALESCE(s."hook_text", v."text_overlays"->0->>'text'),
       CASE WHEN v."text_overlays"->0 IS NULL THEN NULL
            ELSE concat_ws('|', v."text_overlays"->0->>'position', v."text_overlays"->0->>'fontSize',
                                v."text_overlays"->0->>'fontWeight', v."text_overlays"->0->>'color') END,
       COALESCE(s."source_item_id", 'media:' || v."source_media_id", 'media:' || p."media_id"),
       COALESCE(s."source_title", m."original_name", pm."original_name")
FROM "post" p
LEFT JOIN "automation_slot" s ON s."id" = p."automation_slot_id"
LEFT JOIN LATERAL (
  SELECT cv."text_overlays", cv."source_media_id" FROM "created_video" cv
  WHERE cv."user_id" = p."user_id" AND (cv."id" = s."video_id" OR (p."media_id" IS NOT NULL AND cv."output_media_id" = p."media_id"))
  ORDER BY cv."created_at" DESC LIMIT 1
) v ON true
LEFT JOIN "media_file" m ON m."id" = v."source_media_id"
LEFT JOIN "media_file" pm ON pm."id" = p."media_id"
ON CONFLICT ("post_id") DO NOTHING;
--> statement-breakpoint
-- hand-written: posts already public on TikTok get their stats fetched at the next sync; connected accounts too.
INSERT INTO "post_stats" ("post_id", "user_id", "account_id", "tiktok_video_id", "published_at", "next_sync_at")
SELECT "id", "user_id", "account_id", "tiktok_post_id", COALESCE("published_at", "updated_at"), now()
FROM "post" WHERE "tiktok_post_id" IS NOT NULL
ON CONFLICT ("post_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "account_stats_sync" ("account_id", "user_id", "status", "next_sync_at")
SELECT "id", "user_id", CASE WHEN "status" = 'active' THEN 'pending' WHEN "status" = 'reconnect_required' THEN 'reconnect_required' ELSE 'not_connected' END, now()
FROM "tiktok_account"
ON CONFLICT ("account_id") DO NOTHING;
