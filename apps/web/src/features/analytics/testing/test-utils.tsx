import type {
  AccountComparison,
  AccountsOverview,
  AccountSyncState,
  AnalyticsOverview,
  AnalyticsSeriesPoint,
  BestTimes,
  Leaderboard,
  LeaderboardRow,
  TopPost,
} from '@hookpost/shared/analytics'
import { WEEKDAYS } from '@hookpost/shared/automation'
import { mockApi, notFound, type ApiCall, type ApiReply } from '../../../testing/api-mock'

export { renderWithQueryClient } from '../../../testing/api-mock'

export const ACCOUNT_ID = '6f1c0b1e-4a43-4d5e-9a51-0c7f3e4b2a10'

export function makeSync(overrides: Partial<AccountSyncState> = {}): AccountSyncState {
  return {
    accountId: ACCOUNT_ID,
    status: 'ok',
    message: null,
    syncedAt: '2026-04-15T09:00:00.000Z',
    nextSyncAt: '2026-04-15T10:00:00.000Z',
    syncing: false,
    ...overrides,
  }
}

function point(date: string, views: number, followers: number | null = 1200): AnalyticsSeriesPoint {
  return { date, views, likes: Math.round(views / 10), comments: 2, shares: 1, followers }
}

export function makeOverview(overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    accountId: ACCOUNT_ID,
    from: '2026-04-09',
    to: '2026-04-15',
    timeZone: 'Europe/Berlin',
    sync: makeSync(),
    totals: { posts: 3, views: 4560, likes: 456, comments: 14, shares: 7, engagementRate: 0.1046 },
    growth: { views: 12345, likes: 1234, comments: 56, shares: 7, followers: 40 },
    previousGrowth: { views: 10036, likes: 1500, comments: 56, shares: 0, followers: null },
    followers: 1240,
    series: [
      point('2026-04-09', 1000),
      point('2026-04-10', 2500),
      point('2026-04-11', 1845),
      point('2026-04-12', 3000),
      point('2026-04-13', 1000),
      point('2026-04-14', 2000),
      point('2026-04-15', 1000, null),
    ],
    ...overrides,
  }
}

export function makeTopPost(overrides: Partial<TopPost> = {}): TopPost {
  return {
    postId: 'p1',
    title: 'Three dinners in 15 minutes',
    coverUrl: 'https://p16.tiktokcdn.example/cover1.jpg',
    shareUrl: 'https://www.tiktok.com/@anacooks/video/7300000000000000001',
    publishedAt: '2026-04-10T18:00:00.000Z',
    views: 3210,
    likes: 300,
    comments: 20,
    shares: 15,
    engagementRate: 0.1044,
    relativeViews: 1.84,
    hook: null,
    curve: [
      { hours: 0, views: 0 },
      { hours: 12, views: 900 },
      { hours: 30, views: 2000 },
      { hours: 100, views: 3210 },
    ],
    ...overrides,
  }
}

function row(overrides: Partial<LeaderboardRow> & { key: string }): LeaderboardRow {
  return { label: overrides.key, posts: 6, medianViews: 1500, relativeViews: 1.2, lowSample: false, ...overrides }
}

export function makeLeaderboard(overrides: Partial<Leaderboard['dimensions']> = {}): Leaderboard {
  return {
    accountId: ACCOUNT_ID,
    minSample: 5,
    dimensions: {
      concept: [
        row({ key: 'question', label: 'Question', posts: 8, medianViews: 2400, relativeViews: 1.8 }),
        row({ key: 'pov', label: 'POV', posts: 2, medianViews: 3000, relativeViews: 2.4, lowSample: true }),
        row({ key: 'list', label: 'List', posts: 6, medianViews: 800, relativeViews: 0.7 }),
      ],
      tone: [row({ key: 'funny', label: 'Funny', posts: 9, relativeViews: 1.1 })],
      overlay_style: [],
      hook_text: [row({ key: 'stop', label: 'Stop scrolling if you cook', posts: 3, lowSample: true })],
      source: [row({ key: 'stock:kitchen', label: 'Kitchen clip', posts: 5, relativeViews: null })],
      format: [
        row({ key: 'photo:direct', label: 'Slideshow · posted directly', posts: 7, relativeViews: 1.6 }),
        row({ key: 'video:direct', label: 'Video · posted directly', posts: 12, relativeViews: 0.9 }),
      ],
      ...overrides,
    },
  }
}

export function makeBestTimes(overrides: Partial<BestTimes> = {}): BestTimes {
  const cells = WEEKDAYS.flatMap((weekday) =>
    Array.from({ length: 24 }, (_, hour) => ({ weekday, hour, posts: 0, relativeViews: null as number | null })),
  )
  const set = (weekday: (typeof WEEKDAYS)[number], hour: number, posts: number, relativeViews: number) => {
    const cell = cells.find((c) => c.weekday === weekday && c.hour === hour)
    if (cell) Object.assign(cell, { posts, relativeViews })
  }
  set('tuesday', 18, 4, 2.3)
  set('friday', 9, 3, 0.6)
  set('sunday', 20, 5, 1.4)
  return {
    accountId: ACCOUNT_ID,
    timeZone: 'America/New_York',
    posts: 12,
    minPosts: 10,
    enough: true,
    message: null,
    cells,
    suggestions: [
      { weekday: 'tuesday', hour: 18, relativeViews: 2.3, posts: 4 },
      { weekday: 'sunday', hour: 20, relativeViews: 1.4, posts: 5 },
    ],
    ...overrides,
  }
}

export const SECOND_ACCOUNT_ID = '0b9d6a7e-2f1c-4c3b-8e5d-1a2b3c4d5e6f'

export function makeComparison(overrides: Partial<AccountComparison> = {}): AccountComparison {
  return {
    accountId: ACCOUNT_ID,
    accountName: 'Ana Cooks',
    accountUsername: 'anacooks',
    sandbox: true,
    followers: 1240,
    views: 12345,
    likes: 1234,
    comments: 56,
    shares: 7,
    posts: 3,
    syncedAt: '2026-04-15T09:00:00.000Z',
    ...overrides,
  }
}

/** Two accounts (Ana's and Bo's) and their sums. */
export function makeAccountsOverview(overrides: Partial<AccountsOverview> = {}): AccountsOverview {
  return {
    from: '2026-03-19',
    to: '2026-04-15',
    timeZone: 'Europe/Berlin',
    totals: { followers: 1540, views: 13345, likes: 1334, comments: 60, shares: 9, posts: 5 },
    accounts: [
      makeComparison(),
      makeComparison({
        accountId: SECOND_ACCOUNT_ID,
        accountName: 'Bo Bakes',
        accountUsername: 'bobakes',
        followers: 300,
        views: 1000,
        likes: 100,
        comments: 4,
        shares: 2,
        posts: 2,
        syncedAt: '2026-04-15T09:30:00.000Z',
      }),
    ],
    ...overrides,
  }
}

export type AnalyticsData = {
  accounts: AccountsOverview
  sync: AccountSyncState
  overview: AnalyticsOverview
  topPosts: TopPost[]
  leaderboard: Leaderboard
  bestTimes: BestTimes
}

/**
 * A fake analytics API over `fetch`: answers each endpoint from `data` (which the test may change between calls), or
 * with `fail[endpoint]` when set. Records every call.
 */
export function analyticsApi(
  initial: Partial<AnalyticsData> = {},
  fail: Partial<
    Record<'accounts' | 'sync' | 'overview' | 'top-posts' | 'leaderboard' | 'best-times' | 'post-sync', ApiReply>
  > = {},
) {
  const data: AnalyticsData = {
    accounts: makeAccountsOverview(),
    sync: makeSync(),
    overview: makeOverview(),
    topPosts: [makeTopPost()],
    leaderboard: makeLeaderboard(),
    bestTimes: makeBestTimes(),
    ...initial,
  }
  const { calls } = mockApi((call: ApiCall): ApiReply => {
    const endpoint = call.pathname.replace('/api/analytics/', '')
    if (call.method === 'POST' && endpoint === 'sync') {
      if (fail['post-sync']) return fail['post-sync']
      data.sync = { ...data.sync, syncing: true }
      return { status: 202, body: { sync: data.sync } }
    }
    const failure = fail[endpoint as keyof typeof fail]
    if (failure) return failure
    switch (endpoint) {
      case 'accounts':
        return { status: 200, body: data.accounts }
      case 'sync':
        return { status: 200, body: { sync: data.sync } }
      case 'overview':
        return { status: 200, body: data.overview }
      case 'top-posts':
        return { status: 200, body: { posts: data.topPosts } }
      case 'leaderboard':
        return { status: 200, body: data.leaderboard }
      case 'best-times':
        return { status: 200, body: data.bestTimes }
      default:
        return notFound
    }
  })
  const gets = (endpoint: string) =>
    calls.filter((c) => c.method === 'GET' && c.pathname === `/api/analytics/${endpoint}`)
  return { data, calls, gets, fail }
}
