import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, sql } from 'drizzle-orm'
import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_MESSAGES,
  CONTENT_TONE_LABELS,
  HOOK_CONCEPT_LABELS,
  LEADERBOARD_MIN_SAMPLE,
  MESSAGES,
  type AnalyticsOverview,
  type Leaderboard,
  type TopPost,
} from '@hookpost/shared'
import { MIGRATIONS_FOLDER } from '../../db/client'
import { postStatsGain } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'
import { INVALID_TIME_ZONE } from './analytics-range'
import { createAnalyticsRepository } from './analytics.repository'
import { seedAccount, seedFollowers, seedPost, seedSnapshots } from './testing/analytics-seed'

/**
 * The Analytics read API over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the rows
 * the stats sync would have written inserted directly, so every figure is known exactly.
 */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }
let otherAccount: string

beforeAll(async () => {
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
  otherAccount = await seedAccount(db(), other.userId)
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.runtime.database.db

function query(accountId: string, from: string, to: string, tz = 'UTC', extra = '') {
  return `accountId=${accountId}&from=${from}&to=${to}&tz=${encodeURIComponent(tz)}${extra}`
}

async function get<T>(path: string, cookie = me.cookie): Promise<T> {
  const res = await inject(server, 'GET', `/api/analytics/${path}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}

describe('overview', () => {
  // Berlin's clocks jump from 02:00 to 03:00 on Sunday 2026-03-29: that day is 23 hours long. Its days start at
  // 03-27T23:00Z (28th), 03-28T23:00Z (29th), 03-29T22:00Z (30th) and end at 03-30T22:00Z.
  it('sums the posts published in the range, and what every post gained per Berlin day across the DST change', async () => {
    const account = await seedAccount(db(), me.userId, {
      status: 'missing_scope',
      requestedAt: new Date(Date.now() - 60_000),
    })
    // Published before the range: its gains count in growth, not in the totals. Read by three syncs.
    const old = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-03-27T10:00:00Z',
      views: 230,
      likes: 23,
      snapshots: [['2026-03-27T12:00:00Z', 100, 10]], // previous period
    })
    await seedSnapshots(db(), me.userId, account, old, [
      ['2026-03-28T22:30:00Z', 150, 15], // 23:30 on the 28th in Berlin (UTC would say the 28th too)
      ['2026-03-28T23:30:00Z', 170, 17], // 00:30 on the 29th in Berlin (UTC: the 28th)
    ])
    await seedSnapshots(db(), me.userId, account, old, [
      ['2026-03-29T21:30:00Z', 200, 20], // 23:30 CEST on the 29th (UTC: the 29th)
      ['2026-03-29T22:30:00Z', 230, 23], // 00:30 CEST on the 30th (UTC: the 29th)
    ])
    const fresh = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-03-29T08:00:00Z',
      snapshots: [
        ['2026-03-29T09:00:00Z', 40, 4],
        ['2026-03-30T10:00:00Z', 90, 9, 1, 2],
      ],
    })
    // An old post read before the previous period and again in the range: its gain is from that older reading.
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-03-20T10:00:00Z',
      snapshots: [
        ['2026-03-20T12:00:00Z', 1000],
        ['2026-03-28T12:00:00Z', 1010],
      ],
    })
    // After the range: nothing of it counts.
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-03-31T08:00:00Z',
      snapshots: [['2026-03-31T09:00:00Z', 500]],
    })
    // Someone else's post on someone else's account in the same days.
    await seedPost(db(), other.userId, otherAccount, {
      publishedAt: '2026-03-29T08:00:00Z',
      snapshots: [['2026-03-29T09:00:00Z', 99_999]],
    })
    await seedFollowers(db(), me.userId, account, [
      ['2026-03-26T12:00:00Z', 1000],
      ['2026-03-28T23:30:00Z', 1100],
      ['2026-03-30T20:00:00Z', 1250],
      ['2026-03-31T12:00:00Z', null],
      ['2026-04-02T12:00:00Z', 1300],
    ])

    const overview = await get<AnalyticsOverview>(
      `overview?${query(account, '2026-03-28', '2026-03-30', 'Europe/Berlin')}`,
    )
    expect(overview).toMatchObject({
      accountId: account,
      from: '2026-03-28',
      to: '2026-03-30',
      timeZone: 'Europe/Berlin',
      sync: {
        accountId: account,
        status: 'missing_scope',
        message: ANALYTICS_MESSAGES.missingScope,
        syncedAt: null,
        syncing: true,
      },
      totals: { posts: 1, views: 90, likes: 9, comments: 1, shares: 2 },
      followers: 1300,
    })
    expect(overview.totals.engagementRate).toBeCloseTo(12 / 90, 10)
    expect(overview.series).toEqual([
      { date: '2026-03-28', views: 60, likes: 5, comments: 0, shares: 0, followers: 1000 },
      { date: '2026-03-29', views: 90, likes: 9, comments: 0, shares: 0, followers: 1100 },
      { date: '2026-03-30', views: 80, likes: 8, comments: 1, shares: 2, followers: 1250 },
    ])
    expect(overview.growth).toEqual({ views: 230, likes: 22, comments: 1, shares: 2, followers: 250 })
    // 2026-03-25 to 27: the old post's first reading; no follower reading before the 25th.
    expect(overview.previousGrowth).toEqual({ views: 100, likes: 10, comments: 0, shares: 0, followers: null })

    // The same data by UTC days: the readings around midnight fall on other days.
    const utc = await get<AnalyticsOverview>(`overview?${query(account, '2026-03-28', '2026-03-30')}`)
    expect(utc.series.map((p) => p.views)).toEqual([80, 100, 50])
    expect(utc.totals.posts).toBe(1)
    expect(fresh).toBeTruthy()
  })

  it('answers an empty range with zeros, a day per date, and the sync state', async () => {
    const account = await seedAccount(db(), me.userId, { syncedAt: new Date('2026-01-01T00:00:00Z') })
    const overview = await get<AnalyticsOverview>(`overview?${query(account, '2026-02-27', '2026-03-02')}`)
    expect(overview.series.map((p) => p.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
    expect(overview.series.every((p) => p.views === 0 && p.followers === null)).toBe(true)
    expect(overview.totals).toEqual({ posts: 0, views: 0, likes: 0, comments: 0, shares: 0, engagementRate: null })
    expect(overview.growth).toEqual({ views: 0, likes: 0, comments: 0, shares: 0, followers: null })
    expect(overview.followers).toBeNull()
    expect(overview.sync).toMatchObject({
      status: 'ok',
      message: null,
      syncedAt: '2026-01-01T00:00:00.000Z',
      syncing: false,
    })
  })
})

describe('top posts', () => {
  it('orders by views or engagement, limits, and gives each post its first week’s curve from 0', async () => {
    const account = await seedAccount(db(), me.userId)
    const big = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-05-02T00:00:00Z',
      title: 'Big one',
      relativeViews: 2.5,
      hook: {
        concept: 'curiosity_gap',
        tone: 'humorous',
        hookText: 'Wait for it',
        overlayStyle: 'top|48|bold|#ffcc00',
      },
      snapshots: [
        ['2026-05-02T01:00:00Z', 100],
        ['2026-05-03T00:00:00Z', 500],
        ['2026-05-08T12:00:00Z', 900, 9],
        ['2026-05-10T00:00:00Z', 1000, 10], // after its first 7 days: not on the curve
      ],
    })
    const engaging = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-05-05T00:00:00Z',
      title: 'Engaging',
      snapshots: [['2026-05-05T06:00:00Z', 300, 60]],
    })
    const silent = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-05-06T00:00:00Z',
      title: 'No views yet',
      hook: null,
    })
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-04-30T12:00:00Z',
      title: 'Before the range',
      snapshots: [['2026-05-01T00:00:00Z', 5000]],
    })

    const byViews = await get<{ posts: TopPost[] }>(`top-posts?${query(account, '2026-05-01', '2026-05-31')}`)
    expect(byViews.posts.map((p) => p.postId)).toEqual([big, engaging, silent])
    expect(byViews.posts[0]).toEqual({
      postId: big,
      title: 'Big one',
      coverUrl: null,
      shareUrl: `https://www.tiktok.com/@analytics.test/video/${big}`,
      publishedAt: '2026-05-02T00:00:00.000Z',
      views: 1000,
      likes: 10,
      comments: 0,
      shares: 0,
      engagementRate: 0.01,
      relativeViews: 2.5,
      hook: {
        concept: 'curiosity_gap',
        tone: 'humorous',
        hookText: 'Wait for it',
        overlayStyle: 'top|48|bold|#ffcc00',
        sourceKey: null,
        sourceLabel: null,
      },
      curve: [
        { hours: 0, views: 0 },
        { hours: 1, views: 100 },
        { hours: 24, views: 500 },
        { hours: 156, views: 900 },
      ],
    })
    expect(byViews.posts[2]).toMatchObject({
      views: 0,
      engagementRate: null,
      hook: null,
      curve: [{ hours: 0, views: 0 }],
    })

    const byEngagement = await get<{ posts: TopPost[] }>(
      `top-posts?${query(account, '2026-05-01', '2026-05-31', 'UTC', '&sort=engagement&limit=2')}`,
    )
    expect(byEngagement.posts.map((p) => p.postId)).toEqual([engaging, big])
    expect(byEngagement.posts[0]!.engagementRate).toBeCloseTo(0.2, 10)
  })
})

describe('hook leaderboard', () => {
  it('ranks each dimension by the geometric mean of relative views, with sample sizes, labels and low-sample marks', async () => {
    const account = await seedAccount(db(), me.userId)
    const curiosity = {
      concept: 'curiosity_gap',
      tone: 'humorous',
      hookText: 'Wait for it',
      overlayStyle: 'top|48|bold|#ffcc00',
      sourceKey: 'stock:feature-tour',
      sourceLabel: 'Feature tour',
    } as const
    for (const views of [100, 200, 300, 400, 500]) {
      await seedPost(db(), me.userId, account, {
        publishedAt: '2026-06-10T12:00:00Z',
        views,
        relativeViews: 2,
        hook: curiosity,
      })
    }
    const story = {
      concept: 'story',
      tone: 'humorous',
      hookText: null,
      overlayStyle: 'center|32|bold|#ffffff',
      sourceKey: 'media:3f9a',
      sourceLabel: 'Kitchen.mp4',
    } as const
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-06-11T12:00:00Z',
      format: 'photo',
      views: 50,
      relativeViews: 1,
      hook: story,
    })
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-06-12T12:00:00Z',
      format: 'photo',
      postMode: 'inbox',
      views: 70,
      relativeViews: 16,
      hook: story,
    })
    // Not scored yet; without a hook row; published after the range: none of them counts.
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-06-13T12:00:00Z',
      views: 9,
      hook: { concept: 'question' },
    })
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-06-13T12:00:00Z',
      views: 9,
      relativeViews: 3,
      hook: null,
    })
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-07-02T12:00:00Z',
      views: 9,
      relativeViews: 10,
      hook: { concept: 'urgency' },
    })

    const board = await get<Leaderboard>(`leaderboard?${query(account, '2026-06-01', '2026-06-30')}`)
    expect(board.accountId).toBe(account)
    expect(board.minSample).toBe(LEADERBOARD_MIN_SAMPLE)
    expect(board.dimensions.concept.map((r) => [r.key, r.label, r.posts, r.medianViews, r.lowSample])).toEqual([
      ['story', HOOK_CONCEPT_LABELS.story, 2, 60, true],
      ['curiosity_gap', HOOK_CONCEPT_LABELS.curiosity_gap, 5, 300, false],
    ])
    expect(board.dimensions.concept[0]!.relativeViews).toBeCloseTo(4, 6)
    expect(board.dimensions.concept[1]!.relativeViews).toBeCloseTo(2, 6)
    expect(board.dimensions.tone).toHaveLength(1)
    expect(board.dimensions.tone[0]).toMatchObject({
      key: 'humorous',
      label: CONTENT_TONE_LABELS.humorous,
      posts: 7,
      medianViews: 200,
      lowSample: false,
    })
    expect(board.dimensions.tone[0]!.relativeViews).toBeCloseTo(2 ** (9 / 7), 6)
    expect(board.dimensions.overlay_style.map((r) => r.label)).toEqual([
      'Center · 32 px · Bold · White',
      'Top · 48 px · Bold · Yellow',
    ])
    expect(board.dimensions.hook_text.map((r) => [r.key, r.label, r.posts])).toEqual([
      ['Wait for it', 'Wait for it', 5],
    ])
    expect(board.dimensions.source.map((r) => [r.key, r.label])).toEqual([
      ['media:3f9a', 'Kitchen.mp4'],
      ['stock:feature-tour', 'Feature tour'],
    ])
    // Format and mode compared like a hook (issue 29): the five videos, the slideshow posted directly, the one
    // finished in TikTok from a draft.
    expect(board.dimensions.format.map((r) => [r.key, r.label, r.posts, r.medianViews])).toEqual([
      ['photo:inbox', 'Slideshow · draft finished in TikTok', 1, 70],
      ['video:direct', 'Video · posted directly', 5, 300],
      ['photo:direct', 'Slideshow · posted directly', 1, 50],
    ])
    expect(board.dimensions.format[0]!.relativeViews).toBeCloseTo(16, 6)
  })
})

describe('CSV export', () => {
  it('is RFC 4180 with the contract’s header, guards against formulas, and names the file', async () => {
    const account = await seedAccount(db(), me.userId, { username: 'cafe.nomad' })
    const first = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-07-01T08:00:00Z',
      title: '=HYPERLINK("http://evil.example","click")',
      relativeViews: 1.23456,
      hook: { hookText: '-5 reasons', concept: 'question', tone: 'casual', overlayStyle: 'bottom|24|normal|#ffffff' },
      snapshots: [['2026-07-01T09:00:00Z', 200, 20, 5, 5]],
    })
    const second = await seedPost(db(), me.userId, account, {
      publishedAt: '2026-07-02T08:00:00Z',
      title: 'Hello, "world"\nline two',
      hook: { hookText: '@home', sourceKey: 'media:1', sourceLabel: 'Beach.mp4' },
    })

    const res = await inject(
      server,
      'GET',
      `/api/analytics/export.csv?${query(account, '2026-07-01', '2026-07-31')}`,
      me.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hookpost-analytics-cafe.nomad-2026-07-01-2026-07-31.csv"',
    )
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe(ANALYTICS_CSV_COLUMNS.join(','))
    expect(lines[1]).toBe(
      [
        first,
        '2026-07-01T08:00:00.000Z',
        `"'=HYPERLINK(""http://evil.example"",""click"")"`,
        `https://www.tiktok.com/@analytics.test/video/${first}`,
        '200',
        '20',
        '5',
        '5',
        '0.15',
        '1.235',
        "'-5 reasons",
        HOOK_CONCEPT_LABELS.question,
        CONTENT_TONE_LABELS.casual,
        'Bottom · 24 px · Regular · White',
        '',
      ].join(','),
    )
    expect(lines[2]).toBe(
      [
        second,
        '2026-07-02T08:00:00.000Z',
        '"Hello, ""world""\nline two"',
        `https://www.tiktok.com/@analytics.test/video/${second}`,
        '0',
        '0',
        '0',
        '0',
        '',
        '',
        "'@home",
        '',
        '',
        '',
        'Beach.mp4',
      ].join(','),
    )
    expect(lines.slice(3)).toEqual([''])
  })
})

describe('CSV export, streamed in keyset pages', () => {
  it('resumes each page exactly after the last row sent: ties and microseconds neither lost nor repeated', async () => {
    const account = await seedAccount(db(), me.userId, { username: 'pages.test' })
    const at = (iso: string) => ({ publishedAt: iso })
    const ids = [
      await seedPost(db(), me.userId, account, at('2026-08-01T08:00:00Z')),
      await seedPost(db(), me.userId, account, at('2026-08-02T08:00:00Z')),
      await seedPost(db(), me.userId, account, at('2026-08-02T08:00:00Z')),
      await seedPost(db(), me.userId, account, at('2026-08-02T08:00:00Z')),
      await seedPost(db(), me.userId, account, at('2026-08-03T08:00:00Z')),
    ]
    // One a microsecond after the tie: a resume point rounded to milliseconds would skip or repeat it.
    const micro = await seedPost(db(), me.userId, account, at('2026-08-02T08:00:00Z'))
    await db().execute(
      sql`UPDATE "post_stats" SET "published_at" = "published_at" + interval '1 microsecond' WHERE "post_id" = ${micro}`,
    )
    // Someone else's post at the same instant stays out.
    await seedPost(db(), other.userId, otherAccount, at('2026-08-02T08:00:00Z'))
    const ordered = (await db().execute(
      sql`SELECT "post_id" FROM "post_stats" WHERE "account_id" = ${account} ORDER BY "published_at", "post_id"`,
    )) as unknown as { rows: { post_id: string }[] }
    const expected = ordered.rows.map((r) => r.post_id)
    expect(expected).toHaveLength(6)
    expect(new Set(expected)).toEqual(new Set([...ids, micro]))

    const repo = createAnalyticsRepository(db())
    const pages: string[][] = []
    for await (const page of repo.postsPublishedPages(
      me.userId,
      account,
      new Date('2026-08-01T00:00:00Z'),
      new Date('2026-08-04T00:00:00Z'),
      { first: 1, next: 2 },
    )) {
      pages.push(page.map((p) => p.postId))
    }
    expect(pages.map((p) => p.length)).toEqual([1, 2, 2, 1])
    expect(pages.flat()).toEqual(expected)
  })

  it('sends a title with a formula after a semicolon quoted and disarmed', async () => {
    const account = await seedAccount(db(), me.userId, { username: 'semicolon.test' })
    await seedPost(db(), me.userId, account, {
      publishedAt: '2026-09-01T08:00:00Z',
      title: "x;=cmd|' /C calc'!A0",
    })
    const res = await inject(
      server,
      'GET',
      `/api/analytics/export.csv?${query(account, '2026-09-01', '2026-09-01')}`,
      me.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body.split('\r\n')[1]!.split(',')[2]).toBe(`"x;'=cmd|' /C calc'!A0"`)
  })
})

describe('access and validation', () => {
  const endpoints = ['overview', 'top-posts', 'leaderboard', 'export.csv']

  it('needs a signed-in user', async () => {
    for (const endpoint of endpoints) {
      const res = await inject(
        server,
        'GET',
        `/api/analytics/${endpoint}?${query(otherAccount, '2026-01-01', '2026-01-31')}`,
      )
      expect(res.statusCode, endpoint).toBe(401)
    }
  })

  it('answers 404 for another user’s account or an unknown one', async () => {
    for (const endpoint of endpoints) {
      for (const account of [otherAccount, '5b0c3f1e-3d3c-4d7e-9d59-6f7b7f0e0f00']) {
        const res = await inject(
          server,
          'GET',
          `/api/analytics/${endpoint}?${query(account, '2026-01-01', '2026-01-31')}`,
          me.cookie,
        )
        expect(res.statusCode, endpoint).toBe(404)
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MESSAGES.accountNotFound })
      }
    }
  })

  it('refuses a bad range, zone or account id with the contract’s messages', async () => {
    const account = await seedAccount(db(), me.userId)
    const cases: [string, string][] = [
      [query(account, '2026-02-02', '2026-02-01'), ANALYTICS_MESSAGES.rangeInvalid],
      [query(account, '2025-01-01', '2026-01-02'), ANALYTICS_MESSAGES.rangeTooLong],
      [query(account, '2026-01-01', '2026-01-02', 'Mars/Olympus_Mons'), INVALID_TIME_ZONE],
      [query('not-a-uuid', '2026-01-01', '2026-01-02'), ANALYTICS_MESSAGES.accountRequired],
      [`from=2026-01-01&to=2026-01-02&tz=UTC`, ANALYTICS_MESSAGES.accountRequired],
    ]
    for (const endpoint of endpoints) {
      for (const [qs, message] of cases) {
        const res = await inject(server, 'GET', `/api/analytics/${endpoint}?${qs}`, me.cookie)
        expect(res.statusCode, `${endpoint}?${qs}`).toBe(400)
        expect(res.json(), `${endpoint}?${qs}`).toMatchObject({ code: 'VALIDATION_FAILED', message })
      }
      const badDate = await inject(
        server,
        'GET',
        `/api/analytics/${endpoint}?${query(account, 'yesterday', '2026-01-02')}`,
        me.cookie,
      )
      expect(badDate.statusCode).toBe(400)
    }
    for (const extra of ['&limit=0', '&limit=51', '&sort=likes']) {
      const res = await inject(
        server,
        'GET',
        `/api/analytics/top-posts?${query(account, '2026-01-01', '2026-01-02', 'UTC', extra)}`,
        me.cookie,
      )
      expect(res.statusCode, extra).toBe(400)
    }
    // 366 days (a leap year) is the longest period allowed.
    await get(`overview?${query(account, '2024-01-01', '2024-12-31')}`)
  })

  it('is in the API reference', async () => {
    const res = await inject(server, 'GET', '/api/docs/json')
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> }
    for (const endpoint of endpoints)
      expect(Object.keys(doc.paths[`/api/analytics/${endpoint}`] ?? {})).toEqual(['get'])
  })
})

describe('post_stats_gain', () => {
  it('holds what migration 0014’s backfill computes from the same snapshots', async () => {
    const all = () =>
      db().select().from(postStatsGain).orderBy(asc(postStatsGain.accountId), asc(postStatsGain.bucketAt))
    const kept = await all()
    expect(kept.length).toBeGreaterThan(5)
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0014_analytics_gains.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').at(-1)!
    expect(backfill).toContain('INSERT INTO "post_stats_gain"')
    await db().delete(postStatsGain)
    await db().execute(sql.raw(backfill))
    expect(await all()).toEqual(kept)
  })
})
