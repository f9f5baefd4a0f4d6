import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangeEmailBody, ChangePasswordBody, MessageResponse } from '@hookpost/shared/auth'
import { apiRequest } from '../../../lib/api-client'
import { profileQueryOptions } from './profile-api'

/** POST /api/account/password: this browser's session is renewed by the answer's cookie; every other one ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<MessageResponse>('/api/account/password', { method: 'POST', body }),
  })
}

/** POST /api/account/email: mails a link to the new address; nothing changes until it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => apiRequest<MessageResponse>('/api/account/email', { method: 'POST', body }),
  })
}

/** POST /api/account/verification-email: a new link for the current address. */
export function useResendVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('/api/account/verification-email', { method: 'POST', body: {} }),
    // "Already verified" means the page is out of date (verified in another tab): show the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
  })
}
