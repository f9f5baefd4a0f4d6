import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@hookpost/shared/events'
import { libraryListSchema, slideshowLibraryFacts, type LibraryItem } from '@hookpost/shared/library'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { apiRequest } from '../../../lib/api-client'

export const libraryKey = ['library'] as const

/** While the server's first start is still making stock clips, look again this often. */
export const LIBRARY_PREPARING_POLL_MS = 2000

export interface Library {
  videos: LibraryItem[]
  preparing: boolean
}

/** GET /api/library: stock clips (those made so far), then the person's rendered videos and slideshows, newest first. */
export async function getLibrary(): Promise<Library> {
  return libraryListSchema.parse(await apiRequest<unknown>('/api/library'))
}

export const libraryQueryOptions = queryOptions({
  queryKey: libraryKey,
  queryFn: getLibrary,
  refetchInterval: (query) => (query.state.data?.preparing ? LIBRARY_PREPARING_POLL_MS : false),
})

export function useLibrary() {
  return useQuery(libraryQueryOptions)
}

/** Whether the cached item still says what the Library shows of the slideshow as the server now has it. */
function showsAsItIs(item: LibraryItem, slideshow: Slideshow): boolean {
  const facts = slideshowLibraryFacts(slideshow)
  return (
    item.title === facts.title &&
    item.description === facts.description &&
    item.thumbnailUrl === facts.thumbnailUrl &&
    item.videoUrl === facts.videoUrl &&
    item.slideshow?.slideCount === facts.slideshow.slideCount &&
    item.slideshow.exportState === facts.slideshow.exportState
  )
}

/**
 * A slideshow's live event, for the cached Library (issue 29): a deleted slideshow leaves it at once; a new one, or a
 * change the Library shows (an export that finished makes it a video; a title, the cover, the slides) has the list
 * fetched again — the item's length and size are the exported file's, which only the server knows. A render's or an
 * export's progress alone changes nothing here, so it costs no request.
 */
export function applySlideshowToLibrary(queryClient: QueryClient, event: ServerEvent) {
  if (event.type === 'slideshow.deleted') {
    queryClient.setQueryData<Library>(libraryKey, (library) =>
      library?.videos.some((item) => item.slideshow?.id === event.slideshowId)
        ? { ...library, videos: library.videos.filter((item) => item.slideshow?.id !== event.slideshowId) }
        : library,
    )
    return
  }
  if (event.type !== 'slideshow.updated') return
  const library = queryClient.getQueryData<Library>(libraryKey)
  if (!library) return
  const item = library.videos.find((v) => v.slideshow?.id === event.slideshow.id)
  if (item && showsAsItIs(item, event.slideshow)) return
  void queryClient.invalidateQueries({ queryKey: libraryKey })
}
