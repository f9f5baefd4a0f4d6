import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AnalyticsOverview, AnalyticsQuery } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { analyticsSearch } from '../utils/period'
import { keepSameAccount, rangeQueryKey } from './analytics-key'

/** GET /api/analytics/overview: totals, growth against the previous period and the daily series of one account. */
export async function getAnalyticsOverview(query: AnalyticsQuery): Promise<AnalyticsOverview> {
  // The contract types this answer (packages/shared analytics.ts) without a runtime schema; the server builds it.
  return apiRequest<AnalyticsOverview>(`/api/analytics/overview?${analyticsSearch(query)}`)
}

export function analyticsOverviewQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: rangeQueryKey('overview', query),
    queryFn: () => getAnalyticsOverview(query),
    placeholderData: keepSameAccount<AnalyticsOverview>(query.accountId),
  })
}

export function useAnalyticsOverview(query: AnalyticsQuery) {
  return useQuery(analyticsOverviewQueryOptions(query))
}
