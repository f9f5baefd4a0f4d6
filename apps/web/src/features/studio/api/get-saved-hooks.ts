import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { savedHookListSchema, type SavedHook } from '@hookpost/shared/studio'
import { apiRequest } from '../../../lib/api-client'

export const savedHooksKey = ['saved-hooks'] as const

/** product.md §7: saved hooks newest first (the id breaks ties, as the server does). */
function newestFirst(a: SavedHook, b: SavedHook): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
}

/** GET /api/saved-hooks: the signed-in user's saved hooks, newest first. */
export async function getSavedHooks(): Promise<SavedHook[]> {
  const payload = await apiRequest<unknown>('/api/saved-hooks')
  return savedHookListSchema.parse(payload).hooks.sort(newestFirst)
}

export const savedHooksQueryOptions = queryOptions({ queryKey: savedHooksKey, queryFn: getSavedHooks })

export function useSavedHooks() {
  return useQuery(savedHooksQueryOptions)
}

export function addCachedSavedHook(queryClient: QueryClient, hook: SavedHook) {
  queryClient.setQueryData<SavedHook[]>(savedHooksKey, (hooks) =>
    hooks ? [hook, ...hooks.filter((h) => h.id !== hook.id)].sort(newestFirst) : hooks,
  )
}

export function removeCachedSavedHook(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<SavedHook[]>(savedHooksKey, (hooks) => hooks?.filter((h) => h.id !== id))
}
