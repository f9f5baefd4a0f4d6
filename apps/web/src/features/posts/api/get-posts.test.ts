import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { toCalendarPost, type CalendarPost } from '@hookpost/shared/posts'
import { makePost } from '../components/scheduled-videos/test-utils'
import {
  applyServerEvent,
  pagesToList,
  postPagesKey,
  postsCalendarKey,
  type PostsPage,
  type PostsRange,
} from './get-posts'

/**
 * The live events keep the slim caches current (issue 20): the calendar's windows and the List's pages hold
 * `CalendarPost`s, and a `post.updated` event carries the whole post.
 */
const APRIL: PostsRange = { from: '2026-04-01T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' }
const PIVOT = '2026-04-15T10:00:00.000Z'

function slim(overrides: Parameters<typeof makePost>[0]): CalendarPost {
  return toCalendarPost(makePost(overrides))
}

function withCaches(calendar: CalendarPost[], pages: Omit<PostsPage, 'pivot'>[]) {
  const client = new QueryClient()
  client.setQueryData(postsCalendarKey(APRIL), calendar)
  client.setQueryData<InfiniteData<PostsPage, unknown>>(postPagesKey, {
    pages: pages.map((page) => ({ ...page, pivot: PIVOT })),
    pageParams: pages.map((_, i) => (i === 0 ? null : { cursor: String(i), pivot: PIVOT })),
  })
  return {
    client,
    calendar: () => client.getQueryData<CalendarPost[]>(postsCalendarKey(APRIL)),
    list: () => pagesToList(client.getQueryData<InfiniteData<PostsPage>>(postPagesKey)),
  }
}

describe('live events on the slim caches', () => {
  it('a post turning Uploaded changes the calendar and the List; only the calendar slice is kept', () => {
    const tip = makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })
    const caches = withCaches([toCalendarPost(tip)], [{ posts: [toCalendarPost(tip)], nextCursor: null }])
    applyServerEvent(caches.client, {
      type: 'post.updated',
      post: { ...tip, state: 'uploaded', description: 'A long caption', tiktokPostId: '7300000000000000001' },
    })
    expect(caches.calendar()).toEqual([{ ...toCalendarPost(tip), state: 'uploaded' }])
    expect(caches.list()).toEqual([{ ...toCalendarPost(tip), state: 'uploaded' }])
    expect(caches.calendar()?.[0]).not.toHaveProperty('description')
    expect(caches.list()[0]).not.toHaveProperty('tiktokPostId')
  })

  it('a new post joins the calendar whose window holds it, and the List where its place is loaded', () => {
    const soon = slim({ id: 'a', scheduledAt: '2026-04-16T07:00:00.000Z' })
    const later = slim({ id: 'b', scheduledAt: '2026-04-25T07:00:00.000Z' })
    const caches = withCaches([soon, later], [{ posts: [soon, later], nextCursor: 'more' }])
    // Between the two loaded ones: shown.
    applyServerEvent(caches.client, {
      type: 'post.updated',
      post: makePost({ id: 'c', scheduledAt: '2026-04-20T07:00:00.000Z' }),
    })
    // After the last loaded one while more pages wait: it comes with "Load more", not now.
    applyServerEvent(caches.client, {
      type: 'post.updated',
      post: makePost({ id: 'd', scheduledAt: '2026-04-28T07:00:00.000Z' }),
    })
    // Another month: not this calendar's.
    applyServerEvent(caches.client, {
      type: 'post.updated',
      post: makePost({ id: 'e', scheduledAt: '2026-05-02T07:00:00.000Z' }),
    })
    expect(caches.calendar()?.map((p) => p.id)).toEqual(['a', 'c', 'b', 'd'])
    expect(caches.list().map((p) => p.id)).toEqual(['a', 'c', 'b'])
  })

  it('a moved post leaves the window it left and takes its new place in the List; a deleted one goes', () => {
    const a = slim({ id: 'a', scheduledAt: '2026-04-16T07:00:00.000Z' })
    const b = slim({ id: 'b', scheduledAt: '2026-04-25T07:00:00.000Z' })
    const past = slim({ id: 'p', scheduledAt: '2026-04-10T07:00:00.000Z', state: 'uploaded' })
    const caches = withCaches([past, a, b], [{ posts: [a, b, past], nextCursor: null }])
    applyServerEvent(caches.client, {
      type: 'post.updated',
      post: makePost({ id: 'a', scheduledAt: '2026-05-03T07:00:00.000Z' }),
    })
    expect(caches.calendar()?.map((p) => p.id)).toEqual(['p', 'b'])
    expect(caches.list().map((p) => p.id)).toEqual(['b', 'a', 'p'])
    applyServerEvent(caches.client, { type: 'post.deleted', postId: 'b' })
    expect(caches.calendar()?.map((p) => p.id)).toEqual(['p'])
    expect(caches.list().map((p) => p.id)).toEqual(['a', 'p'])
  })
})

describe('the List from its pages', () => {
  it('keeps each post once, the later page’s copy, in the list’s order around the first page’s moment', () => {
    const moved = slim({ id: 'm', scheduledAt: '2026-04-16T07:00:00.000Z' })
    const movedLater = { ...moved, scheduledAt: '2026-04-30T07:00:00.000Z' }
    const next = slim({ id: 'n', scheduledAt: '2026-04-20T07:00:00.000Z' })
    const past = slim({ id: 'p', scheduledAt: '2026-04-01T07:00:00.000Z' })
    const list = pagesToList({
      pages: [
        { posts: [moved, next], nextCursor: 'x', pivot: PIVOT },
        { posts: [movedLater, past], nextCursor: null, pivot: PIVOT },
      ],
    })
    expect(list.map((p) => [p.id, p.scheduledAt])).toEqual([
      ['n', next.scheduledAt],
      ['m', movedLater.scheduledAt],
      ['p', past.scheduledAt],
    ])
    expect(pagesToList(undefined)).toEqual([])
  })
})
