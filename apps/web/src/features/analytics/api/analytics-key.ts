import type { QueryClient } from '@tanstack/react-query'
import type { AnalyticsQuery } from '@hookpost/shared/analytics'
import type { ServerEvent } from '@hookpost/shared/events'
import { accountAnalyticsKey, analyticsKey } from '../../../lib/analytics-keys'

/** The all-accounts overview's queries (issue 30 item 10): refreshed whenever any account's sync finishes. */
export const allAccountsAnalyticsKey = [...analyticsKey, 'all-accounts'] as const

/** The key of a range query: the account, what is asked, then the range (and any extra, e.g. the sort). */
export function rangeQueryKey(kind: string, query: AnalyticsQuery, ...extra: string[]) {
  return [...accountAnalyticsKey(query.accountId), kind, query.from, query.to, query.tz, ...extra] as const
}

/**
 * While another period of the same account loads, the last one stays on screen (no flash of a spinner); another
 * account's figures never stand in for this one's.
 */
export function keepSameAccount<T>(accountId: string) {
  return (previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    previousQuery?.queryKey[1] === accountId ? previous : undefined
}

/**
 * Applies one live event (`GET /api/events`) to the analytics caches. `analytics.synced` says an account's figures
 * were fetched (or the fetch found a problem): everything shown about that account is fetched again, its sync state
 * included, which ends the "Refreshing stats" progress — and the all-accounts overview, which sums it in.
 */
export function applyAnalyticsEvent(queryClient: QueryClient, event: ServerEvent) {
  switch (event.type) {
    case 'analytics.synced':
      void queryClient.invalidateQueries({ queryKey: accountAnalyticsKey(event.accountId) })
      // The all-accounts sums include this account's figures.
      void queryClient.invalidateQueries({ queryKey: allAccountsAnalyticsKey })
      return
    case 'post.updated':
    case 'post.deleted':
    case 'post.progress':
    case 'video.updated':
    case 'video.deleted':
    case 'video.progress':
    case 'automation.updated':
    case 'notification.created':
    case 'notifications.read':
    case 'slideshow.updated':
    case 'slideshow.deleted':
      // A post going out has no figures until the next sync, which says so with analytics.synced.
      return
  }
}

/** After the live stream was interrupted, a sync may have finished unseen: fetch what is shown again, once. */
export function refetchAnalyticsAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: analyticsKey })
}
