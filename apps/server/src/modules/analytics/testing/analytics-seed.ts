import { sql } from 'drizzle-orm'
import type { Database } from '../../../db/client'
import {
  accountStatsSnapshot,
  accountStatsSync,
  post,
  postHook,
  postStats,
  postStatsSnapshot,
  tiktokAccount,
} from '../../../db/schema'
import type { StatsSyncStatus } from '@hookpost/shared'

/**
 * Rows the stats sync and the post_hook writer would leave, written directly: analytics tests and the query bench
 * need exact figures at exact instants, not a sandbox's growing counts.
 */

export async function seedAccount(
  db: Database,
  userId: string,
  overrides: { username?: string; status?: StatsSyncStatus; requestedAt?: Date | null; syncedAt?: Date | null } = {},
): Promise<string> {
  const [account] = await db
    .insert(tiktokAccount)
    .values({
      userId,
      openId: `open-${crypto.randomUUID()}`,
      sandbox: true,
      accountName: 'Analytics Test',
      accountUsername: overrides.username ?? 'analytics.test',
      status: 'active',
    })
    .returning({ id: tiktokAccount.id })
  await db.insert(accountStatsSync).values({
    accountId: account!.id,
    userId,
    status: overrides.status ?? 'ok',
    syncedAt: overrides.syncedAt ?? null,
    nextSyncAt: new Date('2030-01-01T00:00:00Z'),
    requestedAt: overrides.requestedAt ?? null,
  })
  return account!.id
}

export type SnapshotSeed = [takenAt: string, views: number, likes?: number, comments?: number, shares?: number]

export interface PostSeed {
  publishedAt: string
  title?: string
  /** A video posted directly unless said otherwise (issue 29: a slideshow, or a draft finished in TikTok). */
  format?: 'video' | 'photo'
  postMode?: 'direct' | 'inbox'
  views?: number
  likes?: number
  comments?: number
  shares?: number
  relativeViews?: number | null
  coverUrl?: string | null
  shareUrl?: string | null
  hook?: Partial<Omit<typeof postHook.$inferInsert, 'postId' | 'userId' | 'accountId'>> | null
  snapshots?: SnapshotSeed[]
}

/** A published post with its latest figures, snapshots and hook. Latest figures default to the last snapshot's. */
export async function seedPost(db: Database, userId: string, accountId: string, seed: PostSeed): Promise<string> {
  const published = new Date(seed.publishedAt)
  const last = seed.snapshots?.at(-1)
  const [row] = await db
    .insert(post)
    .values({
      userId,
      accountId,
      title: seed.title ?? 'A post',
      format: seed.format ?? 'video',
      postMode: seed.postMode ?? 'direct',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      disableComment: false,
      disableDuet: false,
      disableStitch: false,
      scheduledAt: published,
      timeZone: 'UTC',
      state: 'uploaded',
      tiktokPostId: String(7_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e12))),
      publishedAt: published,
    })
    .returning({ id: post.id })
  const postId = row!.id
  await db.insert(postStats).values({
    postId,
    userId,
    accountId,
    tiktokVideoId: `v-${postId}`,
    publishedAt: published,
    views: seed.views ?? last?.[1] ?? 0,
    likes: seed.likes ?? last?.[2] ?? 0,
    comments: seed.comments ?? last?.[3] ?? 0,
    shares: seed.shares ?? last?.[4] ?? 0,
    coverUrl: seed.coverUrl ?? null,
    shareUrl: seed.shareUrl ?? `https://www.tiktok.com/@analytics.test/video/${postId}`,
    nextSyncAt: new Date('2030-01-01T00:00:00Z'),
    relativeViews: seed.relativeViews ?? null,
  })
  if (seed.snapshots && seed.snapshots.length > 0) {
    await db.insert(postStatsSnapshot).values(
      seed.snapshots.map(([takenAt, views, likes = 0, comments = 0, shares = 0]) => ({
        postId,
        userId,
        accountId,
        takenAt: new Date(takenAt),
        views,
        likes,
        comments,
        shares,
      })),
    )
  }
  if (seed.hook !== null) await db.insert(postHook).values({ postId, userId, accountId, ...(seed.hook ?? {}) })
  return postId
}

/** More readings of a post, in one statement (as one sync batch). */
export async function seedSnapshots(
  db: Database,
  userId: string,
  accountId: string,
  postId: string,
  snapshots: SnapshotSeed[],
): Promise<void> {
  await db.insert(postStatsSnapshot).values(
    snapshots.map(([takenAt, views, likes = 0, comments = 0, shares = 0]) => ({
      postId,
      userId,
      accountId,
      takenAt: new Date(takenAt),
      views,
      likes,
      comments,
      shares,
    })),
  )
}

export async function seedFollowers(
  db: Database,
  userId: string,
  accountId: string,
  readings: [takenAt: string, followers: number | null][],
): Promise<void> {
  await db
    .insert(accountStatsSnapshot)
    .values(readings.map(([takenAt, followers]) => ({ accountId, userId, takenAt: new Date(takenAt), followers })))
}

export const BULK_CONCEPTS = [
  'curiosity_gap',
  'social_proof',
  'scarcity',
  'urgency',
  'controversy',
  'surprise',
  'question',
  'story',
] as const
export const BULK_TONES = ['informative', 'humorous', 'inspirational', 'provocative', 'casual'] as const
/** Hours after publishing of each post's 30 snapshots: hourly-ish for 2 days, daily to a month, weekly after. */
export const BULK_SNAPSHOT_HOURS = [
  1, 2, 3, 4, 6, 8, 12, 18, 24, 36, 48, 72, 96, 120, 144, 168, 216, 264, 312, 360, 408, 456, 504, 576, 648, 720, 888,
  1056, 1224, 1392,
]

/**
 * One account with `posts` published posts spread evenly over the `days` days before `now` (with stats, 30
 * snapshots each that grow with age, a relative-views score and a hook across 8 concepts × 5 tones, 4 overlay
 * styles, 200 hook texts and 12 source clips), and a follower reading a day. Written by INSERT … SELECT over
 * generate_series: 300,000 snapshots in seconds rather than minutes.
 */
export async function seedBulkAccount(
  db: Database,
  userId: string,
  accountId: string,
  options: { posts: number; days: number; now: Date },
): Promise<void> {
  const { posts, days, now } = options
  const nowIso = now.toISOString()
  const concepts = `{${BULK_CONCEPTS.join(',')}}`
  const tones = `{${BULK_TONES.join(',')}}`
  const hours = `{${BULK_SNAPSHOT_HOURS.join(',')}}`
  // One transaction: the temporary table lives on one connection.
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      CREATE TEMP TABLE bulk_post (id uuid, n int, published_at timestamptz) ON COMMIT DROP`)
    await tx.execute(sql`
      INSERT INTO bulk_post (id, n, published_at)
      SELECT gen_random_uuid(), n,
             ${nowIso}::timestamptz - make_interval(secs => (${days}::float8 * 86400) * (${posts} - n) / ${posts})
      FROM generate_series(1, ${posts}) AS n`)
    await tx.execute(sql`
      INSERT INTO "post" ("id", "user_id", "account_id", "title", "privacy_level", "disable_comment", "disable_duet",
                          "disable_stitch", "scheduled_at", "time_zone", "state", "tiktok_post_id", "published_at")
      SELECT id, ${userId}, ${accountId}, 'Post number ' || n, 'PUBLIC_TO_EVERYONE', false, false, false,
             published_at, 'UTC', 'uploaded', (7000000000000000000 + n)::text, published_at
      FROM bulk_post`)
    // Views at age h: a per-post reach (hash of n) times a curve that saturates over the first weeks; read at the
    // top of the hour, as the sync reads an account's due posts together.
    await tx.execute(sql`
      INSERT INTO "post_stats_snapshot" ("post_id", "taken_at", "user_id", "account_id", "views", "likes", "comments",
                                         "shares")
      SELECT b.id, t, ${userId}, ${accountId}, v, v / 12, v / 90, v / 150
      FROM bulk_post b
      CROSS JOIN LATERAL unnest(${hours}::int[]) AS h
      CROSS JOIN LATERAL (SELECT (((b.n * 7919) % 997 + 20) * 40 * (1 - exp(-h / 96.0)))::bigint AS v,
                                 date_bin('1 hour', b.published_at + make_interval(hours => h),
                                          TIMESTAMPTZ '2000-01-01 00:00:00+00') AS t) f
      WHERE t <= ${nowIso}::timestamptz`)
    await tx.execute(sql`
      INSERT INTO "post_stats" ("post_id", "user_id", "account_id", "tiktok_video_id", "published_at", "views", "likes",
                                "comments", "shares", "cover_url", "share_url", "synced_at", "next_sync_at",
                                "relative_views")
      SELECT b.id, ${userId}, ${accountId}, 'v' || b.n, b.published_at, coalesce(l.views, 0), coalesce(l.likes, 0),
             coalesce(l.comments, 0), coalesce(l.shares, 0), NULL, 'https://www.tiktok.com/@bench/video/' || b.n,
             ${nowIso}::timestamptz, ${nowIso}::timestamptz + interval '1 hour',
             CASE WHEN l.views IS NULL THEN NULL ELSE ((b.n * 7919) % 997 + 20) / 400.0 END
      FROM bulk_post b
      LEFT JOIN LATERAL (SELECT s.views, s.likes, s.comments, s.shares FROM "post_stats_snapshot" s
                         WHERE s.post_id = b.id ORDER BY s.taken_at DESC LIMIT 1) l ON true`)
    await tx.execute(sql`
      INSERT INTO "post_hook" ("post_id", "user_id", "account_id", "concept", "tone", "hook_text", "overlay_style",
                               "source_key", "source_label")
      SELECT id, ${userId}, ${accountId},
             (${concepts}::text[])[1 + n % 8], (${tones}::text[])[1 + (n / 8) % 5],
             'Hook text number ' || (n % 200),
             (ARRAY['top|48|bold|#ffffff', 'center|32|bold|#ffcc00', 'bottom|24|normal|#ffffff',
                    'center|32|bold|#ff2d92'])[1 + n % 4],
             'stock:clip-' || (n % 12), 'Clip ' || (n % 12)
      FROM bulk_post`)
    await tx.execute(sql`
      INSERT INTO "account_stats_snapshot" ("account_id", "taken_at", "user_id", "followers", "following", "likes",
                                            "videos")
      SELECT ${accountId}, ${nowIso}::timestamptz - make_interval(days => d), ${userId}, 100000 - d * 50, 10, NULL, NULL
      FROM generate_series(0, ${days}) AS d`)
  })
  // What autovacuum would do after such a load: the planner needs the tables' statistics.
  await db.execute(
    sql`ANALYZE "post", "post_stats", "post_stats_snapshot", "post_stats_gain", "post_hook", "account_stats_snapshot"`,
  )
}
