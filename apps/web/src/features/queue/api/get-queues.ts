import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { queueListSchema, type AccountQueue } from '@hookpost/shared/queue'
import type { ServerEvent } from '@hookpost/shared/events'
import { apiRequest } from '../../../lib/api-client'

export const queuesKey = ['queues'] as const

/** GET /api/queue: every account's queue (slots, zone, paused, posts in order, next free slots). */
export async function getQueues(): Promise<AccountQueue[]> {
  return queueListSchema.parse(await apiRequest<unknown>('/api/queue')).queues
}

export const queuesQueryOptions = queryOptions({ queryKey: queuesKey, queryFn: getQueues })

export function useQueues() {
  return useQuery(queuesQueryOptions)
}

/** An account's queue in the cache, as the server answered after a change. */
export function setCachedQueue(queryClient: QueryClient, queue: AccountQueue) {
  queryClient.setQueryData<AccountQueue[]>(queuesKey, (all) =>
    all ? all.map((q) => (q.accountId === queue.accountId ? queue : q)) : all,
  )
}

/**
 * A post changed or was deleted (it went out, was edited or moved in the calendar): the queue it may be in is
 * fetched again, if a queue is on screen.
 */
export function applyQueueEvent(queryClient: QueryClient, event: ServerEvent) {
  if (event.type === 'post.updated' || event.type === 'post.deleted') {
    void queryClient.invalidateQueries({ queryKey: queuesKey })
  }
}

export function refetchQueuesAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queuesKey })
}
