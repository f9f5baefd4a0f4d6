import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createdVideoResponseSchema, type CreatedVideo } from '@hookpost/shared/studio'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedVideo, videosKey } from './get-videos'

/** POST /api/videos/:id/retry: a failed render is queued again (its sources were kept). Answers {video}. */
export async function retryVideo(id: string): Promise<CreatedVideo | null> {
  const payload = await apiRequest<unknown>(`/api/videos/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} })
  const parsed = createdVideoResponseSchema.safeParse(payload)
  return parsed.success ? parsed.data.video : null
}

export function useRetryVideo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryVideo,
    onSuccess: (video) =>
      video ? upsertCachedVideo(queryClient, video) : queryClient.invalidateQueries({ queryKey: videosKey }),
  })
}
