import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, apiRequest } from '../../../lib/api-client'
import { removeCachedVideo } from './get-videos'

/** DELETE /api/videos/:id (204); 409 with the reason while a scheduled post uses the rendered file. */
export async function deleteVideo(id: string): Promise<void> {
  try {
    await apiRequest<null>(`/api/videos/${encodeURIComponent(id)}`, { method: 'DELETE' })
  } catch (error) {
    // Already gone (deleted in another tab): what the person asked for is true.
    if (error instanceof ApiRequestError && error.status === 404) return
    throw error
  }
}

export function useDeleteVideo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_nothing, id) => removeCachedVideo(queryClient, id),
  })
}
