import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { ANALYTICS_MESSAGES, type AccountSyncState, type Leaderboard, type ServerEvent } from '@hookpost/shared'
import {
  accountStatsSnapshot,
  accountStatsSync,
  post,
  postHook,
  postStats,
  postStatsSnapshot,
  tiktokAccount,
} from '../../db/schema'
import { createTiktokClient } from '../../integrations/tiktok'
import { inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { SANDBOX_CLIENT_KEY, startTestSandbox, TEST_REDIRECT_URI, type TestSandbox } from '../../testing/tiktok-sandbox'
import { TEST_PUBLISHING_SETTINGS } from '../publishing/testing/publishing-int-context'
import { connectCreator, postInput } from '../publishing/testing/publishing-test-kit'
import { relativeViews } from './normalise'

/**
 * The stats sync against the TikTok sandbox over HTTP, on PGlite or PostgreSQL (TEST_DATABASE_URL): published posts'
 * figures are read and stored as time series, later readings show the growth, posts are scored against the account's
 * median, and accounts that cannot be read end in a state that is not retried. The server and the sandbox share one
 * clock the test can stop and move on (the sandbox's counts grow with its clock).
 */

let server: TestServer
let sandbox: TestSandbox
let video = ''
let fixtureDir = ''
/** Real time until frozen; then only what the test says. */
let frozenAt: number | null = null
const now = () => frozenAt ?? Date.now()
const clock = () => new Date(now())
const HOUR = 3_600_000

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'stats-sync-int-'))
  video = path.join(fixtureDir, 'clip.mp4')
  const made = makeVideo(video)
  sandbox = await startTestSandbox({ now })
  server = await startTestServer(sandbox.env, { clock, posts: TEST_PUBLISHING_SETTINGS })
  await made
  // The sweep runs every minute (it may run at any point of a test); tests also run it when they want a sync.
  expect(await scheduled('analytics.sweep')).toEqual([expect.objectContaining({ cron: '* * * * *' })])
})
afterAll(async () => {
  await server?.close()
  await sandbox?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db

async function syncRow(accountId: string) {
  const [row] = await db().select().from(accountStatsSync).where(eq(accountStatsSync.accountId, accountId))
  return row
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
}

async function scheduled(name: string) {
  return rowsOf<{ cron: string }>(await db().execute(sql`select cron from pgboss.schedule where name = ${name}`))
}

async function syncJobs(accountId: string): Promise<number> {
  const result = await db().execute(
    sql`select count(*)::int as n from pgboss.job where name = 'analytics.sync' and singleton_key = ${accountId}`,
  )
  return rowsOf<{ n: number }>(result)[0]!.n
}

/** Runs queued by "Refresh stats" (forced), apart from the minute sweep's, which may queue the account at any time. */
async function refreshJobs(accountId: string): Promise<number> {
  const result = await db().execute(
    sql`select count(*)::int as n from pgboss.job
        where name = 'analytics.sync' and singleton_key = ${accountId} and (data->>'force')::boolean`,
  )
  return rowsOf<{ n: number }>(result)[0]!.n
}

/** Waits for a run of the account that ends after `after` with the lease released. */
async function settled(accountId: string, check: (row: NonNullable<Awaited<ReturnType<typeof syncRow>>>) => boolean) {
  return eventually(async () => {
    const row = await syncRow(accountId)
    return row && row.requestedAt === null && check(row) ? row : undefined
  }, 20_000)
}

/** TikTok as a second app session of the same creator would see it: our own token, the same sandbox. */
async function ownView(openId: string) {
  const client = createTiktokClient({
    apiBase: sandbox.url,
    authBase: sandbox.url,
    clientKey: SANDBOX_CLIENT_KEY,
    clientSecret: sandbox.secret,
    redirectUri: TEST_REDIRECT_URI,
  })
  const url = client.authorizeUrl({ state: 'own-view', scopes: ['user.info.basic', 'user.info.stats', 'video.list'] })
  const callback = await sandbox.decide(url, openId)
  const tokens = await client.exchangeCode(callback.searchParams.get('code')!)
  return {
    videos: (ids: string[]) => client.queryVideos(tokens.accessToken, ids),
    user: () => client.userInfo(tokens.accessToken, tokens.scopes),
  }
}

/** Connect with only some of the scopes Hookpost asks for (the person unticks the others on TikTok's page). */
async function connectWithScopes(cookie: string, openId: string, scopes: string[], accountId?: string) {
  const start = await inject(server, 'POST', '/api/tiktok/connect', cookie, accountId ? { accountId } : {})
  const form = new URLSearchParams(new URL(start.json<{ authorizeUrl: string }>().authorizeUrl).searchParams)
  form.set('creator', openId)
  form.set('decision', 'allow')
  form.set('scope_selection', '1')
  for (const scope of scopes) form.append('grant_scope', scope)
  const res = await fetch(`${sandbox.url}/v2/auth/authorize/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  const callback = new URL(res.headers.get('location')!)
  const done = await inject(server, 'POST', '/api/tiktok/callback', cookie, {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  })
  expect(done.statusCode).toBe(200)
  return done.json<{ account: { id: string; scopes: string[] } }>().account
}

describe('the stats sync', () => {
  it('stores the figures of published posts, then their growth, and scores them against the account', async () => {
    const { cookie, userId } = await signUp(server)
    const creator = await sandbox.createCreator({ display_name: 'Stats Sam' })
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    const mediaId = await storeMedia(server, userId, video)
    const events: ServerEvent[] = []
    const unsubscribe = server.runtime.events.subscribe(userId, (e) => events.push(e))

    // Three public posts, a few seconds apart, published through the real publishing engine.
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const scheduled = await server.runtime.posts.scheduleAt(
        userId,
        postInput({
          accountId,
          mediaId,
          scheduledAt: new Date(Date.now() + 2_000 + i * 1_500),
          privacyLevel: 'PUBLIC_TO_EVERYONE',
          title: `Post ${i}`,
        }),
      )
      ids.push(scheduled.id)
    }
    const published = await eventually(async () => {
      const rows = await db().select().from(post).where(eq(post.accountId, accountId))
      return rows.length === 3 && rows.every((r) => r.tiktokPostId) ? rows : undefined
    }, 40_000)
    const videoIds = published.map((r) => r.tiktokPostId!)

    // Time stops 20 minutes after publishing, so what TikTok answers the sync and what it answers us is the same.
    // ("Refresh stats" reads every post not read in the last 15 minutes, whatever the minute's sweep did before.)
    frozenAt = Date.now() + 20 * 60_000
    const first = await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
    expect(first.statusCode).toBe(202)
    expect(first.json<{ sync: AccountSyncState }>().sync).toMatchObject({ accountId, syncing: true })
    const t1 = frozenAt
    await settled(accountId, (row) => row.status === 'ok' && row.syncedAt?.getTime() === t1)

    const tiktok = await ownView(creator.open_id)
    const truth = new Map((await tiktok.videos(videoIds)).map((v) => [v.id, v]))
    const stats = await db().select().from(postStats).where(eq(postStats.accountId, accountId))
    expect(stats).toHaveLength(3)
    for (const row of stats) {
      const v = truth.get(row.tiktokVideoId)!
      expect(row).toMatchObject({
        state: 'live',
        views: v.viewCount,
        likes: v.likeCount,
        comments: v.commentCount,
        shares: v.shareCount,
        coverUrl: v.coverImageUrl,
        shareUrl: v.shareUrl,
        publishedAt: new Date(v.createTime! * 1000),
      })
      expect(row.views).toBeGreaterThan(0)
      // 20 minutes old: read again in an hour.
      expect(row.nextSyncAt.getTime()).toBe(frozenAt + HOUR)
    }
    const followers = (await tiktok.user()).followerCount
    const accountReadings = await db()
      .select()
      .from(accountStatsSnapshot)
      .where(eq(accountStatsSnapshot.accountId, accountId))
    expect(accountReadings).toContainEqual(expect.objectContaining({ followers, takenAt: new Date(frozenAt) }))
    const firstSnapshots = await db().select().from(postStatsSnapshot).where(eq(postStatsSnapshot.accountId, accountId))
    expect(firstSnapshots.filter((s) => s.takenAt.getTime() === t1)).toHaveLength(3)

    const state = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, cookie)
    expect(state.statusCode).toBe(200)
    expect(state.json<{ sync: AccountSyncState }>().sync).toEqual({
      accountId,
      status: 'ok',
      message: null,
      syncedAt: new Date(frozenAt).toISOString(),
      nextSyncAt: new Date(frozenAt + HOUR).toISOString(),
      syncing: false,
    })
    expect(events).toContainEqual({ type: 'analytics.synced', accountId })

    // Three hours later (the access token expired meanwhile: the sync refreshes it), the sweep finds them due.
    frozenAt += 3 * HOUR
    const t2 = frozenAt
    await server.runtime.statsSync.sweep()
    await settled(accountId, (row) => row.syncedAt?.getTime() === t2)
    const later = await db().select().from(postStats).where(eq(postStats.accountId, accountId))
    // Our own token of three hours ago has expired: authorise again.
    const truthLater = new Map((await (await ownView(creator.open_id)).videos(videoIds)).map((v) => [v.id, v]))
    for (const row of later) {
      const before = stats.find((s) => s.postId === row.postId)!
      expect(row.views).toBe(truthLater.get(row.tiktokVideoId)!.viewCount)
      expect(row.views).toBeGreaterThan(before.views)
      expect(row.relativeViews).not.toBeNull()
    }
    const snapshots = await db()
      .select()
      .from(postStatsSnapshot)
      .where(eq(postStatsSnapshot.accountId, accountId))
      .orderBy(asc(postStatsSnapshot.takenAt))
    expect(snapshots.filter((s) => s.takenAt.getTime() === t2)).toHaveLength(3)
    for (const id of ids) {
      const views = snapshots.filter((s) => s.postId === id).map((s) => s.views)
      expect(views.length).toBeGreaterThanOrEqual(2)
      expect(views.toSorted((a, b) => a - b)).toEqual(views)
    }

    // The stored scores are normalise.ts's over the stored readings.
    const expected = relativeViews(
      later.map((row) => ({
        postId: row.postId,
        readings: snapshots
          .filter((s) => s.postId === row.postId)
          .map((s) => ({ ageMs: s.takenAt.getTime() - row.publishedAt.getTime(), views: s.views })),
      })),
    )
    for (const row of later) expect(row.relativeViews).toBeCloseTo(expected.get(row.postId)!, 5)
    const counts = await db().select().from(accountStatsSnapshot).where(eq(accountStatsSnapshot.accountId, accountId))
    expect(counts.filter((c) => c.takenAt.getTime() === t2)).toHaveLength(1)

    // The leaderboard ranks hooks by their posts' relative views (geometric mean): the best post carried one hook, the
    // other two another. What hook a post carried is written when it is scheduled, and the scores above depend on
    // when each post happened to go out (the oldest post is compared with itself alone), so both are set here.
    const [winner, ...others] = ids
    const scores = new Map([
      [winner!, 2],
      [others[0]!, 0.5],
      [others[1]!, 0.8],
    ])
    for (const [postId, relativeViews] of scores) {
      const hookText = postId === winner ? 'Nobody tells you this' : 'Three things I wish I knew'
      await db().update(postHook).set({ hookText }).where(eq(postHook.postId, postId))
      await db().update(postStats).set({ relativeViews }).where(eq(postStats.postId, postId))
    }
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const board = await inject(
      server,
      'GET',
      `/api/analytics/leaderboard?accountId=${accountId}&from=${day(t2 - 2 * 86_400_000)}&to=${day(t2)}&tz=UTC`,
      cookie,
    )
    expect(board.statusCode, board.body).toBe(200)
    const hooks = board.json<Leaderboard>().dimensions.hook_text
    expect(hooks.map((row) => [row.label, row.posts, row.lowSample])).toEqual([
      ['Nobody tells you this', 1, true],
      ['Three things I wish I knew', 2, true],
    ])
    expect(hooks[0]!.relativeViews!).toBeCloseTo(2, 3)
    expect(hooks[1]!.relativeViews!).toBeCloseTo(Math.sqrt(0.5 * 0.8), 3)
    unsubscribe()
  }, 90_000)

  it('a post TikTok no longer returns is kept as gone and not asked for again', async () => {
    frozenAt = null
    const { cookie, userId } = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    const mediaId = await storeMedia(server, userId, video)
    const scheduled = await server.runtime.posts.scheduleAt(
      userId,
      postInput({ accountId, mediaId, scheduledAt: new Date(Date.now() + 2_000), privacyLevel: 'PUBLIC_TO_EVERYONE' }),
    )
    await eventually(async () => {
      const [row] = await db().select().from(post).where(eq(post.id, scheduled.id))
      return row?.tiktokPostId ? row : undefined
    }, 30_000)
    // A second, "published" post whose id TikTok does not know (deleted on TikTok).
    const [ghost] = await db()
      .insert(post)
      .values({
        userId,
        accountId,
        title: 'Deleted on TikTok',
        privacyLevel: 'PUBLIC_TO_EVERYONE',
        disableComment: false,
        disableDuet: false,
        disableStitch: false,
        scheduledAt: new Date(),
        timeZone: 'UTC',
        state: 'uploaded',
        tiktokPostId: '7000000000000000001',
        publishedAt: new Date(),
      })
      .returning()
    frozenAt = Date.now() + 5 * 60_000
    expect((await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })).statusCode).toBe(202)
    await settled(accountId, (row) => row.status === 'ok')
    const rows = await db().select().from(postStats).where(eq(postStats.accountId, accountId))
    expect(rows.find((r) => r.postId === ghost!.id)).toMatchObject({ state: 'gone', views: 0 })
    expect(rows.find((r) => r.postId === scheduled.id)).toMatchObject({ state: 'live' })
    expect(await db().select().from(postStatsSnapshot).where(eq(postStatsSnapshot.postId, ghost!.id))).toHaveLength(0)
    frozenAt = null
  }, 60_000)

  it('an account without the stats permissions is missing_scope and not asked again until it is reconnected', async () => {
    frozenAt = null
    const { cookie } = await signUp(server)
    const creator = await sandbox.createCreator()
    const account = await connectWithScopes(cookie, creator.open_id, [
      'user.info.basic',
      'user.info.profile',
      'video.publish',
      'video.upload',
    ])
    expect(account.scopes).not.toContain('video.list')
    const accountId = account.id

    await server.runtime.statsSync.sweep()
    const blocked = await settled(accountId, (row) => row.status === 'missing_scope')
    const state = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, cookie)
    expect(state.json<{ sync: AccountSyncState }>().sync).toMatchObject({
      status: 'missing_scope',
      message: ANALYTICS_MESSAGES.missingScope,
      syncing: false,
      nextSyncAt: null,
    })
    // Not retried: neither by the sweep nor by "Refresh stats".
    const jobs = await syncJobs(accountId)
    frozenAt = Date.now() + 5 * HOUR
    await server.runtime.statsSync.sweep()
    const refresh = await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
    expect(refresh.statusCode).toBe(202)
    expect(refresh.json<{ sync: AccountSyncState }>().sync).toMatchObject({ status: 'missing_scope', syncing: false })
    expect(await syncJobs(accountId)).toBe(jobs)
    expect((await syncRow(accountId))?.updatedAt).toEqual(blocked.updatedAt)
    frozenAt = null

    // TikTok's own refusal (our record of the scopes is wrong, the grant lacks them): also missing_scope.
    await db()
      .update(tiktokAccount)
      .set({ scopes: [...account.scopes, 'video.list', 'user.info.stats'] })
      .where(eq(tiktokAccount.id, accountId))
    await db().update(accountStatsSync).set({ status: 'pending' }).where(eq(accountStatsSync.accountId, accountId))
    await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
    await settled(accountId, (row) => row.status === 'missing_scope' && row.updatedAt > blocked.updatedAt)

    // Reconnecting with every permission: pending again at the next sweep, then synced.
    await connectWithScopes(
      cookie,
      creator.open_id,
      ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list', 'video.publish', 'video.upload'],
      accountId,
    )
    const pending = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, cookie)
    expect(pending.json<{ sync: AccountSyncState }>().sync.status).toBe('pending')
    await server.runtime.statsSync.sweep()
    await settled(accountId, (row) => row.status === 'ok')
  }, 60_000)

  it('a revoked authorisation is reconnect_required, and an account added by hand not_connected, neither retried', async () => {
    frozenAt = null
    const { cookie } = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    await server.runtime.statsSync.sweep()
    await settled(accountId, (row) => row.status === 'ok')

    expect((await sandbox.admin('POST', '/sandbox/admin/tokens/revoke', { open_id: creator.open_id })).status).toBe(200)
    frozenAt = Date.now() + 2 * HOUR
    await server.runtime.statsSync.sweep()
    await settled(accountId, (row) => row.status === 'reconnect_required')
    const [account] = await db().select().from(tiktokAccount).where(eq(tiktokAccount.id, accountId))
    expect(account?.status).toBe('reconnect_required')
    const state = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, cookie)
    expect(state.json<{ sync: AccountSyncState }>().sync).toMatchObject({
      status: 'reconnect_required',
      message: ANALYTICS_MESSAGES.reconnectRequired,
    })
    const jobs = await syncJobs(accountId)
    frozenAt += 3 * HOUR
    await server.runtime.statsSync.sweep()
    await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
    expect(await syncJobs(accountId)).toBe(jobs)
    frozenAt = null

    const added = await inject(server, 'POST', '/api/tiktok/accounts', cookie, {
      accountName: 'By hand',
      accountUsername: 'byhand',
    })
    expect(added.statusCode).toBe(201)
    const handId = added.json<{ account: { id: string } }>().account.id
    await server.runtime.statsSync.sweep()
    const hand = await inject(server, 'GET', `/api/analytics/sync?accountId=${handId}`, cookie)
    expect(hand.json<{ sync: AccountSyncState }>().sync).toMatchObject({
      status: 'not_connected',
      message: ANALYTICS_MESSAGES.notConnected,
      syncing: false,
    })
    expect((await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId: handId })).statusCode).toBe(202)
    expect(await syncJobs(handId)).toBe(0)
  }, 60_000)

  it('when TikTok fails, the account is tried again in 15 minutes (what was read is kept), not in a loop', async () => {
    frozenAt = null
    const { cookie, userId } = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    const mediaId = await storeMedia(server, userId, video)
    const scheduled = await server.runtime.posts.scheduleAt(
      userId,
      postInput({ accountId, mediaId, scheduledAt: new Date(Date.now() + 2_000), privacyLevel: 'PUBLIC_TO_EVERYONE' }),
    )
    await eventually(async () => {
      const [row] = await db().select().from(post).where(eq(post.id, scheduled.id))
      return row?.tiktokPostId ? row : undefined
    }, 30_000)
    expect(
      (await sandbox.admin('PUT', '/sandbox/admin/faults', { server_error_rate: 1, paths: ['/v2/video/query/'] }))
        .status,
    ).toBe(200)
    try {
      frozenAt = Date.now() + 60_000
      const t = frozenAt
      await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
      const row = await settled(accountId, (r) => r.updatedAt.getTime() === t)
      expect(row).toMatchObject({ status: 'pending', syncedAt: null, nextSyncAt: new Date(t + 15 * 60_000) })
      // The account's counts were read before the failure and are kept; the post stays due.
      expect(
        await db().select().from(accountStatsSnapshot).where(eq(accountStatsSnapshot.accountId, accountId)),
      ).toHaveLength(1)
      const [stats] = await db().select().from(postStats).where(eq(postStats.postId, scheduled.id))
      expect(stats).toMatchObject({ state: 'live', syncedAt: null })
      // Not due again before then: a sweep queues nothing.
      const jobs = await syncJobs(accountId)
      await server.runtime.statsSync.sweep()
      expect(await syncJobs(accountId)).toBe(jobs)
    } finally {
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
      frozenAt = null
    }
  }, 60_000)

  it('two sweeps at once queue an account once, and a duplicate of its run does nothing', async () => {
    frozenAt = null
    const { cookie } = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    await Promise.all([server.runtime.statsSync.sweep(), server.runtime.statsSync.sweep()])
    expect(await syncJobs(accountId)).toBe(1)
    await settled(accountId, (row) => row.status === 'ok')
    const readings = async () =>
      (await db().select().from(accountStatsSnapshot).where(eq(accountStatsSnapshot.accountId, accountId))).length
    expect(await readings()).toBe(1)

    const [job] = rowsOf<{ data: { accountId: string; requestedAt: string; force: boolean } }>(
      await db().execute(
        sql`select data from pgboss.job where name = 'analytics.sync' and singleton_key = ${accountId}`,
      ),
    )
    await server.runtime.statsSync.sync(job!.data)
    expect(await readings()).toBe(1)
    expect((await syncRow(accountId))?.requestedAt).toBeNull()
  })

  it('Refresh stats pressed while a run holds the account makes that run read once more before it lets go', async () => {
    frozenAt = null
    const { cookie } = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, cookie, creator.open_id)
    await server.runtime.statsSync.sweep()
    await settled(accountId, (row) => row.status === 'ok')
    const readings = async () =>
      (await db().select().from(accountStatsSnapshot).where(eq(accountStatsSnapshot.accountId, accountId))).length
    expect(await readings()).toBe(1)

    // A run holds the lease (as the minute sweep's run would, having chosen its posts already)…
    const lease = new Date()
    await db().update(accountStatsSync).set({ requestedAt: lease }).where(eq(accountStatsSync.accountId, accountId))
    const jobs = await syncJobs(accountId)
    // …when the person presses Refresh stats: no second run is queued, the running one is asked to go again.
    const pressed = await inject(server, 'POST', '/api/analytics/sync', cookie, { accountId })
    expect(pressed.statusCode).toBe(202)
    expect(pressed.json<{ sync: AccountSyncState }>().sync.syncing).toBe(true)
    expect(await syncJobs(accountId)).toBe(jobs)
    expect((await syncRow(accountId))?.rerunRequested).toBe(true)

    await server.runtime.statsSync.sync({ accountId, requestedAt: lease.toISOString(), force: false })
    // The run and its rerun each read the account; then the lease and the request are released.
    expect(await readings()).toBe(3)
    expect(await syncRow(accountId)).toMatchObject({ requestedAt: null, rerunRequested: false, status: 'ok' })
  })

  it("answers 404 for another person's account and 400 without an account", async () => {
    frozenAt = null
    const owner = await signUp(server)
    const creator = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, owner.cookie, creator.open_id)
    const other = await signUp(server)

    const get = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, other.cookie)
    expect(get.statusCode).toBe(404)
    const refresh = await inject(server, 'POST', '/api/analytics/sync', other.cookie, { accountId })
    expect(refresh.statusCode).toBe(404)
    expect(await refreshJobs(accountId)).toBe(0)

    const missing = await inject(server, 'POST', '/api/analytics/sync', owner.cookie, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json<{ message: string }>().message).toBe(ANALYTICS_MESSAGES.accountRequired)
    const bad = await inject(server, 'GET', '/api/analytics/sync?accountId=nope', owner.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ message: string }>().message).toBe(ANALYTICS_MESSAGES.accountRequired)
    expect((await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`)).statusCode).toBe(401)
    const own = await inject(server, 'GET', `/api/analytics/sync?accountId=${accountId}`, owner.cookie)
    expect(own.json<{ sync: AccountSyncState }>().sync).toMatchObject({ accountId, status: 'pending', syncedAt: null })
  })
})
