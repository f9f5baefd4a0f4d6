import { sql } from 'drizzle-orm'
import type { Database } from '../../apps/server/src/db/client'
import { ACCOUNTS_PER_PERSON } from './bench-accounts'

/** As many accounts as each person's plan allows (they chose it through the API, bench-api-server.ts). */
const ACCOUNTS_PER_USER = ACCOUNTS_PER_PERSON
const HEAVY_POSTS = 10_000
const DAY_MS = 86_400_000
/** Posts are spread evenly over this many days around now: half already out, half still to go. */
export const SPREAD_DAYS = 360

/**
 * The API bench's data, written straight in SQL (INSERT … SELECT over generate_series: seconds, not minutes), for
 * people who already signed up through the API: `ACCOUNTS_PER_USER` connected sandbox accounts each, one uploaded
 * video each, and `totalPosts` posts — 10,000 for the first person, the rest shared by the others — spread evenly
 * over `SPREAD_DAYS` days around `now` on every one of a person's accounts. Posts that are past went out (uploaded; 1
 * in 20 failed with TikTok's reason, 1 in 20 unconfirmed); posts to come are scheduled (1 in 25 an automation draft).
 * Nothing falls within an hour of `now`, so no publish is due while the bench runs.
 */
export async function seedApiBench(
  db: Database,
  userIds: string[],
  options: { totalPosts: number; now: Date },
): Promise<{ posts: number }> {
  const { totalPosts, now } = options
  const others = userIds.length - 1
  const heavy = Math.min(HEAVY_POSTS, totalPosts)
  const perOther = others > 0 ? Math.floor((totalPosts - heavy) / others) : 0
  const remainder = others > 0 ? totalPosts - heavy - perOther * others : 0
  const nowIso = now.toISOString()
  const start = new Date(now.getTime() - (SPREAD_DAYS / 2) * DAY_MS).toISOString()
  // Better-auth ids are letters and digits: safe inside an array literal.
  const ids = `{${userIds.join(',')}}`
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE bench_user (id text, n int, posts int) ON COMMIT DROP`)
    await tx.execute(sql`
      INSERT INTO bench_user (id, n, posts)
      SELECT id, n, CASE WHEN n = 1 THEN ${heavy}::int ELSE ${perOther}::int + (CASE WHEN n - 1 <= ${remainder}::int THEN 1 ELSE 0 END) END
      FROM unnest(${ids}::text[]) WITH ORDINALITY AS u(id, n)`)
    await tx.execute(sql`
      INSERT INTO "tiktok_account" ("user_id", "open_id", "sandbox", "account_name", "account_username", "status",
                                    "scopes", "time_zone", "connected_at")
      SELECT u.id, 'bench-open-' || u.n || '-' || a, true, 'Bench creator ' || u.n || '.' || a,
             'bench_' || u.n || '_' || a, 'active', '{user.info.basic,video.publish}', 'Europe/Berlin',
             ${nowIso}::timestamptz
      FROM bench_user u, generate_series(0, ${ACCOUNTS_PER_USER - 1}::int) AS a`)
    await tx.execute(sql`
      CREATE TEMP TABLE bench_account ON COMMIT DROP AS
      SELECT id, user_id, (row_number() OVER (PARTITION BY user_id ORDER BY open_id) - 1)::int AS k
      FROM "tiktok_account" WHERE user_id IN (SELECT id FROM bench_user)`)
    await tx.execute(sql`
      INSERT INTO "media_file" ("user_id", "original_name", "storage_key", "content_type", "size_bytes", "duration_ms",
                                "width", "height", "fps", "video_codec", "audio_codec")
      SELECT id, 'morning-routine.mp4', 'bench/' || id || '.mp4', 'video/mp4', 8400000, 21000, 1080, 1920, 30,
             'h264', 'aac'
      FROM bench_user`)
    await tx.execute(sql`
      CREATE TEMP TABLE bench_post ON COMMIT DROP AS
      SELECT user_id, g, at, at < ${nowIso}::timestamptz AS past
      FROM (
        SELECT u.id AS user_id, g,
               ${start}::timestamptz + make_interval(secs => ${SPREAD_DAYS}::float8 * 86400 * (g - 0.5) / u.posts) AS raw_at
        FROM bench_user u, generate_series(1, u.posts) AS g
      ) s,
      LATERAL (SELECT CASE WHEN raw_at BETWEEN ${nowIso}::timestamptz - interval '1 hour'
                                           AND ${nowIso}::timestamptz + interval '1 hour'
                           THEN raw_at + interval '2 hours' ELSE raw_at END AS at) t`)
    await tx.execute(sql`
      INSERT INTO "post" ("user_id", "account_id", "media_id", "title", "description", "privacy_level",
                          "disable_comment", "disable_duet", "disable_stitch", "scheduled_at", "time_zone", "state",
                          "source", "publish_id", "tiktok_post_id", "error_message", "attempts", "published_at",
                          "created_at", "updated_at")
      SELECT p.user_id, a.id, m.id,
             'Day ' || p.g || ': the three hooks that stopped the scroll this week #fyp #smallbusiness',
             repeat('What I learned filming this one, and what I would change next time. ', 1 + p.g % 4),
             'PUBLIC_TO_EVERYONE', p.g % 7 = 0, p.g % 3 = 0, false, p.at, 'Europe/Berlin', st.state,
             CASE WHEN st.state = 'draft' OR p.g % 4 = 0 THEN 'automation' ELSE 'manual' END,
             CASE WHEN p.past AND st.state <> 'failed' THEN 'v_pub_url~v2.' || p.g END,
             CASE WHEN st.state = 'uploaded' THEN (7300000000000000000 + p.g)::text END,
             CASE WHEN st.state = 'failed' THEN 'TikTok turned the video down: it is shorter than 3 seconds.' END,
             CASE WHEN p.past THEN 1 ELSE 0 END,
             CASE WHEN st.state = 'uploaded' THEN p.at + interval '2 minutes' END,
             p.at - interval '3 days', CASE WHEN p.past THEN p.at + interval '2 minutes' ELSE p.at - interval '3 days' END
      FROM bench_post p
      JOIN bench_account a ON a.user_id = p.user_id AND a.k = p.g % ${ACCOUNTS_PER_USER}::int
      JOIN "media_file" m ON m.user_id = p.user_id,
      LATERAL (SELECT CASE
                 WHEN p.past AND p.g % 20 = 0 THEN 'failed'
                 WHEN p.past AND p.g % 20 = 1 THEN 'unconfirmed'
                 WHEN p.past THEN 'uploaded'
                 WHEN p.g % 25 = 0 THEN 'draft'
                 ELSE 'scheduled' END AS state) st`)
  })
  await db.execute(sql`ANALYZE`)
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM "post"`)) as unknown as { rows: { n: number }[] }
  return { posts: counted.rows[0]!.n }
}
