import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { SessionResponse, SessionUser } from '@hookpost/shared/auth'
import { apiRequest } from './api-client'

/** The session is app-wide state (route guards, the top bar), so it lives in lib/, not in a feature. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: () => apiRequest<SessionResponse>('/api/auth/session'),
  staleTime: 5 * 60 * 1000,
  retry: 1,
})

export function useSession() {
  return useQuery(sessionQueryOptions)
}

export function useSetSessionUser() {
  const queryClient = useQueryClient()
  return (user: SessionUser | null) => {
    queryClient.setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user })
  }
}

/** Signs out and returns to / (spec §2). Leaves the protected area first, then forgets everything cached. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: async () => {
      await navigate('/', { replace: true })
      // Whatever the server said, nothing of this user's may stay in the browser's cache.
      queryClient.clear()
      queryClient.setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user: null })
    },
  })
}
