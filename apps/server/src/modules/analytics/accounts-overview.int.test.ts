import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_MESSAGES, type AccountsOverview } from '@hookpost/shared'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'
import { INVALID_TIME_ZONE } from './analytics-range'
import { seedAccount, seedFollowers, seedPost, seedSnapshots } from './testing/analytics-seed'

/**
 * GET /api/analytics/accounts (issue 30 item 10, "All accounts") over HTTP on a real database, with the rows the stats
 * sync would have written inserted directly: every figure is known, and another person's accounts — with far bigger
 * figures in the same days — must not appear or be summed in.
 */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }

beforeAll(async () => {
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.runtime.database.db
const RANGE = 'from=2026-04-06&to=2026-04-12&tz=Europe%2FBerlin'

describe('GET /api/analytics/accounts', () => {
  it('each of my accounts and their sums over the range, in my zone; nothing of anyone else’s', async () => {
    const cooking = await seedAccount(db(), me.userId, {
      username: 'ana.cooks',
      syncedAt: new Date('2026-04-12T09:00:00Z'),
    })
    const travel = await seedAccount(db(), me.userId, { username: 'ana.travels' })
    const theirs = await seedAccount(db(), other.userId, { username: 'someone.else' })

    // Published in the range (Berlin, 04-06 00:00 = 04-05T22:00Z): 120 views, 12 likes, 2 comments, 1 share gained.
    const inRange = await seedPost(db(), me.userId, cooking, {
      publishedAt: '2026-04-07T10:00:00Z',
      snapshots: [['2026-04-07T11:00:00Z', 100, 10, 2, 1]],
    })
    await seedSnapshots(db(), me.userId, cooking, inRange, [['2026-04-08T11:00:00Z', 120, 12, 2, 1]])
    // Published before the range, read before it (not counted) and in it (+30 views, +3 likes).
    const older = await seedPost(db(), me.userId, cooking, {
      publishedAt: '2026-03-20T10:00:00Z',
      snapshots: [['2026-03-21T10:00:00Z', 500, 50]],
    })
    await seedSnapshots(db(), me.userId, cooking, older, [['2026-04-09T10:00:00Z', 530, 53]])
    // 23:30 on 04-05 in Berlin: the day before the range, though UTC says the 5th as well — and 00:30 on the 13th
    // in Berlin (UTC: the 12th) is after it. Neither counts.
    await seedPost(db(), me.userId, travel, {
      publishedAt: '2026-04-05T21:30:00Z',
      snapshots: [['2026-04-05T21:45:00Z', 7]],
    })
    await seedPost(db(), me.userId, travel, {
      publishedAt: '2026-04-12T22:30:00Z',
      snapshots: [['2026-04-12T22:45:00Z', 9]],
    })
    // The travel account: one post in the range, 40 views.
    await seedPost(db(), me.userId, travel, {
      publishedAt: '2026-04-10T08:00:00Z',
      snapshots: [['2026-04-10T09:00:00Z', 40, 4]],
    })
    await seedFollowers(db(), me.userId, cooking, [
      ['2026-04-01T10:00:00Z', 1000],
      ['2026-04-12T10:00:00Z', 1100],
      ['2026-04-12T11:00:00Z', null],
    ])
    // Someone else, in the same days, with figures that would stand out in any sum.
    await seedPost(db(), other.userId, theirs, {
      publishedAt: '2026-04-08T10:00:00Z',
      snapshots: [['2026-04-08T11:00:00Z', 99_999, 9_999, 999, 99]],
    })
    await seedFollowers(db(), other.userId, theirs, [['2026-04-10T10:00:00Z', 555_555]])

    const res = await inject(server, 'GET', `/api/analytics/accounts?${RANGE}`, me.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const overview = res.json<AccountsOverview>()
    expect(overview).toEqual({
      from: '2026-04-06',
      to: '2026-04-12',
      timeZone: 'Europe/Berlin',
      totals: { followers: 1100, views: 190, likes: 19, comments: 2, shares: 1, posts: 2 },
      accounts: [
        {
          accountId: cooking,
          accountName: 'Analytics Test',
          accountUsername: 'ana.cooks',
          sandbox: true,
          followers: 1100,
          views: 150,
          likes: 15,
          comments: 2,
          shares: 1,
          posts: 1,
          syncedAt: '2026-04-12T09:00:00.000Z',
        },
        {
          accountId: travel,
          accountName: 'Analytics Test',
          accountUsername: 'ana.travels',
          sandbox: true,
          followers: null,
          views: 40,
          likes: 4,
          comments: 0,
          shares: 0,
          posts: 1,
          syncedAt: null,
        },
      ],
    })

    // The other person sees only their own account, and none of mine.
    const theirView = await inject(server, 'GET', `/api/analytics/accounts?${RANGE}`, other.cookie)
    expect(theirView.statusCode).toBe(200)
    const theirOverview = theirView.json<AccountsOverview>()
    expect(theirOverview.accounts.map((a) => a.accountId)).toEqual([theirs])
    expect(theirOverview.totals).toEqual({
      followers: 555_555,
      views: 99_999,
      likes: 9_999,
      comments: 999,
      shares: 99,
      posts: 1,
    })
  })

  it.each([
    ['a zone that is none', 'from=2026-04-06&to=2026-04-12&tz=Mars%2FBase', INVALID_TIME_ZONE],
    ['a reversed range', 'from=2026-04-12&to=2026-04-06&tz=UTC', ANALYTICS_MESSAGES.rangeInvalid],
    ['a period over 366 days', 'from=2025-01-01&to=2026-04-12&tz=UTC', ANALYTICS_MESSAGES.rangeTooLong],
  ])('refuses %s with its message', async (_what, search, message) => {
    const res = await inject(server, 'GET', `/api/analytics/accounts?${search}`, me.cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(message)
  })

  it('is 401 signed out', async () => {
    const signedOut = await inject(server, 'GET', `/api/analytics/accounts?${RANGE}`)
    expect(signedOut.statusCode).toBe(401)
  })
})
