import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createdVideoResponseSchema, type CreateVideoInput, type CreatedVideo } from '@hookpost/shared/studio'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedVideo } from './get-videos'

/** POST /api/videos: 201 {video} (queued for rendering), or 400 {message, details?} when the server refuses it. */
export async function createVideo(body: CreateVideoInput): Promise<CreatedVideo> {
  const payload = await apiRequest<unknown>('/api/videos', { method: 'POST', body })
  return createdVideoResponseSchema.parse(payload).video
}

export function useCreateVideo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createVideo,
    // It shows in the list at once, queued; its progress follows from live events.
    onSuccess: (video) => upsertCachedVideo(queryClient, video),
  })
}
