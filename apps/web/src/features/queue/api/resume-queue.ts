import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountQueueResponseSchema, type AccountQueue } from '@hookpost/shared/queue'
import { apiRequest } from '../../../lib/api-client'
import { setCachedQueue } from './get-queues'

/**
 * POST /api/queue/:accountId/resume: held posts are scheduled again, in order, at the next free slots; 409 saying why
 * when one cannot be (the queue then stays paused).
 */
export async function resumeQueue(accountId: string): Promise<AccountQueue> {
  const payload = await apiRequest<unknown>(`/api/queue/${encodeURIComponent(accountId)}/resume`, {
    method: 'POST',
    body: {},
  })
  return accountQueueResponseSchema.parse(payload).queue
}

export function useResumeQueue() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resumeQueue, onSuccess: (queue) => setCachedQueue(queryClient, queue) })
}
