import { useMutation } from '@tanstack/react-query'
import type { MediaFile } from '@hookpost/shared/posts'
import { useLibraryItemResponseSchema } from '@hookpost/shared/library'
import { apiRequest } from '../../../lib/api-client'

/**
 * POST /api/library/use: the library video as a media file of the person's (a stock clip is copied once; their own
 * video is its rendered file), ready to be a created video's source or demo.
 */
export async function chooseLibraryItem(itemId: string): Promise<MediaFile> {
  const payload = await apiRequest<unknown>('/api/library/use', { method: 'POST', body: { itemId } })
  return useLibraryItemResponseSchema.parse(payload).media
}

export function useChooseLibraryItem() {
  return useMutation({ mutationFn: chooseLibraryItem })
}
