import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postSchema, type Post } from '@hookpost/shared/posts'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'

const retriedPostResponseSchema = z.object({ post: postSchema })

/**
 * POST /api/posts/:id/retry → {post}, due now. Only a failed post: TikTok published nothing of it, so posting it again
 * never makes a second post (409 for any other state).
 */
export async function retryPost(id: string): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} })
  return retriedPostResponseSchema.parse(payload).post
}

export function useRetryPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryPost,
    onSuccess: (post) => upsertCachedPost(queryClient, post),
  })
}
