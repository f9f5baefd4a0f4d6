import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postListSchema, type Post } from '@hookpost/shared/posts'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'

/** POST /api/posts/refresh-status: the server asks TikTok about every post still in flight now → {posts}. */
export async function refreshPostStatuses(): Promise<Post[]> {
  const payload = await apiRequest<unknown>('/api/posts/refresh-status', { method: 'POST', body: {} })
  return postListSchema.parse(payload).posts
}

export function useRefreshPostStatuses() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshPostStatuses,
    onSuccess: (posts) => {
      for (const post of posts) upsertCachedPost(queryClient, post)
    },
  })
}
