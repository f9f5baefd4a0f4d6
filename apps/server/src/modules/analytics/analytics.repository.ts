import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AccountSyncState } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { tiktokAccount } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { syncStateOf } from '../stats-sync'
import { accountComparisons } from './accounts-overview.repository'

/**
 * The Analytics tab's reads. Every statement is scoped by user id and account id, and each endpoint is a handful of
 * index-backed statements (post_stats by (account_id, published_at), gains by (account_id, bucket_at), snapshots by
 * (post_id, taken_at)), so an account with 10,000 posts answers well within 100 ms on PostgreSQL
 * (`npm run bench:analytics`). Figures come back as float8 and instants as epoch milliseconds: the same JavaScript
 * numbers from PGlite and node-postgres (which would return bigint sums as strings).
 */

/** Figures of one post or a sum of them. */
export interface Figures {
  views: number
  likes: number
  comments: number
  shares: number
}

export interface TotalsRow extends Figures {
  posts: number
}

/** What a post's hook columns hold (post_hook), or null when it has no row. */
export interface HookColumns {
  concept: string | null
  tone: string | null
  hookText: string | null
  overlayStyle: string | null
  sourceKey: string | null
  sourceLabel: string | null
}

export interface PostFiguresRow extends Figures {
  postId: string
  title: string
  coverUrl: string | null
  shareUrl: string | null
  publishedAt: Date
  relativeViews: number | null
  hook: HookColumns | null
}

export interface CurveRow {
  postId: string
  hours: number
  views: number
}

/** The hook's columns (post_hook), and the post's format and mode (`format`, issue 29) compared the same way. */
export const HOOK_COLUMNS = ['concept', 'tone', 'overlay_style', 'hook_text', 'source_key', 'format'] as const
export type HookColumn = (typeof HOOK_COLUMNS)[number]

export interface LeaderboardGroupRow {
  column: HookColumn
  key: string
  /** source_label for the source column (any of the group's; they name the same clip). */
  sourceLabel: string | null
  posts: number
  medianViews: number
  relativeViews: number
}

export type TopPostsOrder = 'views' | 'engagement'

/**
 * A relative-views score of 0 (a post with no views) would make the geometric mean 0 whatever the other posts did;
 * scores are floored at this before the logarithm.
 */
export const RELATIVE_VIEWS_FLOOR = 0.001

/** Rows per page of the CSV export: the first page small (it decides when the first byte leaves), the rest larger. */
export interface CsvPageSizes {
  first: number
  next: number
}
export const CSV_PAGE_SIZES: CsvPageSizes = { first: 200, next: 2_000 }

/** A Postgres array literal of instants, sent as one parameter. */
function instants(list: readonly Date[]): string {
  return `{${list.map((d) => d.toISOString()).join(',')}}`
}

type Num = number | string | null

const num = (value: Num): number => (value === null ? 0 : Number(value))
const numOrNull = (value: Num): number | null => (value === null ? null : Number(value))

interface PostRowRaw {
  post_id: string
  title: string
  cover_url: string | null
  share_url: string | null
  published_ms: Num
  views: Num
  likes: Num
  comments: Num
  shares: Num
  relative_views: Num
  has_hook: boolean
  concept: string | null
  tone: string | null
  hook_text: string | null
  overlay_style: string | null
  source_key: string | null
  source_label: string | null
}

function toPostFigures(row: PostRowRaw): PostFiguresRow {
  return {
    postId: row.post_id,
    title: row.title,
    coverUrl: row.cover_url,
    shareUrl: row.share_url,
    publishedAt: new Date(num(row.published_ms)),
    views: num(row.views),
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    relativeViews: numOrNull(row.relative_views),
    hook: row.has_hook
      ? {
          concept: row.concept,
          tone: row.tone,
          hookText: row.hook_text,
          overlayStyle: row.overlay_style,
          sourceKey: row.source_key,
          sourceLabel: row.source_label,
        }
      : null,
  }
}

function createQueries(db: Executor) {
  async function rows<T>(query: SQL): Promise<T[]> {
    const result = (await db.execute(query)) as unknown as { rows: T[] }
    return result.rows
  }

  /** The post_stats rows of the account's posts published in [start, end). */
  const publishedIn = (userId: string, accountId: string, start: Date, end: Date) => sql`
    ps."user_id" = ${userId} AND ps."account_id" = ${accountId}
    AND ps."published_at" >= ${start.toISOString()}::timestamptz AND ps."published_at" < ${end.toISOString()}::timestamptz`

  const postColumns = sql`
    ps."post_id", p."title", ps."cover_url", ps."share_url",
    (extract(epoch from ps."published_at") * 1000)::float8 AS published_ms,
    ps."views"::float8 AS views, ps."likes"::float8 AS likes, ps."comments"::float8 AS comments,
    ps."shares"::float8 AS shares, ps."relative_views"::float8 AS relative_views,
    (h."post_id" IS NOT NULL) AS has_hook, h."concept", h."tone", h."hook_text", h."overlay_style", h."source_key",
    h."source_label"`

  return {
    /** Every account of the user with what it did in [start, end) — one statement (accounts-overview.repository.ts). */
    accountComparisons: (userId: string, start: Date, end: Date) => accountComparisons(db, userId, start, end),

    /** The signed-in user's account (its username names the CSV); undefined for anyone else's. */
    async findAccount(userId: string, accountId: string): Promise<{ username: string } | undefined> {
      const [row] = await db
        .select({ username: tiktokAccount.accountUsername })
        .from(tiktokAccount)
        .where(and(eq(tiktokAccount.id, accountId), eq(tiktokAccount.userId, userId)))
      return row
    },

    /** Null when the account is not the user's (or was deleted a moment ago). */
    syncState(userId: string, accountId: string, now: Date): Promise<AccountSyncState | null> {
      return syncStateOf(db, userId, accountId, now)
    },

    /** Count and latest figures of the posts published in [start, end). */
    async totals(userId: string, accountId: string, start: Date, end: Date): Promise<TotalsRow> {
      const [row] = await rows<{ posts: Num; views: Num; likes: Num; comments: Num; shares: Num }>(sql`
        SELECT count(*)::float8 AS posts, coalesce(sum(ps."views"), 0)::float8 AS views,
               coalesce(sum(ps."likes"), 0)::float8 AS likes, coalesce(sum(ps."comments"), 0)::float8 AS comments,
               coalesce(sum(ps."shares"), 0)::float8 AS shares
        FROM "post_stats" ps
        WHERE ${publishedIn(userId, accountId, start, end)}`)
      return {
        posts: num(row?.posts ?? 0),
        views: num(row?.views ?? 0),
        likes: num(row?.likes ?? 0),
        comments: num(row?.comments ?? 0),
        shares: num(row?.shares ?? 0),
      }
    },

    /**
     * What all of the account's posts gained between consecutive `boundaries` (instants, ascending): bucket i
     * (0-based) is [boundaries[i], boundaries[i + 1]). Read from post_stats_gain, where each snapshot added its
     * figures minus its post's previous snapshot's (migration 0014's trigger), in 15-minute buckets — so summed per
     * day, a post's gains are "last snapshot of the day minus last snapshot before it". Boundaries are local
     * midnights, whole quarter hours in every zone. Buckets without gains are absent.
     */
    async gainsBetween(userId: string, accountId: string, boundaries: readonly Date[]): Promise<Map<number, Figures>> {
      const first = boundaries[0]!.toISOString()
      const last = boundaries[boundaries.length - 1]!.toISOString()
      const found = await rows<{ bucket: number; views: Num; likes: Num; comments: Num; shares: Num }>(sql`
        SELECT (width_bucket(g."bucket_at", ${instants(boundaries)}::timestamptz[]) - 1)::int AS bucket,
               sum(g."views")::float8 AS views, sum(g."likes")::float8 AS likes,
               sum(g."comments")::float8 AS comments, sum(g."shares")::float8 AS shares
        FROM "post_stats_gain" g
        WHERE g."account_id" = ${accountId} AND g."user_id" = ${userId}
          AND g."bucket_at" >= ${first}::timestamptz AND g."bucket_at" < ${last}::timestamptz
        GROUP BY 1`)
      return new Map(
        found.map((r) => [
          Number(r.bucket),
          { views: num(r.views), likes: num(r.likes), comments: num(r.comments), shares: num(r.shares) },
        ]),
      )
    },

    /** The account's follower count at each instant (its last reading before it); null where none is known. */
    async followersAt(userId: string, accountId: string, at: readonly Date[]): Promise<(number | null)[]> {
      const found = await rows<{ i: Num; followers: Num }>(sql`
        SELECT d.i::int AS i,
               (SELECT a."followers"::float8 FROM "account_stats_snapshot" a
                WHERE a."account_id" = ${accountId} AND a."user_id" = ${userId} AND a."taken_at" < d.t
                  AND a."followers" IS NOT NULL
                ORDER BY a."taken_at" DESC LIMIT 1) AS followers
        FROM unnest(${instants(at)}::timestamptz[]) WITH ORDINALITY AS d(t, i)`)
      const byIndex = new Map(found.map((r) => [num(r.i), numOrNull(r.followers)]))
      return at.map((_, i) => byIndex.get(i + 1) ?? null)
    },

    /** The account's latest follower count. */
    async latestFollowers(userId: string, accountId: string): Promise<number | null> {
      const [row] = await rows<{ followers: Num }>(sql`
        SELECT a."followers"::float8 AS followers FROM "account_stats_snapshot" a
        WHERE a."account_id" = ${accountId} AND a."user_id" = ${userId} AND a."followers" IS NOT NULL
        ORDER BY a."taken_at" DESC LIMIT 1`)
      return row ? numOrNull(row.followers) : null
    },

    /** The best `limit` posts published in [start, end), by views or by engagement rate. */
    async topPosts(
      userId: string,
      accountId: string,
      start: Date,
      end: Date,
      order: TopPostsOrder,
      limit: number,
    ): Promise<PostFiguresRow[]> {
      const engagement = sql`CASE WHEN ps."views" > 0
        THEN (ps."likes" + ps."comments" + ps."shares")::float8 / ps."views" END`
      const orderBy =
        order === 'views'
          ? sql`ps."views" DESC, ps."published_at" DESC, ps."post_id"`
          : sql`${engagement} DESC NULLS LAST, ps."views" DESC, ps."published_at" DESC, ps."post_id"`
      const found = await rows<PostRowRaw>(sql`
        SELECT ${postColumns}
        FROM (SELECT * FROM "post_stats" ps WHERE ${publishedIn(userId, accountId, start, end)}
              ORDER BY ${orderBy} LIMIT ${limit}) ps
        JOIN "post" p ON p."id" = ps."post_id"
        LEFT JOIN "post_hook" h ON h."post_id" = ps."post_id"
        ORDER BY ${orderBy}`)
      return found.map(toPostFigures)
    },

    /** Views of these posts over their first `days` days (snapshots), oldest first per post. */
    async curves(userId: string, postIds: readonly string[], days: number): Promise<CurveRow[]> {
      if (postIds.length === 0) return []
      const found = await rows<{ post_id: string; hours: Num; views: Num }>(sql`
        SELECT s."post_id", (extract(epoch from s."taken_at" - ps."published_at") / 3600)::float8 AS hours,
               s."views"::float8 AS views
        FROM "post_stats" ps
        JOIN "post_stats_snapshot" s ON s."post_id" = ps."post_id"
          AND s."taken_at" >= ps."published_at" AND s."taken_at" <= ps."published_at" + make_interval(days => ${days})
        WHERE ps."user_id" = ${userId} AND ps."post_id" = ANY(${`{${postIds.join(',')}}`}::uuid[])
        ORDER BY s."post_id", s."taken_at"`)
      return found.map((r) => ({ postId: r.post_id, hours: num(r.hours), views: num(r.views) }))
    },

    /**
     * The account's scored posts published in [start, end), grouped by each hook column at once (grouping sets):
     * count, median views and the geometric mean of relative views. Null keys (posts without that part of a hook)
     * are left out.
     */
    async leaderboardGroups(userId: string, accountId: string, start: Date, end: Date): Promise<LeaderboardGroupRow[]> {
      const found = await rows<{
        g_concept: Num
        g_tone: Num
        g_overlay_style: Num
        g_hook_text: Num
        g_source_key: Num
        concept: string | null
        tone: string | null
        overlay_style: string | null
        hook_text: string | null
        source_key: string | null
        source_label: string | null
        format: string | null
        posts: Num
        median_views: Num
        relative_views: Num
      }>(sql`
        SELECT GROUPING(h."concept")::int AS g_concept, GROUPING(h."tone")::int AS g_tone,
               GROUPING(h."overlay_style")::int AS g_overlay_style, GROUPING(h."hook_text")::int AS g_hook_text,
               GROUPING(h."source_key")::int AS g_source_key,
               h."concept", h."tone", h."overlay_style", h."hook_text", h."source_key",
               p."format" || ':' || p."post_mode" AS format,
               max(h."source_label") AS source_label,
               count(*)::float8 AS posts,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ps."views")::float8 AS median_views,
               exp(avg(ln(greatest(ps."relative_views"::float8, ${RELATIVE_VIEWS_FLOOR}))))::float8 AS relative_views
        FROM "post_stats" ps
        JOIN "post_hook" h ON h."post_id" = ps."post_id"
        JOIN "post" p ON p."id" = ps."post_id"
        WHERE ${publishedIn(userId, accountId, start, end)} AND ps."relative_views" IS NOT NULL
        GROUP BY GROUPING SETS ((h."concept"), (h."tone"), (h."overlay_style"), (h."hook_text"), (h."source_key"),
                                (p."format", p."post_mode"))`)
      const out: LeaderboardGroupRow[] = []
      for (const r of found) {
        const column: HookColumn =
          num(r.g_concept) === 0
            ? 'concept'
            : num(r.g_tone) === 0
              ? 'tone'
              : num(r.g_overlay_style) === 0
                ? 'overlay_style'
                : num(r.g_hook_text) === 0
                  ? 'hook_text'
                  : num(r.g_source_key) === 0
                    ? 'source_key'
                    : 'format'
        const value = {
          concept: r.concept,
          tone: r.tone,
          overlay_style: r.overlay_style,
          hook_text: r.hook_text,
          source_key: r.source_key,
          format: r.format,
        }[column]
        if (value === null || value === undefined) continue
        out.push({
          column,
          key: value,
          sourceLabel: column === 'source_key' ? r.source_label : null,
          posts: num(r.posts),
          medianViews: num(r.median_views),
          relativeViews: num(r.relative_views),
        })
      }
      return out
    },

    /**
     * Every post published in [start, end), oldest first, in keyset pages (the CSV export, ADR 055): a small first page
     * so the download starts at once, then larger ones. Each page is its own short statement, resumed after the last
     * (published_at, post_id) sent, so no connection, transaction or cursor is held while a slow client reads — on
     * PGlite that would stall the one connection everything shares — and a page is all that is ever in memory.
     */
    async *postsPublishedPages(
      userId: string,
      accountId: string,
      start: Date,
      end: Date,
      sizes: CsvPageSizes = CSV_PAGE_SIZES,
    ): AsyncGenerator<PostFiguresRow[]> {
      let after: { at: string; postId: string } | null = null
      let size = sizes.first
      for (;;) {
        // published_at goes back as text, not as milliseconds: it has microseconds, and the next page must resume
        // exactly after it.
        const found: (PostRowRaw & { at_key: string })[] = await rows<PostRowRaw & { at_key: string }>(sql`
          SELECT ${postColumns}, ps."published_at"::text AS at_key
          FROM "post_stats" ps
          JOIN "post" p ON p."id" = ps."post_id"
          LEFT JOIN "post_hook" h ON h."post_id" = ps."post_id"
          WHERE ${publishedIn(userId, accountId, start, end)}
            ${after ? sql`AND (ps."published_at", ps."post_id") > (${after.at}::timestamptz, ${after.postId}::uuid)` : sql``}
          ORDER BY ps."published_at", ps."post_id"
          LIMIT ${size}`)
        if (found.length > 0) yield found.map(toPostFigures)
        const last = found.at(-1)
        if (!last || found.length < size) return
        after = { at: last.at_key, postId: last.post_id }
        size = sizes.next
      }
    },
  }
}

export type AnalyticsRepository = ReturnType<typeof createQueries>

export function createAnalyticsRepository(db: Database): AnalyticsRepository {
  return createQueries(db)
}
