import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, apiRequest } from '../../../lib/api-client'
import { removeCachedPost } from './get-posts'

/** DELETE /api/posts/:id (204); 409 while it is being published (it cannot be taken back from TikTok half-way). */
export async function deletePost(id: string): Promise<void> {
  try {
    await apiRequest<null>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' })
  } catch (error) {
    // Already gone (deleted in another tab): what the person asked for is true.
    if (error instanceof ApiRequestError && error.status === 404) return
    throw error
  }
}

export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_nothing, id) => removeCachedPost(queryClient, id),
  })
}
