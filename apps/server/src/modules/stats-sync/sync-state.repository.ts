import { and, eq } from 'drizzle-orm'
import { ANALYTICS_MESSAGES, type AccountSyncState, type StatsSyncStatus } from '@hookpost/shared'
import type { Executor } from '../../db/transactional'
import { accountStatsSync, tiktokAccount } from '../../db/schema'

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
