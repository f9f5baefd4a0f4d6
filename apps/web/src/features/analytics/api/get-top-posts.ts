import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AnalyticsQuery, TopPost, TopPostsSort } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { analyticsSearch } from '../utils/period'
import { keepSameAccount, rangeQueryKey } from './analytics-key'

/** How many top posts the tab shows (the endpoint allows 1–50). */
export const TOP_POSTS_LIMIT = 10

/** GET /api/analytics/top-posts: the account's best posts published in the range, by views or engagement rate. */
export async function getTopPosts(query: AnalyticsQuery, sort: TopPostsSort): Promise<TopPost[]> {
  const search = analyticsSearch(query, { sort, limit: String(TOP_POSTS_LIMIT) })
  return (await apiRequest<{ posts: TopPost[] }>(`/api/analytics/top-posts?${search}`)).posts
}

export function topPostsQueryOptions(query: AnalyticsQuery, sort: TopPostsSort) {
  return queryOptions({
    queryKey: rangeQueryKey('top-posts', query, sort),
    queryFn: () => getTopPosts(query, sort),
    placeholderData: keepSameAccount<TopPost[]>(query.accountId),
  })
}

export function useTopPosts(query: AnalyticsQuery, sort: TopPostsSort) {
  return useQuery(topPostsQueryOptions(query, sort))
}
