import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { calendarPostListSchema, MESSAGES, postSchema, tiktokCaption } from '@hookpost/shared'
import { tiktokAccount } from '../../db/schema'
import { createRuntime } from '../../entrypoints/runtime'
import { eventually } from '../../testing/test-runtime'
import { inject, openEventStream, signUp } from '../../testing/http-test-kit'
import { inSeconds, postInput, sandboxVideos } from './testing/publishing-test-kit'
import { TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/publishing-int-context'

/**
 * The publishing engine against the real TikTok sandbox over HTTP: a post goes out at its time, exactly once, and
 * every way TikTok can fail it ends in a state with a reason. The posts API is in posts-api.int.test.ts.
 */
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const { world, db, person, row, until } = usePostsServer()

describe('publishing a scheduled post', () => {
  it('goes out at its time: uploaded in our database and in the world.sandbox, with live events on the stream', async () => {
    const me = await person({ display_name: 'Maya Moves' })
    const other = await signUp(world.server)
    const address = await world.server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
    const stream = await openEventStream(address, me.cookie)
    const otherStream = await openEventStream(address, other.cookie)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(stream.headers.get('cache-control')).toBe('no-cache')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')

    const dueAt = inSeconds(3)
    const scheduled = await world.server.runtime.posts.scheduleAt(
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

    const videos = await sandboxVideos(world.sandbox, me.openId)
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
    await world.server.runtime.http!.close()
    await otherStream.ended
    otherStream.close()
    world.server.runtime = await createRuntime({
      mode: 'all',
      config: world.server.config,
      log: silent,
      httpLogger: false,
      posts: TEST_PUBLISHING_SETTINGS,
    })
  })

  it('ends unconfirmed, with its message, when TikTok never finishes processing', async () => {
    const me = await person()
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', { stuck_processing: true })
    try {
      const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      await until(p.id, ['processing_on_tiktok'])
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
      expect(done).toMatchObject({ state: 'unconfirmed', errorMessage: MESSAGES.unconfirmed })
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it("fails with TikTok's reason in plain words when processing fails", async () => {
    const me = await person()
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', { fail_next_publish: 'frame_rate_check_failed' })
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done).toMatchObject({
      state: 'failed',
      errorMessage: "TikTok does not accept the video's frame rate (23 to 60 frames per second).",
    })
    const listed = await inject(world.server, 'GET', '/api/posts', me.cookie)
    expect(calendarPostListSchema.parse(listed.json()).posts[0]).toMatchObject({
      state: 'failed',
      errorMessage: done.errorMessage,
    })
  })

  it('posts with an access token TikTok expired early, after refreshing it', async () => {
    const me = await person()
    const [before] = await db().select().from(tiktokAccount).where(eq(tiktokAccount.id, me.accountId))
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    // Our records say the token is good for ~2 h; TikTok has expired it anyway (tiktok-api.md §1.5).
    const expired = await world.sandbox.admin('POST', '/sandbox/admin/tokens/expire', { open_id: me.openId })
    expect(expired.body.expired_tokens).toBeGreaterThan(0)
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done.errorMessage).toBeNull()
    expect(done.state).toBe('uploaded')
    const [after] = await db().select().from(tiktokAccount).where(eq(tiktokAccount.id, me.accountId))
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc)
    expect(after!.status).toBe('active')
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })

  it("fails with 'Reconnect required' and marks the account when the authorisation was revoked", async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    await world.sandbox.admin('POST', '/sandbox/admin/tokens/revoke', { open_id: me.openId })
    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(done.state).toBe('failed')
    expect(done.errorMessage).toContain(MESSAGES.reconnectRequired)
    const accounts = await inject(world.server, 'GET', '/api/tiktok/accounts', me.cookie)
    expect(accounts.json().accounts[0]).toMatchObject({ id: me.accountId, status: 'reconnect_required' })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(0)
  })

  it('fails with the reason when TikTok refuses the post itself, and never retries it', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    await world.sandbox.admin('PATCH', `/sandbox/admin/creators/${me.openId}`, { banned: true })
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
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', faults)
    try {
      const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      const retrying = await eventually(async () => {
        const found = await row(p.id)
        return found && found.attempts >= 2 ? found : undefined
      })
      expect(retrying.publishId).toBeNull()
      expect(retrying.state).not.toBe('failed')
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
      expect(done.state).toBe('uploaded')
      expect(done.attempts).toBeGreaterThanOrEqual(2)
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it('gives up after 5 attempts with the reason, having posted nothing', async () => {
    const me = await person()
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', {
      server_error_rate: 1,
      paths: ['/v2/post/publish/video/init/'],
    })
    try {
      const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 30_000)
      expect(done).toMatchObject({
        state: 'failed',
        attempts: 5,
        errorMessage: `${MESSAGES.tiktokUnavailable} (gave up after 5 attempts)`,
      })
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(0)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })
})
