export { installDialogPolyfill, renderWithQueryClient as renderWithClient } from '../../../../testing/api-mock'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { installDialogPolyfill, mockApi, type ApiReply } from '../../../../testing/api-mock'
import { toCalendarPost, type CalendarPost, type Post } from '@hookpost/shared/posts'
import { CALENDAR_DAY_FIRST_POSTS, type CalendarDay } from '@hookpost/shared/calendar'
import { instantToZoned } from '@hookpost/shared/time'
import type { ScheduledOutcome } from '../../utils/scheduled-outcome'

/** The List view's order, as the server gives it: upcoming soonest first, then past ones latest first. */
function listOrder(now: number) {
  return (a: CalendarPost, b: CalendarPost) => {
    const aPast = Date.parse(a.scheduledAt) < now
    const bPast = Date.parse(b.scheduledAt) < now
    if (aPast !== bPast) return aPast ? 1 : -1
    const byTime = a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
    return aPast ? -byTime : byTime
  }
}

/** The calendar's days answer over `posts`, as the server makes it (ADR 053): days in `zone`, counts, first posts. */
export function calendarDaysOf(posts: Post[], search: URLSearchParams): { days: CalendarDay[] } {
  const from = Date.parse(search.get('from') ?? '')
  const to = Date.parse(search.get('to') ?? '')
  const zone = search.get('zone') ?? 'UTC'
  const accountId = search.get('accountId')
  const days = new Map<string, CalendarDay>()
  const shown = posts
    .filter((p) => Date.parse(p.scheduledAt) >= from && Date.parse(p.scheduledAt) < to)
    .filter((p) => !accountId || p.accountId === accountId)
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id))
  for (const post of shown) {
    const date = instantToZoned(new Date(post.scheduledAt), zone).date
    const day = days.get(date) ?? { date, total: 0, counts: {}, posts: [] }
    day.total += 1
    day.counts[post.state] = (day.counts[post.state] ?? 0) + 1
    if (day.posts.length < CALENDAR_DAY_FIRST_POSTS) day.posts.push(toCalendarPost(post))
    days.set(date, day)
  }
  return { days: [...days.values()] }
}

/**
 * A stand-in for the posts API over `posts`: GET /api/posts/calendar answers the days (`calendarDaysOf`); GET /api/posts filters by the window like the server does and answers
 * the calendar's slim posts; GET /api/posts/list pages them (its cursor is the next offset); GET /api/posts/:id is the
 * whole post; PATCH, DELETE, retry and refresh-status answer with `overrides` when given.
 */
export function postsApi(
  initial: Post[],
  overrides: {
    patch?: (post: Post, body: { date: string; time: string; timeZone: string }) => ApiReply
    remove?: ApiReply
    refresh?: ApiReply
    retry?: ApiReply
    postNow?: ApiReply
    duplicate?: (post: Post, body: { date: string; time: string; timeZone: string }) => ApiReply
    /** The calendar's days answer. */
    list?: ApiReply
    /** A day's "+N more" (GET /api/posts). */
    day?: ApiReply
    pages?: ApiReply
    one?: ApiReply | Promise<ApiReply>
  } = {},
) {
  let posts = [...initial]
  const { calls } = mockApi(({ method, pathname: path, search, body }) => {
    if (path === '/api/posts/calendar' && method === 'GET') {
      if (overrides.list) return overrides.list
      return { status: 200, body: calendarDaysOf(posts, search) }
    }
    if (path === '/api/posts' && method === 'GET') {
      if (overrides.day) return overrides.day
      const from = Date.parse(search.get('from') ?? '')
      const to = Date.parse(search.get('to') ?? '')
      const inWindow = posts.filter((p) => Date.parse(p.scheduledAt) >= from && Date.parse(p.scheduledAt) < to)
      return { status: 200, body: { posts: inWindow.map(toCalendarPost) } }
    }
    if (path === '/api/posts/list' && method === 'GET') {
      if (overrides.pages) return overrides.pages
      const limit = Number(search.get('limit') ?? 50)
      const offset = Number(search.get('cursor') ?? 0)
      const ordered = posts.map(toCalendarPost).sort(listOrder(Date.now()))
      const next = offset + limit < ordered.length ? String(offset + limit) : null
      return { status: 200, body: { posts: ordered.slice(offset, offset + limit), nextCursor: next } }
    }
    if (path === '/api/posts/refresh-status' && method === 'POST') {
      return overrides.refresh ?? { status: 200, body: { posts } }
    }
    const retried = /^\/api\/posts\/(.+)\/retry$/.exec(path)
    const failed = posts.find((p) => p.id === retried?.[1])
    if (failed && method === 'POST') {
      if (overrides.retry) return overrides.retry
      const saved: Post = { ...failed, state: 'scheduled', errorMessage: null }
      posts = posts.map((p) => (p.id === saved.id ? saved : p))
      return { status: 200, body: { post: saved } }
    }
    const nowMatch = /^\/api\/posts\/(.+)\/post-now$/.exec(path)
    const due = posts.find((p) => p.id === nowMatch?.[1])
    if (due && method === 'POST') {
      if (overrides.postNow) return overrides.postNow
      const saved: Post = { ...due, scheduledAt: new Date().toISOString() }
      posts = posts.map((p) => (p.id === saved.id ? saved : p))
      return { status: 200, body: { post: saved } }
    }
    const copyMatch = /^\/api\/posts\/(.+)\/duplicate$/.exec(path)
    const original = posts.find((p) => p.id === copyMatch?.[1])
    if (original && method === 'POST') {
      const reply = overrides.duplicate?.(original, body as { date: string; time: string; timeZone: string })
      if (reply) return reply
      const created: Post = { ...original, id: `${original.id}-copy`, state: 'scheduled', errorMessage: null }
      posts = [...posts, created]
      return { status: 201, body: { posts: [created] } }
    }
    const match = /^\/api\/posts\/(.+)$/.exec(path)
    const post = posts.find((p) => p.id === match?.[1])
    if (post && method === 'PATCH' && overrides.patch) {
      const reply = overrides.patch(post, body as { date: string; time: string; timeZone: string })
      const saved = (reply.body as { post?: Post } | undefined)?.post
      if (saved) posts = posts.map((p) => (p.id === saved.id ? saved : p))
      return reply
    }
    if (post && method === 'GET') return overrides.one ?? { status: 200, body: { post } }
    if (post && method === 'DELETE') {
      if (overrides.remove) return overrides.remove
      posts = posts.filter((p) => p.id !== post.id)
      return { status: 204 }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
  return {
    calls,
    /** The server's copy of a post changes (a stats sync, say): later answers carry `post`. */
    replace: (post: Post) => {
      posts = posts.map((p) => (p.id === post.id ? post : p))
    },
    /** A post made elsewhere (another tab, automation): later answers have it. */
    add: (post: Post) => {
      posts = [...posts, post]
    },
    /** A post deleted elsewhere. */
    remove: (id: string) => {
      posts = posts.filter((p) => p.id !== id)
    },
    /** The calendar's reads of its period (GET /api/posts/calendar). */
    gets: () => calls.filter((c) => c.method === 'GET' && c.pathname === '/api/posts/calendar'),
    /** A day's "+N more" reads (GET /api/posts). */
    dayGets: () => calls.filter((c) => c.method === 'GET' && c.pathname === '/api/posts'),
    pageGets: () => calls.filter((c) => c.method === 'GET' && c.pathname === '/api/posts/list'),
  }
}

let serial = 0
export function makePost(overrides: Partial<Post> = {}): Post {
  serial += 1
  return {
    id: `post-${serial}`,
    accountId: 'acc-1',
    account: { accountName: 'Ana Cooks', accountUsername: 'anacooks', sandbox: true },
    format: 'video',
    postMode: 'direct',
    photos: null,
    autoAddMusic: true,
    title: `Video ${serial}`,
    description: '',
    privacyLevel: 'SELF_ONLY',
    allowComment: true,
    allowDuet: false,
    allowStitch: false,
    commercial: { enabled: false, yourBrand: false, brandedContent: false },
    scheduledAt: '2026-04-20T10:00:00.000Z',
    timeZone: 'Europe/Berlin',
    state: 'scheduled',
    source: 'manual',
    errorMessage: null,
    rejectedAt: null,
    tiktokPostId: null,
    publishedAt: null,
    media: { originalName: 'clip.mp4', sizeBytes: 1000, durationMs: 2000 },
    thumbnailUrl: null,
    tiktokUrl: null,
    stats: null,
    createdAt: '2026-04-01T10:00:00.000Z',
    updatedAt: '2026-04-01T10:00:00.000Z',
    ...overrides,
  }
}

/** What the schedule form hands on for `post` (ADR 042); "Schedule another" would start on the day after. */
export function makeOutcome(post: Post, how: ScheduledOutcome['how'] = 'scheduled'): ScheduledOutcome {
  return {
    post,
    how,
    next: {
      accountId: post.accountId,
      zoneChoice: null,
      format: 'video',
      postMode: 'direct',
      privacyLevel: 'SELF_ONLY',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
      date: '2026-06-04',
      time: '14:00',
    },
  }
}

/** A calendar test file's clock, frozen at `now` (timers still run), with dialogs, and clean globals after each test. */
export function freezeCalendarClock(now: Date) {
  beforeAll(installDialogPolyfill)
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
}
