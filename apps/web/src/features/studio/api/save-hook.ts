import { useMutation, useQueryClient } from '@tanstack/react-query'
import { savedHookResponseSchema, type SavedHook, type SavedHookInput } from '@hookpost/shared/studio'
import { apiRequest } from '../../../lib/api-client'
import { addCachedSavedHook } from './get-saved-hooks'

/** POST /api/saved-hooks: 201 {hook}; 400 for bad text, 409 when the person already keeps the most hooks allowed. */
export async function saveHook(body: SavedHookInput): Promise<SavedHook> {
  const payload = await apiRequest<unknown>('/api/saved-hooks', { method: 'POST', body })
  return savedHookResponseSchema.parse(payload).hook
}

export function useSaveHook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveHook,
    onSuccess: (hook) => addCachedSavedHook(queryClient, hook),
  })
}
