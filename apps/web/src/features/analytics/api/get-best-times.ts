import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BestTimes } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { accountAnalyticsKey } from './analytics-key'

/** GET /api/analytics/best-times: weekday × hour from the account's whole history, in the account's zone. */
export async function getBestTimes(accountId: string): Promise<BestTimes> {
  return apiRequest<BestTimes>(`/api/analytics/best-times?${new URLSearchParams({ accountId }).toString()}`)
}

export function bestTimesQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...accountAnalyticsKey(accountId), 'best-times'] as const,
    queryFn: () => getBestTimes(accountId),
  })
}

export function useBestTimes(accountId: string) {
  return useQuery(bestTimesQueryOptions(accountId))
}
