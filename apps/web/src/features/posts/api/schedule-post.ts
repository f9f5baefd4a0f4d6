import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postSchema, type Post, type SchedulePostInput } from '@hookpost/shared/posts'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { postsKey } from './posts-key'

const scheduledPostResponseSchema = z.object({ post: postSchema })

/** POST /api/posts: schedule a post; 201 {post}, or 400/409 {message, details?}. */
export async function schedulePost(body: SchedulePostInput): Promise<Post> {
  const payload = await apiRequest<unknown>('/api/posts', { method: 'POST', body })
  return scheduledPostResponseSchema.parse(payload).post
}

export function useSchedulePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: schedulePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  })
}
