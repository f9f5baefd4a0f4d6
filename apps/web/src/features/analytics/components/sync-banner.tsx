import type { ReactNode } from 'react'
import { ANALYTICS_MESSAGES, type AccountSyncState, type StatsSyncStatus } from '@hookpost/shared/analytics'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { LoadError } from '../../../components/ui/load-error'
import { MessageBanner } from '../../../components/ui/message-banner'
import { ApiRequestError } from '../../../lib/api-client'
import { dateTimeIn } from '../../../lib/format'
import { useRequestSync, useSyncState } from '../api/sync'

/** What to tell the person for a state that is not `ok`, when the server did not say it itself. */
export function syncMessage(sync: Pick<AccountSyncState, 'status' | 'message'>): string | null {
  if (sync.message) return sync.message
  switch (sync.status) {
    case 'ok':
      return null
    case 'pending':
      return ANALYTICS_MESSAGES.pending
    case 'missing_scope':
      return ANALYTICS_MESSAGES.missingScope
    case 'reconnect_required':
      return ANALYTICS_MESSAGES.reconnectRequired
    case 'not_connected':
      return ANALYTICS_MESSAGES.notConnected
  }
}

/** States only a (re)connect to TikTok fixes: no use refreshing. */
export function needsConnect(status: StatsSyncStatus): boolean {
  return status === 'missing_scope' || status === 'reconnect_required' || status === 'not_connected'
}

function ProgressNote({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-fuchsia-200 border-t-fuchsia-600"
      />
      {text}
    </p>
  )
}

/**
 * The account's sync state above its figures: when they were last fetched ("Updated …", which moves on by itself:
 * the server syncs every connected account on a schedule and each `analytics.synced` fetches this state and the
 * figures again), 'Refresh stats' to read them now (progress shows until that event arrives), and, when TikTok cannot
 * be read, why and the way out (`reconnect`, composed in app/ from the tiktok feature).
 */
export function SyncBanner({
  accountId,
  timeZone,
  reconnect,
}: {
  accountId: string
  /** The zone "Updated" is shown in (the tab's one zone, the person's). */
  timeZone: string
  reconnect: (accountId: string, status: StatsSyncStatus) => ReactNode
}) {
  const state = useSyncState(accountId)
  const refresh = useRequestSync()

  if (state.isPending) return null
  if (state.isError) {
    return (
      <LoadError
        className="space-y-3"
        message={ANALYTICS_MESSAGES.fetchFailed}
        retrying={state.isFetching}
        onRetry={() => void state.refetch()}
      />
    )
  }

  const sync = state.data
  const message = syncMessage(sync)
  const syncing = sync.syncing || refresh.isPending
  const refreshDetail =
    refresh.error instanceof ApiRequestError && refresh.error.status < 500 ? refresh.error.message : null
  const blocked = needsConnect(sync.status)
  // The first sync says so in its own words, as the progress note.
  const firstSync = sync.status === 'pending'

  return (
    <div className="space-y-3">
      {message && !(firstSync && syncing) ? (
        <MessageBanner tone="info">
          <p>{message}</p>
          {blocked ? <div className="mt-2">{reconnect(accountId, sync.status)}</div> : null}
        </MessageBanner>
      ) : null}
      {refresh.isError ? (
        <MessageBanner tone="error" onDismiss={() => refresh.reset()}>
          <p>{ANALYTICS_MESSAGES.syncFailed}</p>
          {refreshDetail && refreshDetail !== ANALYTICS_MESSAGES.syncFailed ? (
            <p className="mt-1">{refreshDetail}</p>
          ) : null}
        </MessageBanner>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-slate-700">
          {sync.syncedAt ? `Updated ${dateTimeIn(sync.syncedAt, timeZone)}` : 'Not updated from TikTok yet'}
        </p>
        {blocked ? null : (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={syncing}
            onClick={() => {
              refresh.reset()
              refresh.mutate(accountId)
            }}
          >
            Refresh stats
          </button>
        )}
        {syncing ? <ProgressNote text={firstSync ? ANALYTICS_MESSAGES.pending : 'Refreshing stats…'} /> : null}
      </div>
    </div>
  )
}
