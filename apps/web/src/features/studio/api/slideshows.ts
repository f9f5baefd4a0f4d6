import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  slideshowListSchema,
  slideshowResponseSchema,
  writeSlideshowResponseSchema,
  type Slideshow,
  type SlideshowInput,
  type WriteSlideshowInput,
  type WrittenSlideshow,
} from '@hookpost/shared/slideshows'
import type { ServerEvent } from '@hookpost/shared/events'
import { ApiRequestError, apiRequest } from '../../../lib/api-client'
import { applySlideshowToLibrary } from './get-library'

/** Every query about slideshows starts with this key, so one invalidation (or a live event) reaches them all. */
export const slideshowsKey = ['slideshows'] as const
const slideshowsListKey = [...slideshowsKey, 'list'] as const

/** The AI slideshow writer's route (issue 29). */
export const WRITE_SLIDESHOW_PATH = '/api/generate/slideshow'

function newestFirst(a: Slideshow, b: Slideshow): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
}

function slideshowPath(id: string, action = ''): string {
  return `/api/slideshows/${encodeURIComponent(id)}${action}`
}

/** GET /api/slideshows: the signed-in person's slideshows, newest first. */
export async function getSlideshows(): Promise<Slideshow[]> {
  return slideshowListSchema.parse(await apiRequest<unknown>('/api/slideshows')).slideshows.sort(newestFirst)
}

export const slideshowsQueryOptions = queryOptions({ queryKey: slideshowsListKey, queryFn: getSlideshows })

export function useSlideshows() {
  return useQuery(slideshowsQueryOptions)
}

export function upsertCachedSlideshow(queryClient: QueryClient, slideshow: Slideshow) {
  queryClient.setQueryData<Slideshow[]>(slideshowsListKey, (list) => {
    if (!list) return list
    const index = list.findIndex((s) => s.id === slideshow.id)
    if (index === -1) return [slideshow, ...list].sort(newestFirst)
    // A late event must not take a slideshow back to an older version.
    if (list[index]!.updatedAt > slideshow.updatedAt) return list
    const next = [...list]
    next[index] = slideshow
    return next
  })
}

export function removeCachedSlideshow(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<Slideshow[]>(slideshowsListKey, (list) =>
    list?.some((s) => s.id === id) ? list.filter((s) => s.id !== id) : list,
  )
}

/**
 * Applies one live event to the cached slideshows: `slideshow.updated` (the whole slideshow: a render's progress, its
 * end, the export's) and `slideshow.deleted`, and to the Library that lists them; other features' events are left
 * alone.
 */
export function applySlideshowEvent(queryClient: QueryClient, event: ServerEvent) {
  if (event.type === 'slideshow.updated') upsertCachedSlideshow(queryClient, event.slideshow)
  else if (event.type === 'slideshow.deleted') removeCachedSlideshow(queryClient, event.slideshowId)
  applySlideshowToLibrary(queryClient, event)
}

/**
 * After the live stream was interrupted, events may have been missed: fetch the slideshows again, once (the Library,
 * slideshows included, is fetched again by `refetchVideosAfterGap`).
 */
export function refetchSlideshowsAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: slideshowsKey })
}

async function sendSlideshow(path: string, method: string, body?: unknown): Promise<Slideshow> {
  return slideshowResponseSchema.parse(await apiRequest<unknown>(path, { method, body })).slideshow
}

/** POST /api/slideshows (new) or PUT /api/slideshows/:id (edited): saved and queued for rendering. */
export function useSaveSlideshow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SlideshowInput }) =>
      id ? sendSlideshow(slideshowPath(id), 'PUT', input) : sendSlideshow('/api/slideshows', 'POST', input),
    onSuccess: (slideshow) => upsertCachedSlideshow(queryClient, slideshow),
  })
}

/** POST /api/slideshows/:id/retry: a failed render starts again. */
export function useRetrySlideshow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => sendSlideshow(slideshowPath(id, '/retry'), 'POST'),
    onSuccess: (slideshow) => upsertCachedSlideshow(queryClient, slideshow),
  })
}

/** POST /api/slideshows/:id/export: an MP4 of the rendered slides, `secondsPerSlide` each. */
export function useExportSlideshow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, secondsPerSlide }: { id: string; secondsPerSlide: number }) =>
      sendSlideshow(slideshowPath(id, '/export'), 'POST', { secondsPerSlide }),
    onSuccess: (slideshow) => upsertCachedSlideshow(queryClient, slideshow),
  })
}

/** DELETE /api/slideshows/:id; one already gone (another tab) counts as deleted. */
export async function deleteSlideshow(id: string): Promise<void> {
  try {
    await apiRequest<null>(slideshowPath(id), { method: 'DELETE' })
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return
    throw error
  }
}

export function useDeleteSlideshow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSlideshow,
    onSuccess: (_nothing, id) => removeCachedSlideshow(queryClient, id),
  })
}

/** The AI slideshow writer: a hook, N points and a call to action for the topic (and the account's audience). */
export async function writeSlideshow(input: WriteSlideshowInput): Promise<WrittenSlideshow> {
  return writeSlideshowResponseSchema.parse(
    await apiRequest<unknown>(WRITE_SLIDESHOW_PATH, { method: 'POST', body: input }),
  )
}

export function useWriteSlideshow() {
  return useMutation({ mutationFn: writeSlideshow })
}
