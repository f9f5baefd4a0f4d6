import { and, eq } from 'drizzle-orm'
import { ANALYTICS_MESSAGES, type AccountSyncState, type StatsSyncStatus } from '@hookpost/shared'
import type { Executor } from '../../db/transactional'
import { accountStatsSync } from '../../db/schema'

/** A queued or running sync holds `requested_at`; older than this it counts as dead (a lease). */
const SYNC_LEASE_MS = 5 * 60_000

const MESSAGE_BY_STATUS: Record<StatsSyncStatus, string | null> = {
  ok: null,
  pending: ANALYTICS_MESSAGES.pending,
  missing_scope: ANALYTICS_MESSAGES.missingScope,
  reconnect_required: ANALYTICS_MESSAGES.reconnectRequired,
  not_connected: ANALYTICS_MESSAGES.notConnected,
}

/**
 * Where an account's stats sync stands, as the Analytics tab shows it. Scoped by the user: another user's account
 * reads as "never synced" (callers check ownership first). An account without a sync row yet is `pending`.
 */
export async function syncStateOf(
  db: Executor,
  userId: string,
  accountId: string,
  now: Date = new Date(),
): Promise<AccountSyncState> {
  const [row] = await db
    .select({
      status: accountStatsSync.status,
      syncedAt: accountStatsSync.syncedAt,
      nextSyncAt: accountStatsSync.nextSyncAt,
      requestedAt: accountStatsSync.requestedAt,
    })
    .from(accountStatsSync)
    .where(and(eq(accountStatsSync.accountId, accountId), eq(accountStatsSync.userId, userId)))
  const status: StatsSyncStatus = row?.status ?? 'pending'
  return {
    accountId,
    status,
    message: MESSAGE_BY_STATUS[status],
    syncedAt: row?.syncedAt?.toISOString() ?? null,
    nextSyncAt: row?.nextSyncAt.toISOString() ?? null,
    syncing: row?.requestedAt != null && now.getTime() - row.requestedAt.getTime() < SYNC_LEASE_MS,
  }
}
