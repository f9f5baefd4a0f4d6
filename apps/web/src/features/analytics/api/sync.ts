import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { accountSyncStateSchema, type AccountSyncState } from '@hookpost/shared/analytics'
import { apiRequest } from '../../../lib/api-client'
import { accountAnalyticsKey } from '../../../lib/analytics-keys'

const syncAnswerSchema = z.object({ sync: accountSyncStateSchema })

function syncKey(accountId: string) {
  return [...accountAnalyticsKey(accountId), 'sync'] as const
}

/** GET /api/analytics/sync: whether the account's figures are fresh, being fetched, or cannot be (and why). */
export async function getSyncState(accountId: string): Promise<AccountSyncState> {
  const search = new URLSearchParams({ accountId }).toString()
  return syncAnswerSchema.parse(await apiRequest<unknown>(`/api/analytics/sync?${search}`)).sync
}

export function syncStateQueryOptions(accountId: string) {
  return queryOptions({ queryKey: syncKey(accountId), queryFn: () => getSyncState(accountId) })
}

export function useSyncState(accountId: string) {
  return useQuery(syncStateQueryOptions(accountId))
}

/** POST /api/analytics/sync: fetch this account's figures now (202; `analytics.synced` follows when done). */
export async function requestSync(accountId: string): Promise<AccountSyncState> {
  return syncAnswerSchema.parse(await apiRequest<unknown>('/api/analytics/sync', { body: { accountId } })).sync
}

/**
 * 'Refresh stats'. The answer says the sync is queued; the state is then asked again, because the sync may already
 * have finished (and its event arrived) before the answer did, and a stale "syncing" would never end.
 */
export function useRequestSync() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestSync,
    onSuccess: (sync, accountId) => {
      queryClient.setQueryData(syncKey(accountId), sync)
      void queryClient.invalidateQueries({ queryKey: syncKey(accountId) })
    },
  })
}
