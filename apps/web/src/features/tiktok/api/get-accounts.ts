import { queryOptions, useQuery } from '@tanstack/react-query'
import { tiktokAccountListSchema, type TiktokAccount } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'

/** Every query about the signed-in user's TikTok accounts starts with this key; mutations invalidate it. */
export const tiktokAccountsKey = ['tiktok', 'accounts'] as const

/** GET /api/tiktok/accounts: the signed-in user's accounts, newest first. */
export async function getTiktokAccounts(): Promise<TiktokAccount[]> {
  const payload = await apiRequest<unknown>('/api/tiktok/accounts')
  return tiktokAccountListSchema.parse(payload).accounts
}

export const tiktokAccountsQueryOptions = queryOptions({
  queryKey: tiktokAccountsKey,
  queryFn: getTiktokAccounts,
})

export function useTiktokAccounts() {
  return useQuery(tiktokAccountsQueryOptions)
}
