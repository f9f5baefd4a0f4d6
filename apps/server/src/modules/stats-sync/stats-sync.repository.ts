import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { StatsSyncStatus } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { withTransactions, type Executor } from '../../db/transactional'
import { accountStatsSync, post, postStats, tiktokAccount } from '../../db/schema'
import { BULK_ROWS, rowsOf } from './bulk-statements'
import { readingQueries } from './post-readings.repository'
import { BLOCKED_STATUSES, SYNC_LEASE_MS, type SyncAccount, type SyncRow } from './sync-state.repository'

export interface DuePost {
  postId: string
  tiktokVideoId: string
  publishedAt: Date
  views: number
  likes: number
  comments: number
  shares: number
}

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

    ...readingQueries(db),
  }
}

export function createStatsSyncRepository(db: Database) {
  return withTransactions(db, queries)
}
export type StatsSyncRepository = ReturnType<typeof createStatsSyncRepository>
