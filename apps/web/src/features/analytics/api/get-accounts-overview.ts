import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { AccountsOverview, AccountsOverviewQuery } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { allAccountsAnalyticsKey } from './analytics-key'

/** GET /api/analytics/accounts: every account of the person side by side for a range, and the sums (one request). */
export async function getAccountsOverview(query: AccountsOverviewQuery): Promise<AccountsOverview> {
  // The contract types this answer (packages/shared analytics.ts) without a runtime schema; the server builds it.
  return apiRequest<AccountsOverview>(`/api/analytics/accounts?${new URLSearchParams(query).toString()}`)
}

export function accountsOverviewQueryOptions(query: AccountsOverviewQuery) {
  return queryOptions({
    queryKey: [...allAccountsAnalyticsKey, query.from, query.to, query.tz] as const,
    queryFn: () => getAccountsOverview(query),
    // Another period: the last one stays on screen until the new one arrives.
    placeholderData: keepPreviousData,
  })
}

export function useAccountsOverview(query: AccountsOverviewQuery) {
  return useQuery(accountsOverviewQueryOptions(query))
}
