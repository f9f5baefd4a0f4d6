import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, apiRequest } from '../../../lib/api-client'
import { removeCachedSavedHook } from './get-saved-hooks'

/** DELETE /api/saved-hooks/:id (204). */
export async function deleteSavedHook(id: string): Promise<void> {
  try {
    await apiRequest<null>(`/api/saved-hooks/${encodeURIComponent(id)}`, { method: 'DELETE' })
  } catch (error) {
    // Already gone (deleted in another tab): what the person asked for is true.
    if (error instanceof ApiRequestError && error.status === 404) return
    throw error
  }
}

export function useDeleteSavedHook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedHook,
    onSuccess: (_nothing, id) => removeCachedSavedHook(queryClient, id),
  })
}
