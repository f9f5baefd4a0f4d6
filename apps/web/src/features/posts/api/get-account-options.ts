import { useQuery } from '@tanstack/react-query'
import { tiktokAccountListSchema } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'

/** The post dialogs' own look at the person's TikTok accounts (the accounts feature keeps its list elsewhere). */
export const accountOptionsKey = ['tiktok-accounts', 'options'] as const

/** GET /api/tiktok/accounts: the accounts a post can be duplicated or moved to (Duplicate, Edit post). */
export function useAccountOptions() {
  return useQuery({
    queryKey: accountOptionsKey,
    queryFn: async () => tiktokAccountListSchema.parse(await apiRequest<unknown>('/api/tiktok/accounts')).accounts,
  })
}
