import { useQuery } from '@tanstack/react-query'
import { connectAbandonResponseSchema, type ConnectOrigin } from '@hookpost/shared/tiktok'
import { apiRequest } from '../../../lib/api-client'

/** Nothing is known about where the flow began: "Try again" starts a new connect, the way back is the dashboard. */
export const UNKNOWN_ORIGIN: ConnectOrigin = { returnTo: null, accountId: null }

/**
 * POST /api/tiktok/connect/abandon: the flow ended on the callback page without an account (Deny on TikTok, an error
 * from TikTok, a failed callback). The server spends the state and says where the flow began and for which account.
 * Asking twice gives the same answer, so it is read like a query (once per state, kept for the page's life).
 */
export function abandonTiktokConnect(state: string): Promise<ConnectOrigin> {
  return apiRequest<unknown>('/api/tiktok/connect/abandon', { method: 'POST', body: { state } }).then((payload) =>
    connectAbandonResponseSchema.parse(payload),
  )
}

/**
 * Where the failed flow began (`UNKNOWN_ORIGIN` without a state, or if the answer does not come); `settled` once that
 * is known, so "Try again" does not start a different flow than the one that failed.
 */
export function useConnectOrigin(state: string | null, enabled: boolean): { origin: ConnectOrigin; settled: boolean } {
  const query = useQuery({
    queryKey: ['tiktok', 'connect-origin', state],
    queryFn: () => abandonTiktokConnect(state ?? ''),
    enabled: enabled && Boolean(state),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
  return { origin: query.data ?? UNKNOWN_ORIGIN, settled: !query.isLoading }
}
