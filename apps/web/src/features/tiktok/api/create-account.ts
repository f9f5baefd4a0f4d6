import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccountForm, TiktokAccount } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'
import { accountResponseSchema } from './account-response'
import { tiktokAccountsKey } from './get-accounts'

/** POST /api/tiktok/accounts: an account added by hand in the dialog (status `not_connected` until it is connected). */
export async function createTiktokAccount(body: AccountForm): Promise<TiktokAccount> {
  const payload = await apiRequest<unknown>('/api/tiktok/accounts', { method: 'POST', body })
  return accountResponseSchema.parse(payload).account
}

export function useCreateTiktokAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTiktokAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiktokAccountsKey }),
  })
}
