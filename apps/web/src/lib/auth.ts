import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
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

let signingOut = false

/**
 * True from the moment someone asks to sign out until the cache is forgotten. The app's query defaults are disabled
 * meanwhile, so nothing on the signed-in screens (a focus refetch, a catch-up after the event stream closed) asks the
 * server again after the cookie is gone and meets a 401.
 */
export function isSigningOut(): boolean {
  return signingOut
}

/**
 * Signs out and returns to / (spec §2). The cache is forgotten only once the signed-in screens have gone (when the
 * component using this unmounts with them): clearing it while they are still on screen would make them fetch their
 * data again, after the cookie is gone, and meet a 401.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signedOut = useRef(false)
  useEffect(
    () => () => {
      if (!signedOut.current) return
      // Whatever the server said, nothing of this user's may stay in the browser's cache.
      queryClient.clear()
      queryClient.setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user: null })
      signingOut = false
    },
    [queryClient],
  )
  return useMutation({
    onMutate: async () => {
      signingOut = true
      await queryClient.cancelQueries()
    },
    mutationFn: () => apiRequest<{ message: string }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: async () => {
      signedOut.current = true
      await navigate('/', { replace: true })
    },
  })
}
