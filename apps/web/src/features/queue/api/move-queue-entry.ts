import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountQueueResponseSchema, type AccountQueue, type QueueMoveDirection } from '@hookpost/shared/queue'
import { apiRequest } from '../../../lib/api-client'
import { setCachedQueue } from './get-queues'

/** POST /api/queue/:accountId/entries/:entryId/move: the post swaps its time with its neighbour's. */
export async function moveQueueEntry(input: {
  accountId: string
  entryId: string
  direction: QueueMoveDirection
}): Promise<AccountQueue> {
  const payload = await apiRequest<unknown>(
    `/api/queue/${encodeURIComponent(input.accountId)}/entries/${encodeURIComponent(input.entryId)}/move`,
    { method: 'POST', body: { direction: input.direction } },
  )
  return accountQueueResponseSchema.parse(payload).queue
}

export function useMoveQueueEntry() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: moveQueueEntry, onSuccess: (queue) => setCachedQueue(queryClient, queue) })
}
