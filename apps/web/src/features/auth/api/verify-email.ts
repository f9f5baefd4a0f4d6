import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '@hookpost/shared/auth'
import { apiRequest } from '../../../lib/api-client'

/**
 * One request per token, for the life of the page: a change-of-address link works once, so a second POST (React
 * StrictMode runs effects twice; the page may remount) would fail and hide the first one's success.
 */
const requests = new Map<string, Promise<MessageResponse>>()

function verifyEmail(token: string): Promise<MessageResponse> {
  const pending = requests.get(token)
  if (pending) return pending
  const request = apiRequest<MessageResponse>('/api/auth/verify-email', { method: 'POST', body: { token } })
  requests.set(token, request)
  return request
}

/**
 * POST /api/auth/verify-email; afterwards the session and the profile are read again (the address may have changed).
 * Reads still in flight are cancelled first: the page asks for the session as it opens, beside this POST, and React
 * Query joins an invalidation onto a first read still under way, so that read's answer — the old address, if the
 * server read it before the change — would stay for the session's whole staleTime (the top bar showing the old one).
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmail,
    // Not awaited: the answer shows at once, the reads follow.
    onSettled: () => {
      void queryClient.cancelQueries().then(() => queryClient.invalidateQueries())
    },
  })
}
