import { useQuery } from '@tanstack/react-query'
import { slideshowListSchema, type Slideshow } from '@hookpost/shared/slideshows'
import { apiRequest } from '../../../lib/api-client'

/** The composer's own look at the person's slideshows (the studio keeps its list under `['slideshows', 'list']`). */
export const slideshowOptionsKey = ['slideshows', 'options'] as const

/** A slideshow a photo post can send: its slides rendered, a photo set made. */
export function isPostable(slideshow: Slideshow): boolean {
  return slideshow.state === 'processed' && slideshow.photoSetId !== null
}

/** GET /api/slideshows, for the composer's slideshow picker: newest first. */
export function useSlideshowOptions(enabled: boolean) {
  return useQuery({
    queryKey: slideshowOptionsKey,
    enabled,
    queryFn: async () =>
      slideshowListSchema
        .parse(await apiRequest<unknown>('/api/slideshows'))
        .slideshows.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  })
}
