import { useMutation, useQueryClient } from '@tanstack/react-query'
import { connectCallbackResponseSchema, type TiktokAccount } from '@hookpost/shared/tiktok'
import { ApiRequestError, apiRequest } from '../../../lib/api-client'
import { tiktokAccountsKey } from './get-accounts'

export type ConnectedAccount = { account: TiktokAccount; returnTo: string | null }
export type ConnectCallbackParams = { code: string; state: string; scopes?: string | undefined }

/**
 * One request per `state`, for the life of the page: an authorization code is single-use, so a second POST (React
 * StrictMode runs effects twice; the page may remount) would fail and hide the first one's success.
 */
const requests = new Map<string, Promise<ConnectedAccount>>()

/** POST /api/tiktok/callback: trades the code TikTok put in the callback URL for a connected account, and says where the flow began. */
export function completeTiktokConnect({ code, state, scopes }: ConnectCallbackParams): Promise<ConnectedAccount> {
  const pending = requests.get(state)
  if (pending) return pending
  const request = apiRequest<unknown>('/api/tiktok/callback', {
    method: 'POST',
    body: scopes === undefined ? { code, state } : { code, state, scopes },
  }).then(
    (payload) => connectCallbackResponseSchema.parse(payload),
    (error: unknown) => {
      // Signed out meanwhile: the server refused before looking at the code, so after signing in it may be tried again.
      if (error instanceof ApiRequestError && error.status === 401) requests.delete(state)
      throw error
    },
  )
  requests.set(state, request)
  return request
}

export function useCompleteTiktokConnect() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeTiktokConnect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiktokAccountsKey }),
  })
}

/** For tests: forget which callbacks were already sent. */
export function resetCompletedConnects() {
  requests.clear()
}
