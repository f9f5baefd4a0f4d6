import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import {
  calendarPostListSchema,
  calendarPostPageSchema,
  POSTS_PAGE_LIMIT,
  toCalendarPost,
  type CalendarPost,
  type Post,
} from '@hookpost/shared/posts'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { ServerEvent } from '@hookpost/shared/events'
import { apiRequest } from '../../../lib/api-client'
import { calendarDaysKey, postsKey } from './posts-key'

/** A window of time, as ISO instants: posts with `from <= scheduledAt < to`. */
export type PostsRange = { from: string; to: string }

function byTime(a: CalendarPost, b: CalendarPost): number {
  return a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
}

// --- A window of posts: one day of the calendar ("+N more"), or any window up to 62 days ---

/** GET /api/posts?from&to: the signed-in user's posts scheduled in that window (at most 62 days), in time order. */
export async function getPosts(range: PostsRange): Promise<CalendarPost[]> {
  const search = new URLSearchParams(range)
  const payload = await apiRequest<unknown>(`/api/posts?${search.toString()}`)
  return calendarPostListSchema.parse(payload).posts.sort(byTime)
}

export function postsCalendarKey(range: PostsRange) {
  return [...postsKey, 'calendar', range] as const
}

export function postsQueryOptions(range: PostsRange) {
  return queryOptions({ queryKey: postsCalendarKey(range), queryFn: () => getPosts(range) })
}

/** The posts of a window (a calendar day's "+N more"), fetched once `enabled`. */
export function usePosts(range: PostsRange, enabled = true) {
  return useQuery({ ...postsQueryOptions(range), enabled })
}

// --- The List view: a page at a time ---

/**
 * One page of `GET /api/posts/list`, with the moment the first page was asked for (`pivot`): the list is upcoming
 * posts soonest first, then past ones latest first, split at that moment (as the server splits it).
 */
export type PostsPage = { posts: CalendarPost[]; nextCursor: string | null; pivot: string }
type PageParam = { cursor: string; pivot: string } | null

export const postPagesKey = [...postsKey, 'pages'] as const

export async function getPostsPage(param: PageParam, limit: number = POSTS_PAGE_LIMIT.default): Promise<PostsPage> {
  const pivot = param?.pivot ?? new Date().toISOString()
  const search = new URLSearchParams({ limit: String(limit) })
  if (param) search.set('cursor', param.cursor)
  const payload = await apiRequest<unknown>(`/api/posts/list?${search.toString()}`)
  return { ...calendarPostPageSchema.parse(payload), pivot }
}

export function postPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: postPagesKey,
    queryFn: ({ pageParam }) => getPostsPage(pageParam),
    initialPageParam: null as PageParam,
    getNextPageParam: (last: PostsPage): PageParam | undefined =>
      last.nextCursor ? { cursor: last.nextCursor, pivot: last.pivot } : undefined,
  })
}

/** The List view's pages; `enabled` false until the List is shown. */
export function usePostPages(enabled = true) {
  return useInfiniteQuery({ ...postPagesQueryOptions(), enabled })
}

/** The List view's order around `pivot`: upcoming soonest first, then past latest first (ties by id). */
export function listOrder(pivot: string) {
  const at = Date.parse(pivot)
  return (a: CalendarPost, b: CalendarPost): number => {
    const aPast = Date.parse(a.scheduledAt) < at
    const bPast = Date.parse(b.scheduledAt) < at
    if (aPast !== bPast) return aPast ? 1 : -1
    return aPast ? byTime(b, a) : byTime(a, b)
  }
}

/**
 * The loaded pages as one list: each post once (a post moved between two page fetches can come twice; the later
 * page's copy is the newer one), in the list's order.
 */
export function pagesToList(data: { pages: PostsPage[] } | undefined): CalendarPost[] {
  const first = data?.pages[0]
  if (!data || !first) return []
  const byId = new Map<string, CalendarPost>()
  for (const page of data.pages) for (const post of page.posts) byId.set(post.id, post)
  return [...byId.values()].sort(listOrder(first.pivot))
}

// --- Keeping every cached calendar and the list in step with the server, without refetching ---

function rangeOfKey(key: QueryKey): PostsRange | null {
  const range = key[0] === postsKey[0] && key[1] === 'calendar' ? key[2] : null
  if (typeof range !== 'object' || range === null) return null
  const { from, to } = range as Partial<PostsRange>
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null
}

function inRange(post: CalendarPost, range: PostsRange): boolean {
  const at = Date.parse(post.scheduledAt)
  return at >= Date.parse(range.from) && at < Date.parse(range.to)
}

/** A post in the List's loaded pages: replaced where it is, or added when its place is among the loaded ones. */
function placeInPages(
  data: InfiniteData<PostsPage, PageParam> | undefined,
  post: CalendarPost,
): InfiniteData<PostsPage, PageParam> | undefined {
  const first = data?.pages[0]
  const lastPage = data?.pages.at(-1)
  if (!data || !first || !lastPage) return data
  const present = data.pages.some((page) => page.posts.some((p) => p.id === post.id))
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.posts.some((p) => p.id === post.id)
          ? { ...page, posts: page.posts.map((p) => (p.id === post.id ? post : p)) }
          : page,
      ),
    }
  }
  // A new post, or one that moved into the list: shown if its place is before the end of what is loaded (past that,
  // "Load more" brings it in its turn).
  const loaded = pagesToList(data)
  const last = loaded.at(-1)
  const belongs = lastPage.nextCursor === null || (last !== undefined && listOrder(first.pivot)(post, last) < 0)
  if (!belongs) return data
  return {
    ...data,
    pages: data.pages.map((page) => (page === lastPage ? { ...page, posts: [...page.posts, post] } : page)),
  }
}

/**
 * The calendar's slice of a post (an optimistic move, or a move taken back): replaced in every cached calendar and in
 * the List, added to the calendars whose window now holds it, dropped from those it left. Lists are only touched when
 * something changed.
 */
export function placeCalendarPost(queryClient: QueryClient, post: CalendarPost) {
  const slim = toCalendarPost(post)
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...postsKey, 'calendar'] })) {
    const range = rangeOfKey(query.queryKey)
    if (!range) continue
    queryClient.setQueryData<CalendarPost[]>(query.queryKey, (posts) => {
      if (!posts) return posts
      const belongs = inRange(slim, range)
      const index = posts.findIndex((p) => p.id === slim.id)
      if (index === -1) return belongs ? [...posts, slim].sort(byTime) : posts
      if (!belongs) return posts.filter((p) => p.id !== slim.id)
      const next = [...posts]
      next[index] = slim
      return next.sort(byTime)
    })
  }
  queryClient.setQueryData<InfiniteData<PostsPage, PageParam>>(postPagesKey, (data) => placeInPages(data, slim))
  forgetCalendarDays(queryClient, slim)
}

/**
 * The calendar's days answers are fetched again, not rebuilt here: a post leaving a day's first three needs the next
 * one, which may not be loaded. The server drops its kept answers before any live event about the change arrives
 * (ADR 053), so the refetch sees it. Until it answers, a post already shown in its day is shown as it is now (`slim`),
 * with its day's counts moved to its new state.
 */
function forgetCalendarDays(queryClient: QueryClient, slim?: CalendarPost) {
  if (slim) {
    queryClient.setQueriesData<Map<string, CalendarDay>>({ queryKey: calendarDaysKey }, (days) => {
      const day = days && [...days.values()].find((d) => d.posts.some((p) => p.id === slim.id))
      const before = day?.posts.find((p) => p.id === slim.id)
      if (!days || !day || !before || before.scheduledAt !== slim.scheduledAt) return days
      const counts = { ...day.counts, [before.state]: (day.counts[before.state] ?? 1) - 1 }
      counts[slim.state] = (counts[slim.state] ?? 0) + 1
      if (counts[before.state] === 0) delete counts[before.state]
      const posts = day.posts.map((p) => (p.id === slim.id ? slim : p))
      return new Map(days).set(day.date, { ...day, counts, posts })
    })
  }
  void queryClient.invalidateQueries({ queryKey: calendarDaysKey })
}

/**
 * A whole post as the server now has it (a live event, an edit's answer, a status refresh): its slice in the calendars
 * and the List, and the whole of it in its one-post query (the dialogs'), if anyone has it.
 */
export function upsertCachedPost(queryClient: QueryClient, post: Post) {
  placeCalendarPost(queryClient, post)
  if (queryClient.getQueryData([...postsKey, 'one', post.id]))
    queryClient.setQueryData([...postsKey, 'one', post.id], post)
  if (post.state !== 'publishing' && post.state !== 'processing_on_tiktok') clearProgress(queryClient, post.id)
}

export function removeCachedPost(queryClient: QueryClient, postId: string) {
  queryClient.setQueriesData<CalendarPost[]>({ queryKey: [...postsKey, 'calendar'] }, (posts) =>
    posts?.some((p) => p.id === postId) ? posts.filter((p) => p.id !== postId) : posts,
  )
  queryClient.setQueryData<InfiniteData<PostsPage, PageParam>>(postPagesKey, (data) =>
    data?.pages.some((page) => page.posts.some((p) => p.id === postId))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p.id !== postId) })) }
      : data,
  )
  forgetCalendarDays(queryClient)
  clearProgress(queryClient, postId)
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

/**
 * Whether a cached posts query (a calendar window, the List's pages, one post) holds a post of `accountId` that has
 * gone out: only an Uploaded post has figures and a TikTok page for a sync to bring (a post still scheduled or
 * publishing is not fetched again for an account's sync, e.g. the followers read right after connecting).
 */
function holdsAccountPost(data: unknown, accountId: string): boolean {
  const ofAccount = (post: unknown) => {
    const p = post as Partial<CalendarPost> | null
    return p?.accountId === accountId && p.state === 'uploaded'
  }
  if (Array.isArray(data)) return data.some(ofAccount)
  // A calendar's days (get-calendar-days.ts): the posts each day carries.
  if (data instanceof Map)
    return [...(data as Map<string, { posts?: unknown[] }>).values()].some((d) => d.posts?.some(ofAccount))
  const pages = (data as Partial<InfiniteData<PostsPage, PageParam>> | undefined)?.pages
  if (Array.isArray(pages)) return pages.some((page) => page.posts.some(ofAccount))
  return ofAccount(data)
}

/**
 * The stats sync read an account's figures (`analytics.synced`, ADR 047): the posts on screen that belong to it are
 * fetched again, so their figures and TikTok links follow without a reload. Other accounts' posts stay as they are.
 */
export function refetchAccountPosts(queryClient: QueryClient, accountId: string) {
  return queryClient.invalidateQueries({
    queryKey: postsKey,
    predicate: (query) => holdsAccountPost(query.state.data, accountId),
  })
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
    case 'analytics.synced':
      void refetchAccountPosts(queryClient, event.accountId)
      return
    case 'video.updated':
    case 'video.deleted':
    case 'video.progress':
    case 'automation.updated':
    case 'notification.created':
    case 'notifications.read':
    case 'slideshow.updated':
    case 'slideshow.deleted':
      // The studio's and the automation's events: their own caches apply them. An automated post arrives as
      // `post.updated` (source 'automation') like any other.
      return
  }
}

/** After the live stream was interrupted, events may have been missed: fetch the lists on screen again, once. */
export function refetchPostsAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: postsKey })
}
