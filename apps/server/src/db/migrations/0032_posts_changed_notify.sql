-- Custom SQL migration file, put your code below! --
-- hand-written
-- The calendar's answers are cached per person in every API process (ADR 053). Whatever writes a row a calendar
-- answer is made of — a post (any state change, edit, insert, delete, cascades of an account or a person deleted), its
-- account's names, its figures, its video or photo set — every API process hears the person's id on channel
-- hookpost_posts, after commit, and drops that person's cached answers. A trigger, not application code, so no write
-- path can forget; every table the calendar's query reads, on insert, update and delete alike (a test compares the
-- query's tables with these triggers). Statement-level: a batch of 50 posts sends one NOTIFY per person (and NOTIFY
-- folds repeats of the same payload within one transaction).
CREATE FUNCTION "hookpost_posts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookpost_posts', changed_users.user_id::text)
  FROM (SELECT DISTINCT "user_id" FROM changed_rows) AS changed_users;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_inserted_notify" AFTER INSERT ON "post"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "post_updated_notify" AFTER UPDATE ON "post"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "post_deleted_notify" AFTER DELETE ON "post"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "tiktok_account_inserted_notify" AFTER INSERT ON "tiktok_account"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "tiktok_account_updated_notify" AFTER UPDATE ON "tiktok_account"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "tiktok_account_deleted_notify" AFTER DELETE ON "tiktok_account"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_file_inserted_notify" AFTER INSERT ON "media_file"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_file_updated_notify" AFTER UPDATE ON "media_file"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_file_deleted_notify" AFTER DELETE ON "media_file"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "photo_set_inserted_notify" AFTER INSERT ON "photo_set"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "photo_set_updated_notify" AFTER UPDATE ON "photo_set"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "photo_set_deleted_notify" AFTER DELETE ON "photo_set"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "post_stats_inserted_notify" AFTER INSERT ON "post_stats"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "post_stats_updated_notify" AFTER UPDATE ON "post_stats"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
--> statement-breakpoint
CREATE TRIGGER "post_stats_deleted_notify" AFTER DELETE ON "post_stats"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_posts_changed"();
