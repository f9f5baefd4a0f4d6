import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountQueueResponseSchema, type AccountQueue, type QueueSlot } from '@hookpost/shared/queue'
import { apiRequest } from '../../../lib/api-client'
import { setCachedQueue } from './get-queues'

/** PUT /api/queue/:accountId/slots: the account's whole set of slots (at most 50, each once). */
export async function setQueueSlots(input: { accountId: string; slots: QueueSlot[] }): Promise<AccountQueue> {
  const payload = await apiRequest<unknown>(`/api/queue/${encodeURIComponent(input.accountId)}/slots`, {
    method: 'PUT',
    body: { slots: input.slots },
  })
  return accountQueueResponseSchema.parse(payload).queue
}

export function useSetQueueSlots() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setQueueSlots, onSuccess: (queue) => setCachedQueue(queryClient, queue) })
}
