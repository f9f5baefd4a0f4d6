import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postListSchema, type Post } from '@hookpost/shared/posts'
import type { DuplicatePostInput } from '@hookpost/shared/posts-changes'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'

/**
 * POST /api/posts/:id/duplicate → 201 {posts}: one new scheduled post per chosen account (the post's own without
 * `accounts`), with the same video, caption and settings at the date, time and zone given. All or none: a 400 names
 * each account that cannot take its copy in `details[].path` (`accounts.<index>.<field>`), or the time's field; 404
 * for a post or an account that is not the person's.
 */
export async function duplicatePost(id: string, body: DuplicatePostInput): Promise<Post[]> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body })
  return postListSchema.parse(payload).posts
}

export function useDuplicatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DuplicatePostInput }) => duplicatePost(id, body),
    onSuccess: (posts) => {
      for (const post of posts) upsertCachedPost(queryClient, post)
    },
  })
}
