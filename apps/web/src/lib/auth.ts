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

/** What the public site shows once someone left the signed-in app (the layout reads it from the navigation state). */
export type LeftAppState = { notice?: string }

/**
 * Leaving the signed-in app for the public site: `prepare()` stops every query (nothing asks the server again once
 * the cookie is gone), `leave()` goes to /. The cache is forgotten only once the signed-in screens have gone (when
 * the component using this unmounts with them): clearing it while they are still on screen would make them fetch
 * their data again, after the cookie is gone, and meet a 401.
 */
function useLeaveSignedInApp() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const left = useRef(false)
  useEffect(
    () => () => {
      if (!left.current) return
      // Whatever the server said, nothing of this user's may stay in the browser's cache.
      queryClient.clear()
      queryClient.setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user: null })
      signingOut = false
    },
    [queryClient],
  )
  return {
    async prepare() {
      signingOut = true
      await queryClient.cancelQueries()
    },
    /** Staying after all (the server refused): queries run again. */
    stay() {
      signingOut = false
    },
    async leave(state?: LeftAppState) {
      left.current = true
      await navigate('/', { replace: true, ...(state ? { state } : {}) })
    },
  }
}

/** Signs out and returns to / (product.md §2). */
export function useSignOut() {
  const app = useLeaveSignedInApp()
  return useMutation({
    onMutate: () => app.prepare(),
    mutationFn: () => apiRequest<{ message: string }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => app.leave(),
  })
}

/**
 * "Delete my account": once the server has deleted it (and expired the cookie), leaves for the public site, which
 * says so. A refusal (a wrong password) keeps the person where they are, with the server's message.
 */
export function useDeleteAccount() {
  const app = useLeaveSignedInApp()
  return useMutation({
    // Nothing refetches while the account goes: a refetch meeting the 401 would send the person to /login instead.
    onMutate: () => app.prepare(),
    mutationFn: (body: { password: string }) =>
      apiRequest<{ message: string }>('/api/account', { method: 'DELETE', body }),
    onError: () => app.stay(),
    onSuccess: (data) => app.leave({ notice: data.message }),
  })
}
