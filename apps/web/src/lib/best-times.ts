import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BestTimes } from '@hookpost/shared/analytics'
import { accountAnalyticsKey } from './analytics-keys'
import { apiRequest } from './api-client'

/**
 * GET /api/analytics/best-times?accountId=…[&tz=…]: weekday × hour from the account's whole history, and its best
 * hours (issue 19) — in the account's zone, or in `timeZone` when given (the Analytics tab shows every time in the
 * person's zone, ADR 051). One query for the Analytics tab's heat map and the Schedule form's suggested times, so a
 * sync refreshes both.
 */
export async function getBestTimes(accountId: string, timeZone?: string): Promise<BestTimes> {
  const search = new URLSearchParams({ accountId, ...(timeZone ? { tz: timeZone } : {}) })
  return apiRequest<BestTimes>(`/api/analytics/best-times?${search.toString()}`)
}

export function bestTimesQueryOptions(accountId: string, timeZone?: string) {
  return queryOptions({
    queryKey: [...accountAnalyticsKey(accountId), 'best-times', timeZone ?? 'account zone'] as const,
    queryFn: () => getBestTimes(accountId, timeZone),
    // Figures change with the stats sync (hourly at most), whose `analytics.synced` refetches them: no need to ask
    // again on every visit.
    staleTime: 10 * 60_000,
  })
}

export function useBestTimes(accountId: string, timeZone?: string) {
  return useQuery(bestTimesQueryOptions(accountId, timeZone))
}
