import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { ANALYTICS_MESSAGES, type AccountSyncState, type StatsSyncStatus } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { withTransactions, type Executor } from '../../db/transactional'
import {
  accountStatsSnapshot,
  accountStatsSync,
  post,
  postStats,
  postStatsSnapshot,
  tiktokAccount,
} from '../../db/schema'
import { REFERENCE_AGE_MS, type PostReadings, type Reading } from './normalise'

/** Statuses in which the sync waits for the person to (re)connect the account instead of asking TikTok again. */
export const BLOCKED_STATUSES = [
  'missing_scope',
  'reconnect_required',
  'not_connected',
] as const satisfies readonly StatsSyncStatus[]
export type BlockedStatus = (typeof BLOCKED_STATUSES)[number]

export type SyncRow = typeof accountStatsSync.$inferSelect

/** What the sync needs to know about the account itself (tiktok_account). */
export interface SyncAccount {
  id: string
  userId: string
  status: 'active' | 'reconnect_required' | 'not_connected'
  scopes: string[]
  connectedAt: Date | null
}

export interface DuePost {
  postId: string
  tiktokVideoId: string
  publishedAt: Date
  views: number
  likes: number
  comments: number
  shares: number
}

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

const MESSAGE_OF: Record<StatsSyncStatus, string | null> = {
  pending: ANALYTICS_MESSAGES.pending,
  ok: null,
  missing_scope: ANALYTICS_MESSAGES.missingScope,
  reconnect_required: ANALYTICS_MESSAGES.reconnectRequired,
  not_connected: ANALYTICS_MESSAGES.notConnected,
}

/** The sync status an account without a sync row yet starts in (as the migration's backfill does). */
function initialStatus(accountStatus: SyncAccount['status']): StatsSyncStatus {
  if (accountStatus === 'active') return 'pending'
  return accountStatus
}

const isBlocked = (status: StatsSyncStatus): status is BlockedStatus =>
  (BLOCKED_STATUSES as readonly string[]).includes(status)

/**
 * A blocked account was (re)connected after the sync recorded the problem: its connection is new, so it is worth
 * asking TikTok again. `connected_at` is stamped by every connect and reconnect (modules/tiktok).
 */
export function reconnectedSince(
  account: Pick<SyncAccount, 'status' | 'connectedAt'>,
  row: Pick<SyncRow, 'updatedAt'>,
) {
  return account.status === 'active' && account.connectedAt !== null && account.connectedAt > row.updatedAt
}

/** The sync state shown to the person: the row as stored, or what it will be once the next sweep has run. */
export function toSyncState(
  account: Pick<SyncAccount, 'id' | 'status' | 'connectedAt'>,
  row: SyncRow | undefined,
  leaseCutoff: Date,
): AccountSyncState {
  let status = row?.status ?? initialStatus(account.status)
  if (row && isBlocked(status) && reconnectedSince(account, row)) status = 'pending'
  // Publishing may have found the authorisation gone since the last sync: say so now, not at the next run.
  if (account.status !== 'active') status = initialStatus(account.status)
  const syncing = row?.requestedAt ? row.requestedAt > leaseCutoff : false
  return {
    accountId: account.id,
    status,
    message: MESSAGE_OF[status],
    syncedAt: row?.syncedAt ? row.syncedAt.toISOString() : null,
    nextSyncAt: row && !isBlocked(status) ? row.nextSyncAt.toISOString() : null,
    syncing: syncing || (status === 'pending' && !row?.syncedAt),
  }
}

/** The lease of a sync run: how long `requested_at` holds an account before another worker may take it over. */
export const SYNC_LEASE_MS = 10 * 60_000

/**
 * The account's sync state for its owner, or null when the account is not theirs (or does not exist). Exported for
 * the Analytics overview (modules/analytics read API).
 */
export async function syncStateOf(
  db: Executor,
  userId: string,
  accountId: string,
  now: Date = new Date(),
): Promise<AccountSyncState | null> {
  const [found] = await db
    .select({
      id: tiktokAccount.id,
      status: tiktokAccount.status,
      connectedAt: tiktokAccount.connectedAt,
      sync: accountStatsSync,
    })
    .from(tiktokAccount)
    .leftJoin(accountStatsSync, eq(accountStatsSync.accountId, tiktokAccount.id))
    .where(and(eq(tiktokAccount.id, accountId), eq(tiktokAccount.userId, userId)))
  if (!found) return null
  return toSyncState(found, found.sync ?? undefined, new Date(now.getTime() - SYNC_LEASE_MS))
}

/** `VALUES (…), (…)` for an UPDATE … FROM; every value cast, so PostgreSQL knows the column types. */
function values(rows: SQL[][]): SQL {
  return sql.join(
    rows.map((cells) => sql`(${sql.join(cells, sql`, `)})`),
    sql`, `,
  )
}

/** The rows of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
}

/** Rows per statement of bulk writes: well under PostgreSQL's 65,535 parameters. */
const BULK_ROWS = 2_000

function queries(db: Executor) {
  return {
    /**
     * Adds the rows the sync works from: a post_stats row for every post TikTok made public (due at once) and a
     * sync row for every account (or only those of `accountId`). An account that gets new posts is due at once too.
     * Returns how many were added.
     */
    async addMissingRows(now: Date, accountId?: string): Promise<{ posts: number; accounts: number }> {
      const at = sql`${now.toISOString()}::timestamptz`
      const ofPost = accountId ? sql`and p.account_id = ${accountId}::uuid` : sql``
      const ofAccount = accountId ? sql`and a.id = ${accountId}::uuid` : sql``
      const posts = rowsOf<{ account_id: string }>(
        await db.execute(sql`
          insert into ${postStats} (post_id, user_id, account_id, tiktok_video_id, published_at, next_sync_at, created_at)
          select p.id, p.user_id, p.account_id, p.tiktok_post_id, coalesce(p.published_at, p.updated_at), ${at}, ${at}
          from ${post} p
          where p.tiktok_post_id is not null
            and not exists (select 1 from ${postStats} s where s.post_id = p.id) ${ofPost}
          on conflict (post_id) do nothing
          returning account_id`),
      )
      const accounts = rowsOf<{ account_id: string }>(
        await db.execute(sql`
          insert into ${accountStatsSync} (account_id, user_id, status, next_sync_at, updated_at)
          select a.id, a.user_id, case a.status when 'active' then 'pending' else a.status end, ${at}, ${at}
          from ${tiktokAccount} a
          where not exists (select 1 from ${accountStatsSync} s where s.account_id = a.id) ${ofAccount}
          on conflict (account_id) do nothing
          returning account_id`),
      )
      const withNewPosts = [...new Set(posts.map((p) => p.account_id))]
      for (let i = 0; i < withNewPosts.length; i += BULK_ROWS) {
        await db
          .update(accountStatsSync)
          .set({ nextSyncAt: now })
          .where(
            and(
              inArray(accountStatsSync.accountId, withNewPosts.slice(i, i + BULK_ROWS)),
              gt(accountStatsSync.nextSyncAt, now),
            ),
          )
      }
      return { posts: posts.length, accounts: accounts.length }
    },

    /** Blocked accounts that were (re)connected since: back to `pending`, due now. Returns their ids. */
    async unblockReconnected(now: Date): Promise<string[]> {
      const rows = await db
        .update(accountStatsSync)
        .set({ status: 'pending', nextSyncAt: now, requestedAt: null, updatedAt: now })
        .from(tiktokAccount)
        .where(
          and(
            eq(tiktokAccount.id, accountStatsSync.accountId),
            inArray(accountStatsSync.status, [...BLOCKED_STATUSES]),
            eq(tiktokAccount.status, 'active'),
            sql`${tiktokAccount.connectedAt} > ${accountStatsSync.updatedAt}`,
          ),
        )
        .returning({ accountId: accountStatsSync.accountId })
      return rows.map((r) => r.accountId)
    },

    /**
     * Takes the lease of up to `limit` due accounts (not blocked, not held by a live lease): one conditional UPDATE,
     * so two sweeps never take the same account. Returns the accounts and the lease each now holds.
     */
    async claimDue(now: Date, limit: number): Promise<{ accountId: string; requestedAt: Date }[]> {
      const cutoff = new Date(now.getTime() - SYNC_LEASE_MS)
      const free = or(isNull(accountStatsSync.requestedAt), lt(accountStatsSync.requestedAt, cutoff))
      const due = db
        .select({ accountId: accountStatsSync.accountId })
        .from(accountStatsSync)
        .where(and(lte(accountStatsSync.nextSyncAt, now), inArray(accountStatsSync.status, ['pending', 'ok']), free))
        .orderBy(asc(accountStatsSync.nextSyncAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(accountStatsSync)
        .set({ requestedAt: now })
        .where(and(inArray(accountStatsSync.accountId, due), free))
        .returning({ accountId: accountStatsSync.accountId, requestedAt: accountStatsSync.requestedAt })
      return rows.map((r) => ({ accountId: r.accountId, requestedAt: r.requestedAt! }))
    },

    /**
     * "Refresh stats": takes the lease of the owner's account unless a sync holds it already. Returns the lease, or
     * null when the account is not theirs, is blocked, or is being synced.
     */
    async claimRequested(userId: string, accountId: string, now: Date): Promise<Date | null> {
      const cutoff = new Date(now.getTime() - SYNC_LEASE_MS)
      const [row] = await db
        .update(accountStatsSync)
        .set({ requestedAt: now })
        .where(
          and(
            eq(accountStatsSync.accountId, accountId),
            eq(accountStatsSync.userId, userId),
            inArray(accountStatsSync.status, ['pending', 'ok']),
            or(isNull(accountStatsSync.requestedAt), lt(accountStatsSync.requestedAt, cutoff)),
          ),
        )
        .returning({ requestedAt: accountStatsSync.requestedAt })
      return row?.requestedAt ?? null
    },

    /**
     * "Refresh stats" while a run holds the lease: the run chose its posts before the press (posts published since
     * would be missed), so it is asked to run once more before releasing the lease. False when no run holds it.
     */
    async askRunningToRerun(userId: string, accountId: string, now: Date): Promise<boolean> {
      const cutoff = new Date(now.getTime() - SYNC_LEASE_MS)
      const rows = await db
        .update(accountStatsSync)
        .set({ rerunRequested: true })
        .where(
          and(
            eq(accountStatsSync.accountId, accountId),
            eq(accountStatsSync.userId, userId),
            inArray(accountStatsSync.status, ['pending', 'ok']),
            gte(accountStatsSync.requestedAt, cutoff),
          ),
        )
        .returning({ accountId: accountStatsSync.accountId })
      return rows.length > 0
    },

    /** A run takes a rerun asked of it (and renews its lease); false when none was asked or the lease is lost. */
    async takeRerun(accountId: string, lease: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(accountStatsSync)
        .set({ rerunRequested: false, requestedAt: now })
        .where(
          and(
            eq(accountStatsSync.accountId, accountId),
            eq(accountStatsSync.requestedAt, lease),
            eq(accountStatsSync.rerunRequested, true),
          ),
        )
        .returning({ accountId: accountStatsSync.accountId })
      return rows.length > 0
    },

    /**
     * A queued run starts: the lease it was queued with becomes a fresh one (`now`). A duplicate job, or one whose
     * lease another worker took over, gets null and does nothing.
     */
    async startRun(accountId: string, queuedLease: Date, now: Date): Promise<SyncRow | null> {
      const cutoff = new Date(now.getTime() - SYNC_LEASE_MS)
      const [row] = await db
        .update(accountStatsSync)
        .set({ requestedAt: now })
        .where(
          and(
            eq(accountStatsSync.accountId, accountId),
            or(eq(accountStatsSync.requestedAt, queuedLease), lt(accountStatsSync.requestedAt, cutoff)),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Renews a running lease; false when it was lost (expired and taken over), and the run must stop. */
    async renewLease(accountId: string, lease: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(accountStatsSync)
        .set({ requestedAt: now })
        .where(and(eq(accountStatsSync.accountId, accountId), eq(accountStatsSync.requestedAt, lease)))
        .returning({ accountId: accountStatsSync.accountId })
      return rows.length > 0
    },

    /**
     * Ends a run: its outcome, and the lease released (only if still ours). With `unlessRerun`, a run asked to rerun
     * keeps its lease and gets false (it takes the rerun); otherwise a pending rerun is dropped with the lease.
     */
    async finishRun(
      accountId: string,
      lease: Date,
      outcome: { status: StatsSyncStatus; syncedAt?: Date; nextSyncAt: Date },
      now: Date,
      options: { unlessRerun?: boolean } = {},
    ): Promise<boolean> {
      const rows = await db
        .update(accountStatsSync)
        .set({
          status: outcome.status,
          nextSyncAt: outcome.nextSyncAt,
          requestedAt: null,
          rerunRequested: false,
          updatedAt: now,
          ...(outcome.syncedAt ? { syncedAt: outcome.syncedAt } : {}),
        })
        .where(
          and(
            eq(accountStatsSync.accountId, accountId),
            eq(accountStatsSync.requestedAt, lease),
            ...(options.unlessRerun ? [eq(accountStatsSync.rerunRequested, false)] : []),
          ),
        )
        .returning({ accountId: accountStatsSync.accountId })
      return rows.length > 0
    },

    async findAccount(accountId: string): Promise<SyncAccount | undefined> {
      const [row] = await db
        .select({
          id: tiktokAccount.id,
          userId: tiktokAccount.userId,
          status: tiktokAccount.status,
          scopes: tiktokAccount.scopes,
          connectedAt: tiktokAccount.connectedAt,
        })
        .from(tiktokAccount)
        .where(eq(tiktokAccount.id, accountId))
      return row
    },

    async findAccountForUser(userId: string, accountId: string): Promise<SyncAccount | undefined> {
      const row = await this.findAccount(accountId)
      return row?.userId === userId ? row : undefined
    },

    async findSyncRow(accountId: string): Promise<SyncRow | undefined> {
      const [row] = await db.select().from(accountStatsSync).where(eq(accountStatsSync.accountId, accountId))
      return row
    },

    /**
     * The account's live posts to read now, earliest due first: those due, and with `staleBefore` ("Refresh stats")
     * also those last read before it.
     */
    async duePosts(accountId: string, now: Date, limit: number, staleBefore?: Date): Promise<DuePost[]> {
      const due = staleBefore
        ? or(lte(postStats.nextSyncAt, now), isNull(postStats.syncedAt), lt(postStats.syncedAt, staleBefore))
        : lte(postStats.nextSyncAt, now)
      return db
        .select({
          postId: postStats.postId,
          tiktokVideoId: postStats.tiktokVideoId,
          publishedAt: postStats.publishedAt,
          views: postStats.views,
          likes: postStats.likes,
          comments: postStats.comments,
          shares: postStats.shares,
        })
        .from(postStats)
        .where(and(eq(postStats.accountId, accountId), eq(postStats.state, 'live'), due))
        .orderBy(asc(postStats.nextSyncAt), asc(postStats.postId))
        .limit(limit)
    },

    /** The earliest next reading of the account's live posts, if any. */
    async nextPostDue(accountId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`min(${postStats.nextSyncAt})` })
        .from(postStats)
        .where(and(eq(postStats.accountId, accountId), eq(postStats.state, 'live')))
      return row?.at ? new Date(row.at) : null
    },

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

export function createStatsSyncRepository(db: Database) {
  return withTransactions(db, queries)
}
export type StatsSyncRepository = ReturnType<typeof createStatsSyncRepository>
