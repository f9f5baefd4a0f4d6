import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/transactional'
import { accountStatsSnapshot, postStats, postStatsSnapshot } from '../../db/schema'
import { BULK_ROWS, rowsOf, values } from './bulk-statements'
import { REFERENCE_AGE_MS, type PostReadings, type Reading } from './normalise'

/** One post's figures as TikTok gave them at one reading. */
export interface PostReading {
  postId: string
  views: number
  likes: number
  comments: number
  shares: number
  coverUrl: string | null
  shareUrl: string | null
  publishedAt: Date
  /** When TikTok answered. */
  takenAt: Date
  nextSyncAt: Date
}

/** The sync's writes of what TikTok answered: post and account readings, and the scores computed from them. */
export function readingQueries(db: Executor) {
  return {
    /** Stores one reading of some posts: their latest figures and a snapshot each. */
    async saveReadings(account: { accountId: string; userId: string }, readings: PostReading[]): Promise<void> {
      if (readings.length === 0) return
      const rows = readings.map((r) => [
        sql`${r.postId}::uuid`,
        sql`${r.views}::bigint`,
        sql`${r.likes}::bigint`,
        sql`${r.comments}::bigint`,
        sql`${r.shares}::bigint`,
        sql`${r.coverUrl}::text`,
        sql`${r.shareUrl}::text`,
        sql`${r.publishedAt.toISOString()}::timestamptz`,
        sql`${r.nextSyncAt.toISOString()}::timestamptz`,
        sql`${r.takenAt.toISOString()}::timestamptz`,
      ])
      await db.execute(sql`
        update ${postStats} as s set
          views = v.views, likes = v.likes, comments = v.comments, shares = v.shares,
          cover_url = coalesce(v.cover_url, s.cover_url), share_url = coalesce(v.share_url, s.share_url),
          published_at = v.published_at, synced_at = v.taken_at,
          next_sync_at = v.next_sync_at
        from (values ${values(rows)}) as v(post_id, views, likes, comments, shares, cover_url, share_url, published_at, next_sync_at, taken_at)
        where s.post_id = v.post_id and s.account_id = ${account.accountId}::uuid`)
      await db
        .insert(postStatsSnapshot)
        .values(
          readings.map((r) => ({
            postId: r.postId,
            takenAt: r.takenAt,
            userId: account.userId,
            accountId: account.accountId,
            views: r.views,
            likes: r.likes,
            comments: r.comments,
            shares: r.shares,
          })),
        )
        .onConflictDoNothing()
    },

    /** Posts TikTok no longer returns: kept with their history, never asked for again. */
    async markGone(accountId: string, postIds: string[], at: Date): Promise<void> {
      if (postIds.length === 0) return
      await db
        .update(postStats)
        .set({ state: 'gone', syncedAt: at })
        .where(and(eq(postStats.accountId, accountId), inArray(postStats.postId, postIds)))
    },

    async saveAccountReading(
      account: { accountId: string; userId: string },
      counts: { followers: number | null; following: number | null; likes: number | null; videos: number | null },
      takenAt: Date,
    ): Promise<void> {
      await db
        .insert(accountStatsSnapshot)
        .values({ accountId: account.accountId, userId: account.userId, takenAt, ...counts })
        .onConflictDoNothing()
    },

    /**
     * Every post's readings of the account as (age, views), as far as normalise.ts needs them: those up to the
     * reference age, and the first one after it (which shows that the series reaches it and bounds the interpolation).
     */
    async readingsForNormalising(accountId: string): Promise<PostReadings[]> {
      const reference = sql`${postStats.publishedAt} + make_interval(secs => ${REFERENCE_AGE_MS / 1000})`
      const ageMs = sql<number>`(extract(epoch from (${postStatsSnapshot.takenAt} - ${postStats.publishedAt})) * 1000)::float8`
      // Every post (those without readings too), with its readings up to the reference age…
      const early = await db
        .select({ postId: postStats.postId, ageMs: ageMs.mapWith(Number), views: postStatsSnapshot.views })
        .from(postStats)
        .leftJoin(
          postStatsSnapshot,
          and(eq(postStatsSnapshot.postId, postStats.postId), lte(postStatsSnapshot.takenAt, reference)),
        )
        .where(eq(postStats.accountId, accountId))
      // …and its first reading after it (one index probe per post).
      const after = rowsOf<{ post_id: string; age_ms: number; views: number }>(
        await db.execute(sql`
          select s.post_id, (extract(epoch from (f.taken_at - s.published_at)) * 1000)::float8 as age_ms,
                 f.views::float8 as views
          from ${postStats} s
          cross join lateral (
            select n.taken_at, n.views from ${postStatsSnapshot} n
            where n.post_id = s.post_id and n.taken_at > s.published_at + make_interval(secs => ${REFERENCE_AGE_MS / 1000})
            order by n.taken_at limit 1
          ) f
          where s.account_id = ${accountId}::uuid`),
      )
      const byPost = new Map<string, Reading[]>()
      for (const row of early) {
        const readings = byPost.get(row.postId) ?? []
        byPost.set(row.postId, readings)
        if (row.views !== null && row.ageMs !== null) readings.push({ ageMs: row.ageMs, views: row.views })
      }
      for (const row of after) byPost.get(row.post_id)?.push({ ageMs: Number(row.age_ms), views: Number(row.views) })
      return [...byPost].map(([postId, readings]) => ({ postId, readings }))
    },

    /** Stores the scores of the account's posts (null = not comparable). */
    async saveRelativeViews(accountId: string, scores: Map<string, number | null>): Promise<void> {
      const entries = [...scores]
      for (let i = 0; i < entries.length; i += BULK_ROWS) {
        const rows = entries
          .slice(i, i + BULK_ROWS)
          .map(([postId, score]) => [sql`${postId}::uuid`, sql`${score}::real`])
        await db.execute(sql`
          update ${postStats} as s set relative_views = v.score
          from (values ${values(rows)}) as v(post_id, score)
          where s.post_id = v.post_id and s.account_id = ${accountId}::uuid
            and s.relative_views is distinct from v.score`)
      }
    },
  }
}
