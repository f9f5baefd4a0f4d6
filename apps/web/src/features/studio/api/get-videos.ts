import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@hookpost/shared/events'
import { createdVideoListSchema, type CreatedVideo } from '@hookpost/shared/studio/created-videos'
import { apiRequest } from '../../../lib/api-client'
import { libraryKey } from './get-library'

/** Every query about created videos starts with this key, so one invalidation (or a live event) reaches them all. */
export const videosKey = ['videos'] as const
const videosListKey = [...videosKey, 'list'] as const

/** product.md §7: created videos newest first (the id breaks ties, as the server does). */
function newestFirst(a: CreatedVideo, b: CreatedVideo): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
}

/** GET /api/videos: the signed-in user's created videos, newest first. */
export async function getVideos(): Promise<CreatedVideo[]> {
  const payload = await apiRequest<unknown>('/api/videos')
  return createdVideoListSchema.parse(payload).videos.sort(newestFirst)
}

export const videosQueryOptions = queryOptions({ queryKey: videosListKey, queryFn: getVideos })

export function useVideos() {
  return useQuery(videosQueryOptions)
}

/** A render still to finish: what the dashboard's processing notice waits for. */
export function isRendering(video: CreatedVideo): boolean {
  return video.state === 'queued' || video.state === 'rendering'
}

// --- Keeping the cached list in step with the server, without refetching ---

/** A video as the server now has it (a live event, a create, a retry): replaced in the list, or added to it. */
export function upsertCachedVideo(queryClient: QueryClient, video: CreatedVideo) {
  queryClient.setQueryData<CreatedVideo[]>(videosListKey, (videos) => {
    if (!videos) return videos
    const index = videos.findIndex((v) => v.id === video.id)
    if (index === -1) return [video, ...videos].sort(newestFirst)
    const next = [...videos]
    next[index] = video
    return next
  })
}

export function removeCachedVideo(queryClient: QueryClient, videoId: string) {
  queryClient.setQueryData<CreatedVideo[]>(videosListKey, (videos) =>
    videos?.some((v) => v.id === videoId) ? videos.filter((v) => v.id !== videoId) : videos,
  )
}

/** How far a render is (frames done / total): a queued video starts rendering with its first progress event. */
function setCachedProgress(queryClient: QueryClient, videoId: string, percent: number) {
  queryClient.setQueryData<CreatedVideo[]>(videosListKey, (videos) => {
    const video = videos?.find((v) => v.id === videoId)
    // A late progress event must not take a finished (or failed) render back to rendering.
    if (!videos || !video || !isRendering(video) || (video.state === 'rendering' && video.progress === percent)) {
      return videos
    }
    return videos.map((v) => (v.id === videoId ? { ...v, state: 'rendering' as const, progress: percent } : v))
  })
}

/** Applies one live event (`GET /api/events`) to the studio's cache; other features' events are left alone. */
export function applyVideoEvent(queryClient: QueryClient, event: ServerEvent) {
  switch (event.type) {
    case 'video.updated':
      upsertCachedVideo(queryClient, event.video)
      // A video that finished rendering joins the Library's "My videos".
      if (event.video.processed) void queryClient.invalidateQueries({ queryKey: libraryKey })
      return
    case 'video.deleted':
      removeCachedVideo(queryClient, event.videoId)
      void queryClient.invalidateQueries({ queryKey: libraryKey })
      return
    case 'video.progress':
      setCachedProgress(queryClient, event.videoId, event.percent)
      return
    case 'analytics.synced':
    case 'post.updated':
    case 'post.deleted':
    case 'post.progress':
    case 'automation.updated':
    case 'notification.created':
    case 'notifications.read':
    case 'slideshow.updated':
    case 'slideshow.deleted':
      return
  }
}

/** After the live stream was interrupted, events may have been missed: fetch the videos again, once. */
export function refetchVideosAfterGap(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: videosKey }),
    queryClient.invalidateQueries({ queryKey: libraryKey }),
  ])
}
