import { MESSAGES, type AccountSyncState, type StatsSyncStatus } from '@hookpost/shared'
import { isTiktokError, type TiktokClient, type TiktokVideo } from '../../integrations/tiktok'
import { AppError } from '../../lib/errors'
import type { EventBus } from '../../lib/events'
import type { JobPayload, JobQueue } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import type { TiktokAccountsService } from '../tiktok'
import { relativeViews } from './normalise'
import type { PostReading } from './post-readings.repository'
import type { DuePost, StatsSyncRepository } from './stats-sync.repository'
import { SYNC_LEASE_MS, toSyncState, type SyncAccount } from './sync-state.repository'
import { nextAccountSyncAt, nextPostSyncAt } from './sync-schedule'

/** What the sync needs from TikTok: an account's counts (tiktok-api.md §2) and its posts' figures (tiktok-api.md §5.2). */
export const STATS_SCOPES = ['video.list', 'user.info.stats'] as const

/** /v2/video/query/ takes at most 20 ids (tiktok-api.md §5.2). */
export const VIDEO_QUERY_BATCH = 20
/** Readings stored per transaction (25 calls' worth): few commits, and little to read again after a crash. */
const WRITE_GROUP = 500

export interface StatsSyncTuning {
  /** Posts read per run of one account (the rest stay due and are read by the next run, a minute later). */
  postsPerRun: number
  /** Accounts a sweep queues at most. */
  accountsPerSweep: number
  /** "Refresh stats" also reads posts last read longer ago than this (not only those due). */
  refreshOlderThanMs: number
  /** When TikTok or the network failed: when to try the account again. */
  retryAfterFailureMs: number
}

export const DEFAULT_STATS_SYNC_TUNING: StatsSyncTuning = {
  // 100 video/query calls: within one token's 600 a minute (tiktok-api.md §4.3) even with a run of the next minute beside it.
  postsPerRun: 2_000,
  accountsPerSweep: 1_000,
  refreshOlderThanMs: 15 * 60_000,
  retryAfterFailureMs: 15 * 60_000,
}

export interface StatsSyncDeps {
  repo: StatsSyncRepository
  queue: JobQueue
  /** One client for the process, so its per-token pacer (tiktok-api.md §4.3) sees the sync's calls beside publishing's. */
  tiktok: Pick<TiktokClient, 'userInfo' | 'queryVideos'>
  /** Fresh access tokens, refreshed the way publishing gets them (modules/tiktok). */
  accounts: Pick<TiktokAccountsService, 'accessToken'>
  events: EventBus
  clock: () => Date
  log: Pick<Log, 'info' | 'warn' | 'error'>
  tuning?: Partial<StatsSyncTuning>
}

/** Why a run stopped early: a state that waits for the person, or a failure worth trying again later. */
type Stop = { type: 'blocked'; status: 'missing_scope' | 'reconnect_required' } | { type: 'retry'; afterMs: number }

/**
 * The stats sync (issue 19, Deliver 1): every minute a sweep adds the rows for newly public posts and new accounts and
 * queues a run (`analytics.sync`) for each account with due work; a run reads the account's counts (user.info.stats)
 * and its due posts (video/query, 20 ids a call), stores the readings as time series, schedules each post's next
 * reading by its age (sync-schedule.ts) and scores the account's posts (normalise.ts). An account is run by one
 * worker at a time: `account_stats_sync.requested_at` is a lease taken by conditional UPDATEs (repository).
 *
 * Problems that only the person can fix (missing permission, revoked authorisation, an account added by hand) are a
 * state shown in the Analytics tab, not an error loop: the account is not asked for again until it is reconnected.
 */
export function createStatsSyncService(deps: StatsSyncDeps) {
  const { repo, queue, tiktok, accounts, events, clock, log } = deps
  const tuning = { ...DEFAULT_STATS_SYNC_TUNING, ...deps.tuning }

  const announce = (userId: string, accountId: string) =>
    events.publish(userId, { type: 'analytics.synced', accountId })

  function blockedStatusOf(account: SyncAccount): 'not_connected' | 'reconnect_required' | 'missing_scope' | null {
    if (account.status === 'not_connected') return 'not_connected'
    if (account.status === 'reconnect_required') return 'reconnect_required'
    if (STATS_SCOPES.some((scope) => !account.scopes.includes(scope))) return 'missing_scope'
    return null
  }

  function stopFor(err: unknown): Stop {
    // accessToken(): the account is not active, or TikTok refused to refresh its token (it marked the account).
    if (err instanceof AppError && err.code === 'CONFLICT') return { type: 'blocked', status: 'reconnect_required' }
    if (isTiktokError(err)) {
      // The token lacks video.list (tiktok-api.md §5) or user.info.stats (tiktok-api.md §2): only a reconnect can grant it.
      if (err.code === 'scope_not_authorized' || err.code === 'scope_permission_missed') {
        return { type: 'blocked', status: 'missing_scope' }
      }
      if (err.kind === 'reauth_required') return { type: 'blocked', status: 'reconnect_required' }
      if (err.kind === 'rate_limited') return { type: 'retry', afterMs: err.retryAfterMs ?? 60_000 }
    }
    return { type: 'retry', afterMs: tuning.retryAfterFailureMs }
  }

  /** The run's access token: refreshed once when TikTok refuses it before its expiry (as publishing does). */
  function tokenHolder(accountId: string) {
    let token: string | undefined
    let refreshed = false
    return async function withToken<T>(call: (token: string) => Promise<T>): Promise<T> {
      token ??= await accounts.accessToken(accountId)
      try {
        return await call(token)
      } catch (err) {
        // A missing scope is not cured by a new token of the same grant.
        if (refreshed || !isTiktokError(err) || err.kind !== 'reauth_required' || err.code === 'scope_not_authorized') {
          throw err
        }
      }
      refreshed = true
      token = await accounts.accessToken(accountId, { force: true })
      return call(token)
    }
  }

  function readingOf(row: DuePost, video: TiktokVideo, takenAt: Date): PostReading {
    const publishedAt = video.createTime !== undefined ? new Date(video.createTime * 1000) : row.publishedAt
    return {
      postId: row.postId,
      views: video.viewCount ?? row.views,
      likes: video.likeCount ?? row.likes,
      comments: video.commentCount ?? row.comments,
      shares: video.shareCount ?? row.shares,
      coverUrl: video.coverImageUrl ?? null,
      shareUrl: video.shareUrl ?? null,
      publishedAt,
      takenAt,
      nextSyncAt: nextPostSyncAt(publishedAt, takenAt),
    }
  }

  /** One run over an account whose lease it holds. Returns the outcome to store. */
  async function runAccount(
    account: SyncAccount,
    lease: { at: Date },
    force: boolean,
  ): Promise<{ status: StatsSyncStatus; syncedAt?: Date; nextSyncAt: Date }> {
    const owner = { accountId: account.id, userId: account.userId }
    const withToken = tokenHolder(account.id)
    const started = clock()
    try {
      const user = await withToken((token) => tiktok.userInfo(token, account.scopes))
      await repo.saveAccountReading(
        owner,
        {
          followers: user.followerCount ?? null,
          following: user.followingCount ?? null,
          likes: user.likesCount ?? null,
          videos: user.videoCount ?? null,
        },
        started,
      )

      const staleBefore = force ? new Date(started.getTime() - tuning.refreshOlderThanMs) : undefined
      const due = await repo.duePosts(account.id, started, tuning.postsPerRun, staleBefore)
      for (let start = 0; start < due.length; start += WRITE_GROUP) {
        const group = due.slice(start, start + WRITE_GROUP)
        const readings: PostReading[] = []
        const gone: string[] = []
        let failure: { error: unknown } | undefined
        for (let offset = 0; offset < group.length; offset += VIDEO_QUERY_BATCH) {
          const batch = group.slice(offset, offset + VIDEO_QUERY_BATCH)
          let videos: TiktokVideo[]
          try {
            videos = await withToken((token) =>
              tiktok.queryVideos(
                token,
                batch.map((p) => p.tiktokVideoId),
              ),
            )
          } catch (error) {
            // What was read before the failure is still stored (below); the rest stays due.
            failure = { error }
            break
          }
          const takenAt = clock()
          const byId = new Map(videos.map((v) => [v.id, v]))
          for (const row of batch) {
            const video = byId.get(row.tiktokVideoId)
            if (video) readings.push(readingOf(row, video, takenAt))
            // TikTok leaves out ids that are deleted or no longer public (tiktok-api.md §5.2).
            else gone.push(row.postId)
          }
        }
        // Stored only while the lease is still ours: a run that lost it to another worker writes nothing.
        const renewedAt = clock()
        await repo.transaction(async ({ repo: tx }) => {
          if (!(await tx.renewLease(account.id, lease.at, renewedAt))) throw new LeaseLost()
          await tx.saveReadings(owner, readings)
          await tx.markGone(account.id, gone, renewedAt)
        })
        lease.at = renewedAt
        if (failure) throw failure.error
      }

      await repo.saveRelativeViews(account.id, relativeViews(await repo.readingsForNormalising(account.id)))
      const finished = clock()
      const morePending = due.length >= tuning.postsPerRun
      const postDue = await repo.nextPostDue(account.id)
      let next = nextAccountSyncAt(finished)
      if (postDue && postDue < next) next = postDue
      if (morePending) next = finished
      return { status: 'ok', syncedAt: finished, nextSyncAt: next }
    } catch (err) {
      if (err instanceof LeaseLost) throw err
      const stop = stopFor(err)
      const at = clock()
      if (stop.type === 'blocked') {
        log.warn(`[analytics] account ${account.id} cannot be synced: ${stop.status}`)
        return { status: stop.status, nextSyncAt: at }
      }
      log.warn(
        `[analytics] syncing account ${account.id} failed; trying again in ${Math.round(stop.afterMs / 1000)} s: ` +
          (err instanceof Error ? err.message : String(err)),
      )
      const row = await repo.findSyncRow(account.id)
      return { status: row?.status ?? 'pending', nextSyncAt: new Date(at.getTime() + stop.afterMs) }
    }
  }

  return {
    /** The `analytics.sweep` job: rows for new posts and accounts, reconnected accounts unblocked, due runs queued. */
    async sweep(): Promise<{ posts: number; accounts: number; queued: number }> {
      const now = clock()
      const added = await repo.addMissingRows(now)
      await repo.unblockReconnected(now)
      const queued = await repo.transaction(async ({ repo: tx, jobs }) => {
        const claimed = await tx.claimDue(now, tuning.accountsPerSweep)
        for (const { accountId, requestedAt } of claimed) {
          await queue.send(
            'analytics.sync',
            { accountId, requestedAt: requestedAt.toISOString(), force: false },
            { singletonKey: accountId, tx: jobs },
          )
        }
        return claimed.length
      })
      return { ...added, queued }
    },

    /** The `analytics.sync` job: one run of one account, if the lease it was queued with is still its own. */
    async sync(payload: JobPayload<'analytics.sync'>): Promise<void> {
      const now = clock()
      const row = await repo.startRun(payload.accountId, new Date(payload.requestedAt), now)
      if (!row) return
      const lease = { at: row.requestedAt! }
      const account = await repo.findAccount(payload.accountId)
      if (!account) return
      const blocked = blockedStatusOf(account)
      let outcome: { status: StatsSyncStatus; syncedAt?: Date; nextSyncAt: Date }
      try {
        if (blocked) {
          outcome = { status: blocked, nextSyncAt: now }
        } else {
          outcome = await runAccount(account, lease, payload.force)
          // "Refresh stats" pressed during the run: its posts were chosen before the press, so run again (forced)
          // before the lease goes, until no press came in meanwhile.
          for (;;) {
            if (await repo.finishRun(account.id, lease.at, outcome, clock(), { unlessRerun: true })) {
              announce(account.userId, account.id)
              return
            }
            const renewedAt = clock()
            if (!(await repo.takeRerun(account.id, lease.at, renewedAt))) return // the lease was lost meanwhile
            lease.at = renewedAt
            outcome = await runAccount(account, lease, true)
          }
        }
      } catch (err) {
        if (err instanceof LeaseLost) {
          log.warn(`[analytics] the sync of account ${account.id} lost its lease to another worker; stopping`)
          return
        }
        // Unexpected (a database failure): release the lease and try again later; never a tight loop.
        log.error(`[analytics] syncing account ${account.id} failed`, err)
        await repo.finishRun(
          account.id,
          lease.at,
          { status: row.status, nextSyncAt: new Date(clock().getTime() + tuning.retryAfterFailureMs) },
          clock(),
        )
        return
      }
      if (await repo.finishRun(account.id, lease.at, outcome, clock())) announce(account.userId, account.id)
    },

    /** POST /api/analytics/sync: queue a run of the owner's account now (unless one is queued or running). */
    async request(userId: string, accountId: string): Promise<AccountSyncState> {
      const account = await repo.findAccountForUser(userId, accountId)
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      const now = clock()
      await repo.addMissingRows(now, accountId)
      await repo.unblockReconnected(now)
      await repo.transaction(async ({ repo: tx, jobs }) => {
        const lease = await tx.claimRequested(userId, accountId, now)
        if (!lease) {
          // A run holds the account: it runs once more, so posts published since it began are read too.
          await tx.askRunningToRerun(userId, accountId, now)
          return
        }
        await queue.send(
          'analytics.sync',
          { accountId, requestedAt: lease.toISOString(), force: true },
          { singletonKey: accountId, tx: jobs },
        )
      })
      return this.state(userId, accountId)
    },

    /** GET /api/analytics/sync: the owner's account's sync state. */
    async state(userId: string, accountId: string): Promise<AccountSyncState> {
      const account = await repo.findAccountForUser(userId, accountId)
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      const now = clock()
      return toSyncState(account, await repo.findSyncRow(accountId), new Date(now.getTime() - SYNC_LEASE_MS))
    },
  }
}

class LeaseLost extends Error {
  constructor() {
    super('the sync lease was taken over')
  }
}

export type StatsSyncService = ReturnType<typeof createStatsSyncService>
