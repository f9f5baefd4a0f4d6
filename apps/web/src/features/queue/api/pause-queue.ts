import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountQueueResponseSchema, type AccountQueue } from '@hookpost/shared/queue'
import { apiRequest } from '../../../lib/api-client'
import { setCachedQueue } from './get-queues'

/** POST /api/queue/:accountId/pause: the queue's posts are held (taken off the schedule) until it is resumed. */
export async function pauseQueue(accountId: string): Promise<AccountQueue> {
  const payload = await apiRequest<unknown>(`/api/queue/${encodeURIComponent(accountId)}/pause`, {
    method: 'POST',
    body: {},
  })
  return accountQueueResponseSchema.parse(payload).queue
}

export function usePauseQueue() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: pauseQueue, onSuccess: (queue) => setCachedQueue(queryClient, queue) })
}
