import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BestTimes } from '@hookpost/shared/analytics'
import { accountAnalyticsKey } from './analytics-keys'
import { apiRequest } from './api-client'

/**
 * GET /api/analytics/best-times?accountId=…: weekday × hour from the account's whole history, in the account's zone,
 * and its best hours (issue 19). One query for the Analytics tab's heat map and the Schedule form's suggested times,
 * so both show the same figures and a sync refreshes both.
 */
export async function getBestTimes(accountId: string): Promise<BestTimes> {
  return apiRequest<BestTimes>(`/api/analytics/best-times?${new URLSearchParams({ accountId }).toString()}`)
}

export function bestTimesQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...accountAnalyticsKey(accountId), 'best-times'] as const,
    queryFn: () => getBestTimes(accountId),
    // Figures change with the stats sync (hourly at most), whose `analytics.synced` refetches them: no need to ask
    // again on every visit.
    staleTime: 10 * 60_000,
  })
}

export function useBestTimes(accountId: string) {
  return useQuery(bestTimesQueryOptions(accountId))
}
