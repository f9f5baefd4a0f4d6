import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postSchema, type CalendarPost, type Post, type reschedulePostBodySchema } from '@hookpost/shared/posts'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { postsKey } from './posts-key'
import { placeCalendarPost, upsertCachedPost } from './get-posts'

export type ReschedulePostBody = z.input<typeof reschedulePostBodySchema>

const rescheduledPostResponseSchema = z.object({ post: postSchema })

/**
 * PATCH /api/posts/:id {date, time, timeZone} → {post}. 409 when the post is no longer scheduled, 400 for a moment in
 * the past or a time the clocks skip.
 */
export async function reschedulePost(id: string, body: ReschedulePostBody): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}`, { method: 'PATCH', body })
  return rescheduledPostResponseSchema.parse(payload).post
}

export type RescheduleVariables = {
  post: CalendarPost
  body: ReschedulePostBody
  /** Where the post will be once the server agrees (ISO): shown at once, taken back if it refuses. */
  scheduledAt: string
}

/** Optimistic: the post moves on screen immediately; on a refusal it goes back and the lists are fetched again. */
export function useReschedulePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ post, body }: RescheduleVariables) => reschedulePost(post.id, body),
    onMutate: async ({ post, scheduledAt }) => {
      // A list fetch already on its way would land the old position on top of the optimistic one.
      await queryClient.cancelQueries({ queryKey: postsKey })
      placeCalendarPost(queryClient, { ...post, scheduledAt })
    },
    onSuccess: (post) => upsertCachedPost(queryClient, post),
    onError: async (_error, { post }) => {
      placeCalendarPost(queryClient, post)
      // The refusal may mean the post changed meanwhile (already publishing, deleted): ask for the truth.
      await queryClient.invalidateQueries({ queryKey: postsKey })
    },
  })
}
