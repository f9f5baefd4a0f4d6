import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postSchema, type Post } from '@hookpost/shared/posts'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'
import { postKey } from './edit-post'

const postedNowResponseSchema = z.object({ post: postSchema })

/**
 * POST /api/posts/:id/post-now → {post}, due now. Only a scheduled post (409 for a draft, or one being published or
 * done); the server's publishing engine posts it once, and its progress arrives over the live events.
 */
export async function postNow(id: string): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/post-now`, {
    method: 'POST',
    body: {},
  })
  return postedNowResponseSchema.parse(payload).post
}

export function usePostNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postNow,
    onSuccess: (post) => upsertCachedPost(queryClient, post),
    // Refused: the post changed meanwhile (it started going out at its time): show what it is now.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: postKey(id) }),
  })
}
