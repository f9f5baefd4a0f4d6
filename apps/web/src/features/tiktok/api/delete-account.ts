import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { tiktokAccountsKey } from './get-accounts'

/** DELETE /api/tiktok/accounts/:id (204). The server deletes the account's scheduled posts with it. */
export async function deleteTiktokAccount(id: string): Promise<void> {
  await apiRequest<null>(`/api/tiktok/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export function useDeleteTiktokAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTiktokAccount,
    // Refetch even after a failure: a 404 means the account is already gone (deleted in another tab).
    onSettled: () => queryClient.invalidateQueries({ queryKey: tiktokAccountsKey }),
  })
}
