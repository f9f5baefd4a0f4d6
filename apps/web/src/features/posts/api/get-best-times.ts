import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BestTimes } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'

/** GET /api/analytics/best-times?accountId=…: the account's weekday × hour map and its best hours (issue 19). */
export async function getBestTimes(accountId: string): Promise<BestTimes> {
  return apiRequest<BestTimes>(`/api/analytics/best-times?accountId=${encodeURIComponent(accountId)}`)
}

export function bestTimesQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['analytics', 'best-times', accountId] as const,
    queryFn: () => getBestTimes(accountId),
    // Figures change with the stats sync (hourly at most): no need to ask again on every visit.
    staleTime: 10 * 60_000,
    retry: false,
  })
}

export function useBestTimes(accountId: string, enabled = true) {
  return useQuery({ ...bestTimesQueryOptions(accountId), enabled })
}
