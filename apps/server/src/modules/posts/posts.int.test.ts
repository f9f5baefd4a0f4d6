import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import {
  addDays,
  instantToZoned,
  MESSAGES,
  postListSchema,
  postSchema,
  tiktokCaption,
  type Post,
  type PostState,
} from '@hookpost/shared'
import { post, tiktokAccount } from '../../db/schema'
import { createRuntime } from '../../entrypoints/runtime'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../testing/tiktok-sandbox'
import type { PublishingSettings } from './post-state-machine'
import { inject, openEventStream, signUp, sleep } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { connectCreator, inSeconds, postInput, sandboxVideos } from './testing/posts-test-kit'

/**
 * The posts API and the publishing engine against the real TikTok sandbox over HTTP, on PGlite (or PostgreSQL with
 * TEST_DATABASE_URL). Deadlines and back-offs are shortened; everything else is as in production.
 */
const SETTINGS: Partial<PublishingSettings> = {
  pollBaseMs: 300,
  pollMaxMs: 1_000,
  retryBaseMs: 300,
  unconfirmedAfterMs: 4_000,
  dueGraceMs: 1_000,
  stopGraceMs: 200,
}
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

let sandbox: TestSandbox
let server: TestServer
let fixtureDir: string
let video: string

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'posts-int-'))
  video = path.join(fixtureDir, 'clip.mp4')
  const made = makeVideo(video)
  sandbox = await startTestSandbox()
  // The engine's deadlines shortened for tests.
  server = await startTestServer(sandbox.env, { posts: SETTINGS })
  await made
})
afterAll(async () => {
  await server?.close()
  await sandbox?.close()
  rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db

/** A signed-in person with one connected sandbox creator and one uploaded video. */
async function person(creator: Parameters<TestSandbox['createCreator']>[0] & Record<string, unknown> = {}) {
  const { cookie, userId } = await signUp(server)
  const { open_id: openId } = await sandbox.createCreator(creator)
  const extra = Object.fromEntries(
    Object.entries(creator).filter(([k]) => !['display_name', 'username', 'is_private'].includes(k)),
  )
  if (Object.keys(extra).length > 0) await sandbox.admin('PATCH', `/sandbox/admin/creators/${openId}`, extra)
  const accountId = await connectCreator(server, sandbox, cookie, openId)
  const mediaId = await storeMedia(server, userId, video)
  return { cookie, userId, openId, accountId, mediaId }
}

async function row(id: string) {
  const [found] = await db().select().from(post).where(eq(post.id, id))
  return found
}

async function until(id: string, states: PostState[], ms = 20_000) {
  return eventually(async () => {
    const found = await row(id)
    return found && states.includes(found.state) ? found : undefined
  }, ms)
}

async function publishJobs(postId: string) {
  const result = await db().execute(
    sql`select state, start_after from pgboss.job where name = 'post.publish' and singleton_key = ${postId}`,
  )
  return (result as unknown as { rows: { state: string; start_after: Date | string }[] }).rows
}

/** The form's date and time for an instant, in UTC. */
function formAt(instant: Date, zone = 'UTC') {
  const { date, time } = instantToZoned(instant, zone)
  return { date, time, timeZone: zone }
}

function formBody(who: { accountId: string; mediaId: string }, overrides: Record<string, unknown> = {}) {
  return {
    accountId: who.accountId,
    mediaId: who.mediaId,
    title: 'Launch day',
    description: 'We are live #launch',
    privacyLevel: 'SELF_ONLY',
    allowComment: true,
    allowDuet: true,
    allowStitch: false,
    ...formAt(new Date(Date.now() + 2 * 86_400_000)),
    ...overrides,
  }
}

describe('publishing a scheduled post', () => {
  it('goes out at its time: uploaded in our database and in the sandbox, with live events on the stream', async () => {
    const me = await person({ display_name: 'Maya Moves' })
    const other = await signUp(server)
    const address = await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
    const stream = await openEventStream(address, me.cookie)
    const otherStream = await openEventStream(address, other.cookie)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(stream.headers.get('cache-control')).toBe('no-cache')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')

    const dueAt = inSeconds(3)
    const scheduled = await server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: dueAt, privacyLevel: 'PUBLIC_TO_EVERYONE', allowDuet: false }),
    )
    expect(scheduled.state).toBe('scheduled')

    const done = await until(scheduled.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done.errorMessage).toBeNull()
    expect(done.state).toBe('uploaded')
    expect(done.claimedAt!.getTime()).toBeGreaterThanOrEqual(dueAt.getTime())
    expect(done.attempts).toBe(1)
    expect(done.publishedAt).not.toBeNull()

    const videos = await sandboxVideos(sandbox, me.openId)
    expect(videos).toHaveLength(1)
    expect(videos[0]).toMatchObject({
      publish_id: done.publishId,
      status: 'PUBLISH_COMPLETE',
      title: tiktokCaption('Morning routine', 'Three things I do before 7 #routine @friend'),
      privacy_level: 'PUBLIC_TO_EVERYONE',
      disable_comment: false,
      disable_duet: true,
      disable_stitch: false,
      brand_content_toggle: false,
      is_aigc: false,
    })
    expect(videos[0]!.received_bytes).toBe(videos[0]!.video_size)
    // A public post gets its id once moderation is done: the exact 19 digits.
    const withId = await eventually(async () =>
      (await row(scheduled.id))?.tiktokPostId ? row(scheduled.id) : undefined,
    )
    expect(videos[0]!.public_post_ids.length === 0 || videos[0]!.public_post_ids[0] === withId!.tiktokPostId).toBe(true)
    expect(withId!.tiktokPostId).toMatch(/^\d{19}$/)

    await eventually(async () =>
      stream.events.some((e) => e.type === 'post.updated' && e.post.id === scheduled.id && e.post.tiktokPostId)
        ? true
        : undefined,
    )
    const states = stream.events.flatMap((e) =>
      e.type === 'post.updated' && e.post.id === scheduled.id ? [e.post.state] : [],
    )
    expect(states).toEqual(expect.arrayContaining(['scheduled', 'publishing', 'processing_on_tiktok', 'uploaded']))
    expect(states.indexOf('publishing')).toBeLessThan(states.indexOf('uploaded'))
    for (const e of stream.events) if (e.type === 'post.updated') postSchema.parse(e.post)
    expect(stream.events.some((e) => e.type === 'post.progress' && e.sentBytes === e.totalBytes)).toBe(true)
    expect(stream.raw[0]).toBe('retry: 3000')
    expect(otherStream.events).toEqual([])

    // Closing the server ends the streams instead of waiting for them.
    stream.close()
    const unauthenticated = await fetch(`${address}/api/events`)
    expect(unauthenticated.status).toBe(401)
    await server.runtime.http!.close()
    await otherStream.ended
    otherStream.close()
    server.runtime = await createRuntime({
      mode: 'all',
      config: server.config,
      log: silent,
      httpLogger: false,
      posts: SETTINGS,
    })
  })

  it('ends unconfirmed, with its message, when TikTok never finishes processing', async () => {
    const me = await person()
    await sandbox.admin('PUT', '/sandbox/admin/faults', { stuck_processing: true })
    try {
      const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      await until(p.id, ['processing_on_tiktok'])
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
      expect(done).toMatchObject({ state: 'unconfirmed', errorMessage: MESSAGES.unconfirmed })
      expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(1)
    } finally {
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it("fails with TikTok's reason in plain words when processing fails", async () => {
    const me = await person()
    await sandbox.admin('PUT', '/sandbox/admin/faults', { fail_next_publish: 'frame_rate_check_failed' })
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done).toMatchObject({
      state: 'failed',
      errorMessage: "TikTok does not accept the video's frame rate (23 to 60 frames per second).",
    })
    const listed = await inject(server, 'GET', '/api/posts', me.cookie)
    expect(postListSchema.parse(listed.json()).posts[0]).toMatchObject({
      state: 'failed',
      errorMessage: done.errorMessage,
    })
  })

  it('posts with an access token TikTok expired early, after refreshing it', async () => {
    const me = await person()
    const [before] = await db().select().from(tiktokAccount).where(eq(tiktokAccount.id, me.accountId))
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    // Our records say the token is good for ~2 h; TikTok has expired it anyway (tiktok-api.md §1.5).
    const expired = await sandbox.admin('POST', '/sandbox/admin/tokens/expire', { open_id: me.openId })
    expect(expired.body.expired_tokens).toBeGreaterThan(0)
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done.errorMessage).toBeNull()
    expect(done.state).toBe('uploaded')
    const [after] = await db().select().from(tiktokAccount).where(eq(tiktokAccount.id, me.accountId))
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc)
    expect(after!.status).toBe('active')
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(1)
  })

  it("fails with 'Reconnect required' and marks the account when the authorisation was revoked", async () => {
    const me = await person()
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    await sandbox.admin('POST', '/sandbox/admin/tokens/revoke', { open_id: me.openId })
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done.state).toBe('failed')
    expect(done.errorMessage).toContain(MESSAGES.reconnectRequired)
    const accounts = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie)
    expect(accounts.json().accounts[0]).toMatchObject({ id: me.accountId, status: 'reconnect_required' })
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(0)
  })

  it('fails with the reason when TikTok refuses the post itself, and never retries it', async () => {
    const me = await person()
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    await sandbox.admin('PATCH', `/sandbox/admin/creators/${me.openId}`, { banned: true })
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorMessage: 'TikTok has blocked this account from posting new content.',
    })
  })

  it('retries TikTok errors before the init was accepted, then posts once', async () => {
    const me = await person()
    const faults = { server_error_rate: 1, paths: ['/v2/post/publish/video/init/'] }
    await sandbox.admin('PUT', '/sandbox/admin/faults', faults)
    try {
      const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      const retrying = await eventually(async () => {
        const found = await row(p.id)
        return found && found.attempts >= 2 ? found : undefined
      })
      expect(retrying.publishId).toBeNull()
      expect(retrying.state).not.toBe('failed')
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
      expect(done.state).toBe('uploaded')
      expect(done.attempts).toBeGreaterThanOrEqual(2)
      expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(1)
    } finally {
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it('gives up after 5 attempts with the reason, having posted nothing', async () => {
    const me = await person()
    await sandbox.admin('PUT', '/sandbox/admin/faults', {
      server_error_rate: 1,
      paths: ['/v2/post/publish/video/init/'],
    })
    try {
      const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 30_000)
      expect(done).toMatchObject({
        state: 'failed',
        attempts: 5,
        errorMessage: `${MESSAGES.tiktokUnavailable} (gave up after 5 attempts)`,
      })
      expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(0)
    } finally {
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })
})

describe('the posts API', () => {
  it('schedules through the form, moves it to the next minute, and it goes out then (never at the old time)', async () => {
    const me = await person()
    const tomorrow = formAt(new Date(Date.now() + 86_400_000))
    const created = await inject(server, 'POST', '/api/posts', me.cookie, formBody(me, { ...tomorrow }))
    expect(created.statusCode).toBe(201)
    const scheduled = postSchema.parse(created.json().post)
    expect(scheduled).toMatchObject({ state: 'scheduled', title: 'Launch day', timeZone: 'UTC' })
    expect(scheduled.media).toMatchObject({ originalName: 'clip.mp4', durationMs: 3000 })
    expect(scheduled.account.sandbox).toBe(true)
    expect(new Date(scheduled.scheduledAt).toISOString().slice(11, 16)).toBe(tomorrow.time)

    // The next whole minute at least 5 s away: the form has no seconds.
    const next = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000)
    const moved = await inject(server, 'PATCH', `/api/posts/${scheduled.id}`, me.cookie, formAt(next, 'Asia/Kolkata'))
    expect(moved.statusCode).toBe(200)
    expect(moved.json().post).toMatchObject({ scheduledAt: next.toISOString(), timeZone: 'Asia/Kolkata' })
    const jobs = await publishJobs(scheduled.id)
    expect(jobs.filter((j) => j.state === 'created')).toHaveLength(1)
    expect(new Date(jobs.find((j) => j.state === 'created')!.start_after).getTime()).toBe(next.getTime())

    const done = await until(scheduled.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)
    expect(done.state).toBe('uploaded')
    expect(done.claimedAt!.getTime()).toBeGreaterThanOrEqual(next.getTime())
    const [sent] = await sandboxVideos(sandbox, me.openId)
    expect(sent).toMatchObject({
      title: 'Launch day\n\nWe are live #launch',
      privacy_level: 'SELF_ONLY',
      disable_comment: false,
      disable_duet: false,
      disable_stitch: true,
    })
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(1)

    const again = await inject(server, 'PATCH', `/api/posts/${scheduled.id}`, me.cookie, tomorrow)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(MESSAGES.onlyScheduledCanMove)
  }, 120_000)

  it('moving a post later moves its job: the old time passes and nothing is posted', async () => {
    const me = await person()
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3) }))
    const later = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000)
    const moved = await inject(server, 'PATCH', `/api/posts/${p.id}`, me.cookie, formAt(later))
    expect(moved.statusCode).toBe(200)
    await sleep(5_000)
    expect((await row(p.id))!.state).toBe('scheduled')
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(0)
    const queued = (await publishJobs(p.id)).filter((j) => j.state === 'created')
    expect(queued).toHaveLength(1)
    expect(new Date(queued[0]!.start_after).getTime()).toBe(later.getTime())
  })

  it('deleting a post cancels its job; a post being published cannot be deleted', async () => {
    const me = await person()
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3) }))
    const deleted = await inject(server, 'DELETE', `/api/posts/${p.id}`, me.cookie)
    expect(deleted.statusCode).toBe(204)
    expect(await row(p.id)).toBeUndefined()
    expect((await publishJobs(p.id)).map((j) => j.state)).toEqual(['cancelled'])
    await sleep(4_500)
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(0)
    expect((await inject(server, 'DELETE', `/api/posts/${p.id}`, me.cookie)).statusCode).toBe(404)

    const busy = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    await db().update(post).set({ state: 'publishing' }).where(eq(post.id, busy.id))
    const refused = await inject(server, 'DELETE', `/api/posts/${busy.id}`, me.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.postInFlight)
    const unmoved = await inject(server, 'PATCH', `/api/posts/${busy.id}`, me.cookie, formAt(inSeconds(7200)))
    expect(unmoved.statusCode).toBe(409)
    expect(unmoved.json().message).toBe(MESSAGES.onlyScheduledCanMove)
    await db().update(post).set({ state: 'scheduled' }).where(eq(post.id, busy.id))
    expect((await inject(server, 'DELETE', `/api/posts/${busy.id}`, me.cookie)).statusCode).toBe(204)
  })

  it("lists only the user's posts in the window, by time; another user's post is 404 everywhere", async () => {
    const me = await person()
    const them = await person()
    const base = Date.now() + 10 * 86_400_000
    const late = await server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'second', scheduledAt: new Date(base + 3_600_000) }),
    )
    const early = await server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'first', scheduledAt: new Date(base) }),
    )
    const far = await server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'far', scheduledAt: new Date(base + 40 * 86_400_000) }),
    )
    const theirs = await server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, scheduledAt: new Date(base) }),
    )

    const from = new Date(base - 86_400_000).toISOString()
    const to = new Date(base + 86_400_000).toISOString()
    const window = await inject(server, 'GET', `/api/posts?from=${from}&to=${to}`, me.cookie)
    expect(window.statusCode).toBe(200)
    expect(postListSchema.parse(window.json()).posts.map((p) => p.id)).toEqual([early.id, late.id])
    const all = postListSchema.parse((await inject(server, 'GET', '/api/posts', me.cookie)).json()).posts
    expect(all.map((p) => p.id)).toEqual([early.id, late.id, far.id])
    const bad = await inject(server, 'GET', `/api/posts?from=${to}&to=${from}`, me.cookie)
    expect(bad.statusCode).toBe(400)
    expect((await inject(server, 'GET', '/api/posts')).statusCode).toBe(401)

    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', formAt(inSeconds(7200))],
      ['DELETE', undefined],
    ] as const) {
      const res = await inject(server, method, `/api/posts/${theirs.id}`, me.cookie, body)
      expect(res.statusCode, method).toBe(404)
    }
    expect((await inject(server, 'GET', '/api/posts/not-a-uuid', me.cookie)).statusCode).toBe(404)
    expect((await row(theirs.id))!.state).toBe('scheduled')
  })

  it("refuses what TikTok or the calendar would refuse, with the spec's words", async () => {
    const me = await person()
    const quiet = await person({ comment_disabled: true, max_video_post_duration_sec: 2 })
    const them = await person()
    const post400 = async (who: typeof me, overrides: Record<string, unknown>) => {
      const res = await inject(server, 'POST', '/api/posts', who.cookie, formBody(who, overrides))
      return { status: res.statusCode, message: res.json().message as string }
    }
    const past = new Date(Date.now() - 2 * 60_000)

    // 2027-03-14: New York's clocks jump from 02:00 to 03:00.
    expect(await post400(me, { date: '2027-03-14', time: '02:30', timeZone: 'America/New_York' })).toEqual({
      status: 400,
      message: MESSAGES.timeDoesNotExist,
    })
    expect(await post400(me, formAt(past))).toEqual({ status: 400, message: MESSAGES.dateInPast })
    expect(
      await post400(me, { ...formAt(past), date: addDays(instantToZoned(new Date(), 'UTC').date, -1), time: '23:59' }),
    ).toEqual({ status: 400, message: MESSAGES.dateInPast })
    expect(await post400(me, { privacyLevel: 'FOLLOWER_OF_CREATOR' })).toEqual({
      status: 400,
      message: MESSAGES.privacyNotAllowed,
    })
    expect(await post400(me, { commercial: { enabled: true, yourBrand: false, brandedContent: true } })).toEqual({
      status: 400,
      message: MESSAGES.brandedNotPrivate,
    })
    expect(await post400(me, { commercial: { enabled: true, yourBrand: false, brandedContent: false } })).toEqual({
      status: 400,
      message: MESSAGES.commercialNeedsChoice,
    })
    expect(await post400(me, { title: 'T'.repeat(100), description: 'd'.repeat(2200) })).toEqual({
      status: 400,
      message: MESSAGES.captionTooLong,
    })
    expect(await post400(quiet, { allowComment: true })).toEqual({ status: 400, message: MESSAGES.commentsDisabled })
    expect(await post400(quiet, { allowComment: false })).toEqual({
      status: 400,
      message: `${MESSAGES.videoTooLongForAccount} (2 seconds at most)`,
    })
    expect((await post400(me, { title: '' })).status).toBe(400)
    expect(await post400(me, { mediaId: them.mediaId })).toMatchObject({ status: 404 })
    expect(await post400(me, { accountId: them.accountId })).toMatchObject({ status: 404 })
    expect(await post400(me, { mediaId: 'nope' })).toMatchObject({ status: 404 })

    await db().update(tiktokAccount).set({ status: 'reconnect_required' }).where(eq(tiktokAccount.id, me.accountId))
    const inactive = await post400(me, {})
    expect(inactive.status).toBe(409)
    expect(inactive.message).toContain(MESSAGES.reconnectRequired)
    await db().update(tiktokAccount).set({ status: 'active' }).where(eq(tiktokAccount.id, me.accountId))

    const moveToGap = await server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const gap = await inject(server, 'PATCH', `/api/posts/${moveToGap.id}`, me.cookie, {
      date: '2027-03-14',
      time: '02:30',
      timeZone: 'America/New_York',
    })
    expect(gap.json().message).toBe(MESSAGES.timeDoesNotExist)
    const intoPast = await inject(server, 'PATCH', `/api/posts/${moveToGap.id}`, me.cookie, formAt(past))
    expect([intoPast.statusCode, intoPast.json().message]).toEqual([400, MESSAGES.dateInPast])
    expect(postListSchema.parse((await inject(server, 'GET', '/api/posts', me.cookie)).json()).posts).toHaveLength(1)
  })

  it('Refresh Status asks TikTok again about unconfirmed posts', async () => {
    const me = await person()
    const p = await server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
    const uploaded = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(uploaded.state).toBe('uploaded')
    // As if TikTok had not answered before the deadline, but has since.
    await db().update(post).set({ state: 'unconfirmed', errorMessage: MESSAGES.unconfirmed }).where(eq(post.id, p.id))
    const res = await inject(server, 'POST', '/api/posts/refresh-status', me.cookie)
    expect(res.statusCode).toBe(200)
    const posts: Post[] = postListSchema.parse(res.json()).posts
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({ id: p.id, state: 'uploaded', errorMessage: null })
    expect(
      postListSchema.parse((await inject(server, 'POST', '/api/posts/refresh-status', me.cookie)).json()).posts,
    ).toEqual([])
  })
})
