import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AnalyticsQuery, Leaderboard } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { analyticsSearch } from '../utils/period'
import { keepSameAccount, rangeQueryKey } from './analytics-key'

/** GET /api/analytics/leaderboard: the account's hooks ranked by views relative to its typical post, per dimension. */
export async function getLeaderboard(query: AnalyticsQuery): Promise<Leaderboard> {
  return apiRequest<Leaderboard>(`/api/analytics/leaderboard?${analyticsSearch(query)}`)
}

export function leaderboardQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: rangeQueryKey('leaderboard', query),
    queryFn: () => getLeaderboard(query),
    placeholderData: keepSameAccount<Leaderboard>(query.accountId),
  })
}

export function useLeaderboard(query: AnalyticsQuery) {
  return useQuery(leaderboardQueryOptions(query))
}
