import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postSchema, type DuplicatePostInput, type Post } from '@hookpost/shared/posts'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'

const duplicatedPostResponseSchema = z.object({ post: postSchema })

/**
 * POST /api/posts/:id/duplicate → 201 {post}: a new scheduled post with the same video, account, caption and settings
 * at the date, time and zone given. 400 with the field in `details[].path` for a time scheduling refuses; 404 for a
 * post that is not the person's.
 */
export async function duplicatePost(id: string, body: DuplicatePostInput): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body })
  return duplicatedPostResponseSchema.parse(payload).post
}

export function useDuplicatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DuplicatePostInput }) => duplicatePost(id, body),
    onSuccess: (post) => upsertCachedPost(queryClient, post),
  })
}
