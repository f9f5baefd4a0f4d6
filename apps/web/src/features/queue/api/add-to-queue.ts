import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addToQueueResponseSchema, type AddToQueueInput } from '@hookpost/shared/queue'
import type { Post } from '@hookpost/shared/posts'
import { apiRequest } from '../../../lib/api-client'
import { setCachedQueue } from './get-queues'

/** POST /api/queue/:accountId/posts: schedules the video at the account's next free slot; 201 {post, queue}. */
export async function addToQueue(accountId: string, body: AddToQueueInput) {
  const payload = await apiRequest<unknown>(`/api/queue/${encodeURIComponent(accountId)}/posts`, {
    method: 'POST',
    body,
  })
  return addToQueueResponseSchema.parse(payload)
}

/** "Add to queue" for the Schedule form: the new post (the calendar follows it over the live updates). */
export function useAddToQueue() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (input: { accountId: string; body: AddToQueueInput }) => addToQueue(input.accountId, input.body),
    onSuccess: ({ queue }) => setCachedQueue(queryClient, queue),
  })
  return async (accountId: string, body: AddToQueueInput): Promise<Post> =>
    (await mutation.mutateAsync({ accountId, body })).post
}
