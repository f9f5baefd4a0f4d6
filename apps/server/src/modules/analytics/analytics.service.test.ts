import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_MESSAGES,
  CONTENT_TONE_LABELS,
  HOOK_CONCEPT_LABELS,
  LEADERBOARD_DIMENSIONS,
  LEADERBOARD_MIN_SAMPLE,
  LEADERBOARD_ROWS_MAX,
} from '@hookpost/shared'
import type { AnalyticsRepository, LeaderboardGroupRow, PostFiguresRow } from './analytics.repository'
import {
  buildLeaderboard,
  createAnalyticsService,
  engagementRate,
  followersGained,
  leaderboardLabel,
  toCsvRow,
  toCurve,
} from './analytics.service'

const group = (overrides: Partial<LeaderboardGroupRow>): LeaderboardGroupRow => ({
  column: 'concept',
  key: 'story',
  sourceLabel: null,
  posts: 10,
  medianViews: 100,
  relativeViews: 1,
  ...overrides,
})

describe('buildLeaderboard', () => {
  it('ranks each dimension by relative views, then by sample size, and marks low samples', () => {
    const board = buildLeaderboard('acc', [
      group({ key: 'story', relativeViews: 1.5, posts: 12 }),
      group({ key: 'question', relativeViews: 3, posts: LEADERBOARD_MIN_SAMPLE - 1 }),
      group({ key: 'surprise', relativeViews: 1.5, posts: 30 }),
      group({ column: 'tone', key: 'casual', relativeViews: 0.8, posts: LEADERBOARD_MIN_SAMPLE }),
      group({ column: 'source_key', key: 'media:1', sourceLabel: 'Beach.mp4' }),
      group({ column: 'source_key', key: 'stock:x', sourceLabel: null, relativeViews: 0.5 }),
    ])
    expect(Object.keys(board.dimensions)).toEqual([...LEADERBOARD_DIMENSIONS])
    expect(board.minSample).toBe(LEADERBOARD_MIN_SAMPLE)
    expect(board.dimensions.concept.map((r) => [r.key, r.lowSample])).toEqual([
      ['question', true],
      ['surprise', false],
      ['story', false],
    ])
    expect(board.dimensions.tone).toEqual([
      {
        key: 'casual',
        label: CONTENT_TONE_LABELS.casual,
        posts: 5,
        medianViews: 100,
        relativeViews: 0.8,
        lowSample: false,
      },
    ])
    expect(board.dimensions.source.map((r) => r.label)).toEqual(['Beach.mp4', 'stock:x'])
    expect(board.dimensions.overlay_style).toEqual([])
  })

  it(`keeps the best ${LEADERBOARD_ROWS_MAX} rows of a dimension`, () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      group({ column: 'hook_text', key: `Hook ${i}`, relativeViews: i }),
    )
    const rows = buildLeaderboard('acc', many).dimensions.hook_text
    expect(rows).toHaveLength(LEADERBOARD_ROWS_MAX)
    expect(rows[0]!.key).toBe('Hook 79')
  })
})

describe('labels', () => {
  it('uses the product’s words, and the key where there are none', () => {
    expect(leaderboardLabel('concept', 'curiosity_gap', null)).toBe(HOOK_CONCEPT_LABELS.curiosity_gap)
    expect(leaderboardLabel('concept', 'retired_concept', null)).toBe('retired_concept')
    expect(leaderboardLabel('tone', 'humorous', null)).toBe(CONTENT_TONE_LABELS.humorous)
    expect(leaderboardLabel('overlay_style', 'top-left|16|normal|#af52de', null)).toBe(
      'Top left · 16 px · Regular · Purple',
    )
    expect(leaderboardLabel('hook_text', 'Wait for it', null)).toBe('Wait for it')
    expect(leaderboardLabel('source', 'media:1', 'Beach.mp4')).toBe('Beach.mp4')
  })
})

describe('figures', () => {
  it('engagement is interactions per view, none without views', () => {
    expect(engagementRate({ views: 200, likes: 20, comments: 5, shares: 5 })).toBe(0.15)
    expect(engagementRate({ views: 0, likes: 3, comments: 0, shares: 0 })).toBeNull()
  })

  it('followers gained are from the reading before the period, or the first in it', () => {
    expect(followersGained(1000, 1100, 1250)).toBe(250)
    expect(followersGained(null, 1100, 1250)).toBe(150)
    expect(followersGained(null, null, 1250)).toBeNull()
    expect(followersGained(1000, 1000, null)).toBeNull()
  })

  it('a curve starts at 0 views at publishing', () => {
    expect(toCurve([])).toEqual([{ hours: 0, views: 0 }])
    expect(toCurve([{ hours: 1.00001, views: 5 }])).toEqual([
      { hours: 0, views: 0 },
      { hours: 1, views: 5 },
    ])
  })

  it('a CSV row rounds rates and names the hook in words', () => {
    const row = toCsvRow({
      postId: 'p',
      title: 'T',
      coverUrl: null,
      shareUrl: null,
      publishedAt: new Date('2026-01-01T00:00:00Z'),
      views: 3,
      likes: 1,
      comments: 0,
      shares: 0,
      relativeViews: 1.23456,
      hook: {
        concept: 'story',
        tone: 'casual',
        hookText: 'H',
        overlayStyle: 'center|32|bold|#ffffff',
        sourceKey: 'stock:a',
        sourceLabel: null,
      },
    })
    expect(row).toMatchObject({
      published_at: '2026-01-01T00:00:00.000Z',
      engagement_rate: 0.3333,
      relative_views: 1.235,
      hook_concept: HOOK_CONCEPT_LABELS.story,
      tone: CONTENT_TONE_LABELS.casual,
      overlay_style: 'Center · 32 px · Bold · White',
      source: 'stock:a',
    })
  })
})

describe('exportCsv', () => {
  const account = '5b0c3f1e-3d3c-4d7e-9d59-6f7b7f0e0f00'
  const query = { accountId: account, from: '2026-07-01', to: '2026-07-31', tz: 'UTC' }
  const post = (postId: string): PostFiguresRow => ({
    postId,
    title: 'A post',
    coverUrl: null,
    shareUrl: null,
    publishedAt: new Date('2026-07-02T08:00:00Z'),
    views: 1,
    likes: 0,
    comments: 0,
    shares: 0,
    relativeViews: null,
    hook: null,
  })
  function service(pages: () => AsyncGenerator<PostFiguresRow[]>) {
    const errors: string[] = []
    const repo = {
      findAccount: async () => ({ username: 'cafe' }),
      postsPublishedPages: pages,
    } as unknown as AnalyticsRepository
    const analytics = createAnalyticsService({ repo, clock: () => new Date(), log: { error: (m) => errors.push(m) } })
    return { analytics, errors }
  }
  const read = async (chunks: AsyncIterable<string>) => {
    let out = ''
    for await (const chunk of chunks) out += chunk
    return out
  }

  it('answers the product’s error, before anything is sent, when the first page fails', async () => {
    const { analytics, errors } = service(async function* () {
      yield* []
      throw new Error('connection reset')
    })
    await expect(analytics.exportCsv('u1', query)).rejects.toMatchObject({
      code: 'INTERNAL',
      message: ANALYTICS_MESSAGES.fetchFailed,
    })
    expect(errors).toHaveLength(1)
  })

  it('lets a later page’s failure end the stream with an error (never a file that looks whole), and logs it', async () => {
    const { analytics, errors } = service(async function* () {
      yield [post('p1')]
      throw new Error('connection reset')
    })
    const { chunks } = await analytics.exportCsv('u1', query)
    await expect(read(chunks)).rejects.toThrow('connection reset')
    expect(errors).toEqual([expect.stringContaining('stopped part way')])
  })

  it('streams every page after the first', async () => {
    const { analytics } = service(async function* () {
      yield [post('p1')]
      yield [post('p2'), post('p3')]
    })
    const { fileName, chunks } = await analytics.exportCsv('u1', query)
    expect(fileName).toBe('hookpost-analytics-cafe-2026-07-01-2026-07-31.csv')
    const lines = (await read(chunks)).split('\r\n')
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(['p1', 'p2', 'p3'])
  })
})
