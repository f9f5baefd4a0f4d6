import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/transactional'

/**
 * Records what hook a post carried (table post_hook), from the rows it was made from, as the post is created — in
 * the caller's transaction, so a post never exists without its hook row. Derived exactly as the backfill at the end
 * of migration 0012_analytics.sql derives it for older posts (post-hook.int.test.ts checks both give the same row):
 * - an automation post: its slot's concept, tone, hook text and source clip (`stock:<slug>` / Library id + title);
 * - any post whose media is a studio video's render (the automation's too): that video's first overlay (text and
 *   overlayStyleKey() = position|fontSize|fontWeight|color) and its source clip (`media:<id>` + original name).
 * - a photo post (issue 29): its slideshow's first slide's first overlay, and the slideshow as its source
 *   (`slideshow:<id>` + title), read as the post is created, when its photos are the slideshow's latest render.
 * A plain upload: its own file is the source video (`media:<id>` + original name); no concept, tone or overlay is
 * known, and the leaderboard skips nulls.
 */
export async function recordPostHook(db: Executor, postId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO "post_hook" ("post_id", "user_id", "account_id", "concept", "tone", "hook_text", "overlay_style",
                             "source_key", "source_label")
    SELECT p."id", p."user_id", p."account_id",
           s."concept", s."tone",
           COALESCE(s."hook_text", o."overlay"->>'text'),
           CASE WHEN o."overlay" IS NULL THEN NULL
                ELSE concat_ws('|', o."overlay"->>'position', o."overlay"->>'fontSize',
                                    o."overlay"->>'fontWeight', o."overlay"->>'color') END,
           COALESCE(s."source_item_id", 'media:' || v."source_media_id", 'slideshow:' || ss."id",
                    'media:' || p."media_id"),
           COALESCE(s."source_title", m."original_name", ss."title", pm."original_name")
    FROM "post" p
    LEFT JOIN "automation_slot" s ON s."id" = p."automation_slot_id"
    LEFT JOIN LATERAL (
      SELECT cv."text_overlays", cv."source_media_id" FROM "created_video" cv
      WHERE cv."user_id" = p."user_id"
        AND (cv."id" = s."video_id" OR (p."media_id" IS NOT NULL AND cv."output_media_id" = p."media_id"))
      ORDER BY cv."created_at" DESC LIMIT 1
    ) v ON true
    LEFT JOIN "media_file" m ON m."id" = v."source_media_id"
    LEFT JOIN "media_file" pm ON pm."id" = p."media_id"
    LEFT JOIN "photo_set" phs ON phs."id" = p."photo_set_id" AND phs."user_id" = p."user_id"
    LEFT JOIN "slideshow" ss ON ss."id" = phs."slideshow_id" AND ss."user_id" = p."user_id"
    CROSS JOIN LATERAL (
      SELECT COALESCE(v."text_overlays"->0, ss."slides"->0->'overlays'->0) AS "overlay"
    ) o
    WHERE p."id" = ${postId}
    ON CONFLICT ("post_id") DO NOTHING`)
}

/**
 * A post's account or video changed before it went out (issue 30 item 5): its hook row is derived again from what it
 * now carries, in the caller's transaction, so the leaderboard counts the post for the account and hook it goes out
 * with.
 */
export async function rerecordPostHook(db: Executor, postId: string): Promise<void> {
  await db.execute(sql`DELETE FROM "post_hook" WHERE "post_id" = ${postId}`)
  await recordPostHook(db, postId)
}
