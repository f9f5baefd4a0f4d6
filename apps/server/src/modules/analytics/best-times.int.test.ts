import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_MESSAGES, BEST_TIMES_MIN_POSTS, MESSAGES, type BestTimes } from '@hookpost/shared'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'
import { INVALID_TIME_ZONE } from './analytics-range'
import { seedScoredPosts } from './testing/scored-posts-kit'

/** GET /api/analytics/best-times over HTTP on a real database, with scored posts written as the sync leaves them. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 60_000)
afterAll(async () => {
  await server?.close()
})

async function personWithAccount(timeZone: string | null) {
  const { cookie, userId } = await signUp(server)
  const res = await inject(server, 'POST', '/api/tiktok/accounts', cookie, {
    accountName: 'Shop',
    accountUsername: 'shop',
    timeZone,
  })
  expect(res.statusCode, res.body).toBe(201)
  return { cookie, userId, accountId: res.json<{ account: { id: string } }>().account.id }
}

/** Tuesday 24 November 2026 at `hour`:15 UTC, `weeks` weeks earlier. */
const tuesday = (hour: number, weeks: number) => new Date(Date.UTC(2026, 10, 24 - 7 * weeks, hour, 15))

describe('best time to post', () => {
  it('maps the account’s posts in its zone and suggests the hour that keeps doing well', async () => {
    const me = await personWithAccount('Asia/Tokyo')
    await seedScoredPosts(server.runtime.database.db, me, [
      // 09:15 UTC is 18:15 in Tokyo: six posts at about 2×.
      ...[2, 2.2, 1.8, 2, 2.1, 1.9].map((rv, i) => ({ publishedAt: tuesday(9, i), relativeViews: rv })),
      // 01:15 UTC is 10:15 in Tokyo: typical or worse.
      ...[1, 0.7, 0.8, 0.9].map((rv, i) => ({ publishedAt: tuesday(1, i), relativeViews: rv })),
      // One lucky post: 10× at 03:15 UTC (12:15 Tokyo).
      { publishedAt: tuesday(3, 0), relativeViews: 10 },
      // Not scored yet: left out.
      { publishedAt: tuesday(5, 0), relativeViews: null },
    ])
    const res = await inject(server, 'GET', `/api/analytics/best-times?accountId=${me.accountId}`, me.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const times = res.json<BestTimes>()
    expect(times).toMatchObject({
      accountId: me.accountId,
      timeZone: 'Asia/Tokyo',
      posts: 11,
      minPosts: BEST_TIMES_MIN_POSTS,
      enough: true,
      message: null,
    })
    expect(times.cells).toHaveLength(168)
    expect(times.cells.find((c) => c.weekday === 'tuesday' && c.hour === 18)).toMatchObject({ posts: 6 })
    expect(times.cells.find((c) => c.weekday === 'tuesday' && c.hour === 12)).toMatchObject({
      posts: 1,
      relativeViews: 10,
    })
    expect(times.suggestions.map((s) => [s.weekday, s.hour, s.posts])).toEqual([['tuesday', 18, 6]])
    expect(times.suggestions[0]!.relativeViews).toBeGreaterThan(1.3)
    expect(times.suggestions[0]!.relativeViews).toBeLessThan(2)
  })

  it('maps the same posts in the zone asked for (the Analytics tab’s, the person’s), and refuses a zone that is none', async () => {
    const me = await personWithAccount('Asia/Tokyo')
    await seedScoredPosts(
      server.runtime.database.db,
      me,
      [2, 2.2].map((rv, i) => ({ publishedAt: tuesday(9, i), relativeViews: rv })),
    )
    // 09:15 UTC on a Tuesday in November is 10:15 in Berlin (18:15 in the account's Tokyo).
    const res = await inject(
      server,
      'GET',
      `/api/analytics/best-times?accountId=${me.accountId}&tz=Europe%2FBerlin`,
      me.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    const times = res.json<BestTimes>()
    expect(times.timeZone).toBe('Europe/Berlin')
    expect(times.cells.find((c) => c.weekday === 'tuesday' && c.hour === 10)?.posts).toBe(2)
    expect(times.cells.find((c) => c.weekday === 'tuesday' && c.hour === 18)?.posts).toBe(0)
    const bad = await inject(
      server,
      'GET',
      `/api/analytics/best-times?accountId=${me.accountId}&tz=Mars%2FBase`,
      me.cookie,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: INVALID_TIME_ZONE })
  })

  it('falls back to UTC, says so, and explains when there are too few posts', async () => {
    const me = await personWithAccount(null)
    await seedScoredPosts(
      server.runtime.database.db,
      me,
      [1.5, 2, 3].map((rv, i) => ({ publishedAt: tuesday(9, i), relativeViews: rv })),
    )
    const res = await inject(server, 'GET', `/api/analytics/best-times?accountId=${me.accountId}`, me.cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<BestTimes>()).toMatchObject({
      timeZone: 'UTC',
      posts: 3,
      enough: false,
      message: ANALYTICS_MESSAGES.notEnoughForBestTimes,
      suggestions: [],
    })
    expect(res.json<BestTimes>().cells.find((c) => c.weekday === 'tuesday' && c.hour === 9)?.posts).toBe(3)
  })

  it('is 404 for another person’s account, 400 without a valid account id, 401 signed out', async () => {
    const owner = await personWithAccount('UTC')
    const other = await signUp(server)
    const theirs = await inject(server, 'GET', `/api/analytics/best-times?accountId=${owner.accountId}`, other.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.accountNotFound })
    const bad = await inject(server, 'GET', '/api/analytics/best-times?accountId=nope', other.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(ANALYTICS_MESSAGES.accountRequired)
    const missing = await inject(server, 'GET', '/api/analytics/best-times', other.cookie)
    expect(missing.statusCode).toBe(400)
    const signedOut = await inject(server, 'GET', `/api/analytics/best-times?accountId=${owner.accountId}`)
    expect(signedOut.statusCode).toBe(401)
  })

  it('is in the API reference', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json<{ paths: Record<string, { get?: { tags?: string[] } }> }>()
    expect(doc.paths['/api/analytics/best-times']?.get?.tags).toEqual(['analytics'])
  })
})
