import { queryOptions, useQuery } from '@tanstack/react-query'
import { videoDraftResponseSchema, type SaveVideoDraftInput, type VideoDraftView } from '@hookpost/shared/studio'
import { apiRequest } from '../../../lib/api-client'

export const videoDraftKey = ['video-draft'] as const

/**
 * Saves still on their way, from this page. A form that closes (another tab of the dashboard) sends its last change as
 * it goes; the form that opens next reads the draft only once that save is done, so it opens on it.
 */
const savesInFlight = new Set<Promise<unknown>>()

/** Has the next read of the draft wait for `work` (a save, or a run of saves) to end. */
export function trackDraftSave(work: Promise<unknown>): void {
  savesInFlight.add(work)
  const settled = () => void savesInFlight.delete(work)
  work.then(settled, settled)
}

/** GET /api/video-draft: the person's draft (revision 0 and no content when none was saved). */
export async function getVideoDraft(): Promise<VideoDraftView> {
  await Promise.allSettled([...savesInFlight])
  const payload = await apiRequest<unknown>('/api/video-draft')
  return videoDraftResponseSchema.parse(payload).draft
}

/**
 * PUT /api/video-draft: the next revision, or 409 when the draft was saved elsewhere since `body.revision`. With
 * `keepalive` the save outlives the page (sent as it is hidden or closed).
 */
export async function saveVideoDraft(
  body: SaveVideoDraftInput,
  options: { keepalive?: boolean } = {},
): Promise<VideoDraftView> {
  const payload = await apiRequest<unknown>('/api/video-draft', { method: 'PUT', body, keepalive: options.keepalive })
  return videoDraftResponseSchema.parse(payload).draft
}

/**
 * Read afresh each time the form opens (another tab or device may have saved since); the open form keeps its own copy,
 * so a window coming back into focus need not ask again.
 */
export const videoDraftQueryOptions = queryOptions({
  queryKey: videoDraftKey,
  queryFn: getVideoDraft,
  refetchOnMount: 'always',
  refetchOnWindowFocus: false,
})

export function useVideoDraftQuery() {
  return useQuery(videoDraftQueryOptions)
}
