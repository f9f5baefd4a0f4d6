import { useMutation, useQuery } from '@tanstack/react-query'
import { libraryListSchema, useLibraryItemResponseSchema, type LibraryItem } from '@hookpost/shared/library'
import type { MediaFile } from '@hookpost/shared/posts'
import { apiRequest } from '../../../lib/api-client'

/** The Edit post dialog's own look at the Library (the studio keeps its list elsewhere). */
export const videoOptionsKey = ['library', 'options'] as const

/** GET /api/library: the person's rendered videos and the stock clips a post's video can be replaced with. */
export function useVideoOptions(enabled: boolean) {
  return useQuery({
    queryKey: videoOptionsKey,
    enabled,
    queryFn: async (): Promise<LibraryItem[]> =>
      libraryListSchema.parse(await apiRequest<unknown>('/api/library')).videos,
  })
}

/** POST /api/library/use: the chosen Library video as a media file of the person's, which a post can send. */
export async function takeLibraryVideo(itemId: string): Promise<MediaFile> {
  const payload = await apiRequest<unknown>('/api/library/use', { method: 'POST', body: { itemId } })
  return useLibraryItemResponseSchema.parse(payload).media
}

export function useTakeLibraryVideo() {
  return useMutation({ mutationFn: takeLibraryVideo })
}
