import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ResetTokenStatus } from '@hookpost/shared/auth'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/reset-password/check: whether the link's token still works. Nothing is used up, so it may repeat. */
export function checkResetTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => apiRequest<ResetTokenStatus>('/api/auth/reset-password/check', { method: 'POST', body: { token } }),
    // The answer holds for the page's life: a link only stops working by being used (which leaves the page) or by
    // expiring, which the reset itself then says.
    staleTime: Infinity,
    retry: false,
  })
}

export function useCheckResetToken(token: string) {
  return useQuery({ ...checkResetTokenQuery(token), enabled: token !== '' })
}
