import { sql } from 'drizzle-orm'
import type { AccountComparison } from '@hookpost/shared'
import type { Executor } from '../../db/transactional'

/** One account's row of the all-accounts comparison, as the database sums it (the contract's, with a Date). */
export type AccountComparisonRow = Omit<AccountComparison, 'syncedAt'> & { syncedAt: Date | null }

type Num = number | string | null
const num = (value: Num): number => (value === null ? 0 : Number(value))

/**
 * Every account of the user with what it did in [start, end), in ONE statement (issue 30 item 10: not one overview
 * request per account): its latest follower count, what all its posts gained (post_stats_gain, as the overview's
 * growth), how many posts it published (post_stats) and when it was last synced. Each lateral subquery runs per
 * account on its own index — account_stats_snapshot (account_id, taken_at), post_stats_gain (account_id, bucket_at),
 * post_stats (account_id, published_at) — and every table is matched on the user id as well as the account, so no
 * figure of another person's can be summed in. Accounts come in the order they were added, as the accounts list.
 */
export async function accountComparisons(
  db: Executor,
  userId: string,
  start: Date,
  end: Date,
): Promise<AccountComparisonRow[]> {
  const from = start.toISOString()
  const to = end.toISOString()
  const result = (await db.execute(sql`
    SELECT a."id" AS account_id, a."account_name", a."account_username", a."sandbox",
           f.followers, g.views, g.likes, g.comments, g.shares, p.posts,
           (extract(epoch from s."synced_at") * 1000)::float8 AS synced_ms
    FROM "tiktok_account" a
    LEFT JOIN "account_stats_sync" s ON s."account_id" = a."id" AND s."user_id" = a."user_id"
    LEFT JOIN LATERAL (
      SELECT x."followers"::float8 AS followers FROM "account_stats_snapshot" x
      WHERE x."account_id" = a."id" AND x."user_id" = a."user_id" AND x."followers" IS NOT NULL
      ORDER BY x."taken_at" DESC LIMIT 1) f ON true
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(gn."views"), 0)::float8 AS views, coalesce(sum(gn."likes"), 0)::float8 AS likes,
             coalesce(sum(gn."comments"), 0)::float8 AS comments, coalesce(sum(gn."shares"), 0)::float8 AS shares
      FROM "post_stats_gain" gn
      WHERE gn."account_id" = a."id" AND gn."user_id" = a."user_id"
        AND gn."bucket_at" >= ${from}::timestamptz AND gn."bucket_at" < ${to}::timestamptz) g
    CROSS JOIN LATERAL (
      SELECT count(*)::float8 AS posts FROM "post_stats" ps
      WHERE ps."account_id" = a."id" AND ps."user_id" = a."user_id"
        AND ps."published_at" >= ${from}::timestamptz AND ps."published_at" < ${to}::timestamptz) p
    WHERE a."user_id" = ${userId}
    ORDER BY a."created_at", a."id"`)) as unknown as {
    rows: {
      account_id: string
      account_name: string
      account_username: string
      sandbox: boolean
      followers: Num
      views: Num
      likes: Num
      comments: Num
      shares: Num
      posts: Num
      synced_ms: Num
    }[]
  }
  return result.rows.map((r) => ({
    accountId: r.account_id,
    accountName: r.account_name,
    accountUsername: r.account_username,
    sandbox: r.sandbox,
    followers: r.followers === null ? null : Number(r.followers),
    views: num(r.views),
    likes: num(r.likes),
    comments: num(r.comments),
    shares: num(r.shares),
    posts: num(r.posts),
    syncedAt: r.synced_ms === null ? null : new Date(Number(r.synced_ms)),
  }))
}
