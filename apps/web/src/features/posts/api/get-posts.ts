import { keepPreviousData, queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { postListSchema, type Post } from '@hookpost/shared/posts'
import type { ServerEvent } from '@hookpost/shared/events'
import { apiRequest } from '../../../lib/api-client'
import { postsKey } from './posts-key'

/** A window of time, as ISO instants: posts with `from <= scheduledAt < to`. */
export type PostsRange = { from: string; to: string }

function byTime(a: Post, b: Post): number {
  return a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
}

/** GET /api/posts?from&to: the signed-in user's posts scheduled in that window, in time order. */
export async function getPosts(range: PostsRange): Promise<Post[]> {
  const search = new URLSearchParams(range)
  const payload = await apiRequest<unknown>(`/api/posts?${search.toString()}`)
  return postListSchema.parse(payload).posts.sort(byTime)
}

export function postsListKey(range: PostsRange) {
  return [...postsKey, 'list', range] as const
}

export function postsQueryOptions(range: PostsRange) {
  return queryOptions({ queryKey: postsListKey(range), queryFn: () => getPosts(range) })
}

/** The posts of one calendar period; the previous period stays on screen while the next one loads. */
export function usePosts(range: PostsRange) {
  return useQuery({ ...postsQueryOptions(range), placeholderData: keepPreviousData })
}

// --- Keeping every cached list in step with the server, without refetching ---

function rangeOfKey(key: QueryKey): PostsRange | null {
  const range = key[0] === postsKey[0] && key[1] === 'list' ? key[2] : null
  if (typeof range !== 'object' || range === null) return null
  const { from, to } = range as Partial<PostsRange>
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null
}

function inRange(post: Post, range: PostsRange): boolean {
  const at = Date.parse(post.scheduledAt)
  return at >= Date.parse(range.from) && at < Date.parse(range.to)
}

/**
 * A post as the server now has it (a live event, a reschedule, a status refresh): replaced in every cached list, added
 * to the lists whose window now holds it, dropped from those it left. Lists are only touched when something changed.
 */
export function upsertCachedPost(queryClient: QueryClient, post: Post) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...postsKey, 'list'] })) {
    const range = rangeOfKey(query.queryKey)
    if (!range) continue
    queryClient.setQueryData<Post[]>(query.queryKey, (posts) => {
      if (!posts) return posts
      const belongs = inRange(post, range)
      const index = posts.findIndex((p) => p.id === post.id)
      if (index === -1) return belongs ? [...posts, post].sort(byTime) : posts
      if (!belongs) return posts.filter((p) => p.id !== post.id)
      const next = [...posts]
      next[index] = post
      return next.sort(byTime)
    })
  }
  // The one-post query (the edit dialog) follows too, if anyone has it.
  if (queryClient.getQueryData([...postsKey, 'one', post.id]))
    queryClient.setQueryData([...postsKey, 'one', post.id], post)
  if (post.state !== 'publishing' && post.state !== 'processing_on_tiktok') clearProgress(queryClient, post.id)
}

export function removeCachedPost(queryClient: QueryClient, postId: string) {
  queryClient.setQueriesData<Post[]>({ queryKey: [...postsKey, 'list'] }, (posts) =>
    posts?.some((p) => p.id === postId) ? posts.filter((p) => p.id !== postId) : posts,
  )
  clearProgress(queryClient, postId)
}

/** The cached copy of one post, from whichever list holds it. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const [, posts] of queryClient.getQueriesData<Post[]>({ queryKey: [...postsKey, 'list'] })) {
    const post = posts?.find((p) => p.id === postId)
    if (post) return post
  }
  return undefined
}

// --- Upload progress to TikTok, from `post.progress` events (not part of the post itself) ---

export type PostProgress = { sentBytes: number; totalBytes: number }
type ProgressMap = Record<string, PostProgress>

/** Kept outside `postsKey`, so invalidating the posts never tries to "refetch" it. */
const postProgressKey = ['post-progress'] as const

function clearProgress(queryClient: QueryClient, postId: string) {
  const current = queryClient.getQueryData<ProgressMap>(postProgressKey)
  if (!current || !(postId in current)) return
  const { [postId]: _done, ...rest } = current
  queryClient.setQueryData<ProgressMap>(postProgressKey, rest)
}

/** How far the upload of `postId` to TikTok is, while it is being published; undefined otherwise. */
export function usePostProgress(postId: string): PostProgress | undefined {
  return useQuery({
    queryKey: postProgressKey,
    // Only ever filled by events; the cache's own value wins over this empty start.
    queryFn: () => ({}) as ProgressMap,
    initialData: {} as ProgressMap,
    staleTime: Infinity,
    select: (progress) => progress[postId],
  }).data
}

/** Applies one live event (`GET /api/events`) to the cache. */
export function applyServerEvent(queryClient: QueryClient, event: ServerEvent) {
  switch (event.type) {
    case 'post.updated':
      upsertCachedPost(queryClient, event.post)
      return
    case 'post.deleted':
      removeCachedPost(queryClient, event.postId)
      return
    case 'post.progress':
      queryClient.setQueryData<ProgressMap>(postProgressKey, (current) => ({
        ...current,
        [event.postId]: { sentBytes: event.sentBytes, totalBytes: event.totalBytes },
      }))
      return
    case 'video.updated':
    case 'video.deleted':
    case 'video.progress':
    case 'analytics.synced':
    case 'automation.updated':
      // The studio's and the automation's events: their own caches apply them. An automated post arrives as
      // `post.updated` (source 'automation') like any other.
      return
  }
}

/** After the live stream was interrupted, events may have been missed: fetch the lists on screen again, once. */
export function refetchPostsAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: postsKey })
}
