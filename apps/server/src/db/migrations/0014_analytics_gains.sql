CREATE TABLE "post_stats_gain" (
	"account_id" uuid NOT NULL,
	"bucket_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "post_stats_gain_account_id_bucket_at_pk" PRIMARY KEY("account_id","bucket_at")
);
--> statement-breakpoint
ALTER TABLE "post_stats_gain" ADD CONSTRAINT "post_stats_gain_account_id_tiktok_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."tiktok_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_stats_gain" ADD CONSTRAINT "post_stats_gain_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written (issue 19): post_stats_gain is kept by the database itself, whoever inserts snapshots (the stats sync,
-- a backfill, tests). Statement-level, so a sync's batch of snapshots is one grouped upsert. A snapshot's gain is its
-- figures minus the previous snapshot of its post (zero before the first: the post was new); snapshots arrive in
-- time order per post (the sync appends readings), which is what makes the previous one the right base.
CREATE FUNCTION "post_stats_gain_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_stats_gain" ("account_id", "bucket_at", "user_id", "views", "likes", "comments", "shares")
  SELECT d."account_id", d."bucket_at", min(d."user_id"),
         sum(d."views" - coalesce(d."prev_views", base."views", 0)),
         sum(d."likes" - coalesce(d."prev_likes", base."likes", 0)),
         sum(d."comments" - coalesce(d."prev_comments", base."comments", 0)),
         sum(d."shares" - coalesce(d."prev_shares", base."shares", 0))
  FROM (
    SELECT n."post_id", n."taken_at", n."account_id", n."user_id", n."views", n."likes", n."comments", n."shares",
           date_bin('15 minutes', n."taken_at", TIMESTAMPTZ '2000-01-01 00:00:00+00') AS "bucket_at",
           lag(n."views") OVER w AS "prev_views", lag(n."likes") OVER w AS "prev_likes",
           lag(n."comments") OVER w AS "prev_comments", lag(n."shares") OVER w AS "prev_shares",
           row_number() OVER w AS "nth"
    FROM "new_snapshots" n
    WINDOW w AS (PARTITION BY n."post_id" ORDER BY n."taken_at")
  ) d
  LEFT JOIN LATERAL (
    SELECT s."views", s."likes", s."comments", s."shares" FROM "post_stats_snapshot" s
    WHERE d."nth" = 1 AND s."post_id" = d."post_id" AND s."taken_at" < d."taken_at"
    ORDER BY s."taken_at" DESC LIMIT 1
  ) base ON true
  GROUP BY d."account_id", d."bucket_at"
  ON CONFLICT ("account_id", "bucket_at") DO UPDATE SET
    "views" = "post_stats_gain"."views" + excluded."views",
    "likes" = "post_stats_gain"."likes" + excluded."likes",
    "comments" = "post_stats_gain"."comments" + excluded."comments",
    "shares" = "post_stats_gain"."shares" + excluded."shares";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_stats_gain_on_snapshot" AFTER INSERT ON "post_stats_snapshot"
REFERENCING NEW TABLE AS "new_snapshots" FOR EACH STATEMENT EXECUTE FUNCTION "post_stats_gain_add"();
--> statement-breakpoint
-- hand-written: the gains of the snapshots taken before this migration.
INSERT INTO "post_stats_gain" ("account_id", "bucket_at", "user_id", "views", "likes", "comments", "shares")
SELECT "account_id", "bucket_at", min("user_id"), sum("views"), sum("likes"), sum("comments"), sum("shares")
FROM (
  SELECT s."account_id", s."user_id",
         date_bin('15 minutes', s."taken_at", TIMESTAMPTZ '2000-01-01 00:00:00+00') AS "bucket_at",
         s."views" - coalesce(lag(s."views") OVER w, 0) AS "views",
         s."likes" - coalesce(lag(s."likes") OVER w, 0) AS "likes",
         s."comments" - coalesce(lag(s."comments") OVER w, 0) AS "comments",
         s."shares" - coalesce(lag(s."shares") OVER w, 0) AS "shares"
  FROM "post_stats_snapshot" s
  WINDOW w AS (PARTITION BY s."post_id" ORDER BY s."taken_at")
) d
GROUP BY "account_id", "bucket_at";
