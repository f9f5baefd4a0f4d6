import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccountUpdate, TiktokAccount } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'
import { accountResponseSchema } from './account-response'
import { tiktokAccountsKey } from './get-accounts'

/** PATCH /api/tiktok/accounts/:id: name, username and the description that feeds AI hooks. */
export async function updateTiktokAccount({ id, body }: { id: string; body: AccountUpdate }): Promise<TiktokAccount> {
  const payload = await apiRequest<unknown>(`/api/tiktok/accounts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  })
  return accountResponseSchema.parse(payload).account
}

export function useUpdateTiktokAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTiktokAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiktokAccountsKey }),
  })
}
