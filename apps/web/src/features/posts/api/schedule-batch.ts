import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postListSchema, type Post } from '@hookpost/shared/posts'
import type { BatchScheduleInput } from '@hookpost/shared/posts-batch'
import { apiRequest } from '../../../lib/api-client'
import { postsKey } from './posts-key'

/**
 * POST /api/posts/batch: schedules every row or none; 201 {posts} in the rows' order, or 400 with
 * `details[].path` = `rows.<index>.<field>` for each row's problems (`batchRowIssue` reads them).
 */
export async function scheduleBatch(body: BatchScheduleInput): Promise<Post[]> {
  const payload = await apiRequest<unknown>('/api/posts/batch', { method: 'POST', body })
  return postListSchema.parse(payload).posts
}

export function useScheduleBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: scheduleBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  })
}
