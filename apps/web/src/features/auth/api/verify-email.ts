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

/** POST /api/auth/verify-email; afterwards the session and the profile are read again (the address may have changed). */
export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => queryClient.invalidateQueries(),
  })
}
