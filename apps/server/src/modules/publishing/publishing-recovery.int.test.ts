import { statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { MESSAGES, tiktokCaption, type PostState, type ServerEvent } from '@hookpost/shared'
import { post } from '../../db/schema'
import { createRuntime, type Runtime } from '../../entrypoints/runtime'
import { createTiktokClient, fileChunkSource } from '../../integrations/tiktok'
import { eventually } from '../../testing/test-runtime'
import { TEST_REDIRECT_URI, SANDBOX_CLIENT_KEY } from '../../testing/tiktok-sandbox'
import type { PublishingSettings } from './post-state-machine'
import { inject, sleep } from '../../testing/http-test-kit'
import { inSeconds, postInput, sandboxVideos } from './testing/publishing-test-kit'
import { TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/publishing-int-context'
import type { PostRow } from './post-views.repository'

/**
 * What happens when workers die or run side by side: a crash between init and the end of the upload, orphans found
 * by the sweep, and (on PostgreSQL) two worker processes racing for the same posts. The rule under test: a post
 * reaches TikTok at most once.
 */
const SETTINGS: Partial<PublishingSettings> = {
  ...TEST_PUBLISHING_SETTINGS,
  leaseMs: 1_500,
  uploadLeaseMs: 1_000,
  progressWriteMs: 200,
  // A stop abandons uploads at once: the in-process stand-in for killing the worker (publishing-crash.int.test.ts kills
  // a real server process).
  stopGraceMs: 0,
}
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
/**
 * TikTok's upload links last an hour (tiktok-api.md §3.2); this sandbox's last 20 s, so a test can outlive one — and a restart on a
 * loaded machine (several seconds) does not. The stopped server's own upload hangs 30 s at TikTok's door (the request
 * of an in-process stop is not killed as a dead worker's would be), so it arrives after its link died.
 */
const UPLOAD_URL_TTL_MS = 20_000

const { world, db, person, row, until } = usePostsServer(SETTINGS, { uploadUrlTtlMs: UPLOAD_URL_TTL_MS })

const start = (mode: 'all' | 'worker' = 'all', clock?: () => Date) =>
  createRuntime({
    mode,
    config: world.server.config,
    log: silent,
    httpLogger: false,
    posts: SETTINGS,
    ...(clock ? { clock } : {}),
  })

async function restart(clock?: () => Date) {
  await world.server.runtime.stop()
  world.server.runtime = await start('all', clock)
}

/**
 * Due in a second; its upload hangs at TikTok's door, and the worker is stopped mid-upload once TikTok accepted it.
 * `whileDown` runs between the stop and the start (which may read another `clock`).
 */
async function crashMidUpload(
  me: Awaited<ReturnType<typeof person>>,
  options: { clock?: () => Date; whileDown?: (accepted: PostRow) => Promise<void> } = {},
) {
  await world.sandbox.admin('PUT', '/sandbox/admin/faults', { latency_ms: 30_000, paths: ['/upload/'] })
  const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
  const accepted = await eventually(async () => {
    const found = await row(p.id)
    return found?.publishId ? found : undefined
  })
  expect(accepted.state).toBe('publishing')
  await world.server.runtime.stop()
  await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
  await options.whileDown?.(accepted)
  world.server.runtime = await start('all', options.clock)
  return { p, accepted }
}

/** On PostgreSQL the restart resumes only uploads silent for an upload lease: the next sweep takes the rest. */
async function sweepAfterUploadLease() {
  if (world.server.kind === 'postgres') {
    await sleep(SETTINGS.uploadLeaseMs! + 200)
    await world.server.runtime.publishing.sweep()
  }
}

const final: PostState[] = ['uploaded', 'failed', 'unconfirmed']

describe('a worker that dies mid-publish', () => {
  it('between init and the end of the upload: after the restart its upload is resumed and it is published, once', async () => {
    const me = await person()
    try {
      const { p, accepted } = await crashMidUpload(me)
      await sweepAfterUploadLease()

      const done = await until(p.id, final)
      expect(done).toMatchObject({ state: 'uploaded', errorMessage: null, publishId: accepted.publishId })
      // The resume was a new attempt of the same publish: no second video/init.
      expect(done.attempts).toBe(2)
      // TikTok's upload link is not kept once the upload is over.
      expect(done.uploadUrlEnc).toBeNull()
      const videos = await sandboxVideos(world.sandbox, me.openId)
      expect(videos.map((v) => [v.publish_id, v.status, v.received_bytes])).toEqual([
        [accepted.publishId, 'PUBLISH_COMPLETE', statSync(world.video).size],
      ])
      await sleep(1_000)
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it("stores TikTok's upload link sealed, never in clear", async () => {
    const me = await person()
    try {
      // As the row was when TikTok had accepted (stored in the same statement as the publish_id): once the resumed
      // upload is over, the link is erased.
      const { p, accepted: stored } = await crashMidUpload(me)
      expect(stored.uploadUrlEnc).toMatch(/^v1\./)
      expect(stored.uploadUrlEnc).not.toContain('upload_token')
      expect(stored.uploadPlan).toEqual({
        videoSize: statSync(world.video).size,
        chunkSize: statSync(world.video).size,
        totalChunkCount: 1,
      })
      expect(stored.uploadUrlExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000)
      await sweepAfterUploadLease()
      expect((await until(p.id, final)).state).toBe('uploaded')
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it('the upload link expired while the server was down: failed at once with the message, nothing sent; Retry posts it once', async () => {
    const me = await person()
    try {
      // Back two hours later (our clock): the link died an hour ago, so nothing is sent to it.
      const twoHoursOn = () => new Date(Date.now() + 2 * 3_600_000)
      const { p, accepted } = await crashMidUpload(me, { clock: twoHoursOn })
      const failed = await until(p.id, final)
      expect(failed).toMatchObject({
        state: 'failed',
        errorMessage: MESSAGES.uploadInterrupted,
        publishId: accepted.publishId,
        uploadUrlEnc: null,
      })
      const [old] = await sandboxVideos(world.sandbox, me.openId)
      expect(old).toMatchObject({ publish_id: accepted.publishId, status: 'PROCESSING_UPLOAD', received_bytes: 0 })

      // Retry: a new video/init (the old publish can never complete), published once.
      await restart()
      const res = await inject(world.server, 'POST', `/api/posts/${p.id}/retry`, me.cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json().post).toMatchObject({ id: p.id, state: 'scheduled', errorMessage: null })
      const done = await until(p.id, final)
      expect(done.state).toBe('uploaded')
      expect(done.publishId).not.toBe(accepted.publishId)
      const videos = await sandboxVideos(world.sandbox, me.openId)
      expect(videos.map((v) => v.status).sort()).toEqual(['PROCESSING_UPLOAD', 'PUBLISH_COMPLETE'])
      expect(videos.find((v) => v.status === 'PUBLISH_COMPLETE')?.publish_id).toBe(done.publishId)
      // Once it is not failed, Retry is refused.
      const again = await inject(world.server, 'POST', `/api/posts/${p.id}/retry`, me.cookie)
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe(MESSAGES.onlyFailedPostCanRetry)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
      await restart()
    }
  })

  it('TikTok refuses the link (403) though our clock says it is valid: failed with the message, and it can be deleted', async () => {
    const me = await person()
    try {
      // Down long enough for TikTok's link to die (this sandbox's links last 20 s).
      const { p } = await crashMidUpload(me, {
        whileDown: (accepted) =>
          sleep(Math.max(0, accepted.updatedAt.getTime() + UPLOAD_URL_TTL_MS - Date.now()) + 500),
      })
      await sweepAfterUploadLease()
      const failed = await until(p.id, final)
      expect(failed).toMatchObject({ state: 'failed', errorMessage: MESSAGES.uploadInterrupted })

      const removed = await inject(world.server, 'DELETE', `/api/posts/${p.id}`, me.cookie)
      expect(removed.statusCode).toBe(204)
      expect(await row(p.id)).toBeUndefined()
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it('another user cannot retry my failed post (404)', async () => {
    const me = await person()
    const other = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    await db().update(post).set({ state: 'failed', errorMessage: 'x' }).where(eq(post.id, p.id))
    const res = await inject(world.server, 'POST', `/api/posts/${p.id}/retry`, other.cookie)
    expect(res.statusCode).toBe(404)
    expect((await row(p.id))?.state).toBe('failed')
  })

  it("after the upload finished but before it was recorded: TikTok's status says it has the file; uploaded, once", async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    // What the dead worker did: init + the whole upload, and stored only the publish_id.
    const client = createTiktokClient({
      apiBase: world.sandbox.url,
      authBase: world.sandbox.url,
      clientKey: SANDBOX_CLIENT_KEY,
      clientSecret: world.sandbox.secret,
      redirectUri: TEST_REDIRECT_URI,
    })
    const token = await world.server.runtime.tiktokAccounts.accessToken(me.accountId)
    const size = statSync(world.video).size
    const init = await client.initDirectPost(token, {
      postInfo: { title: tiktokCaption(p.title, p.description), privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size },
    })
    await client.uploadFile({
      uploadUrl: init.uploadUrl!,
      source: fileChunkSource(world.video),
      contentType: 'video/mp4',
      plan: init.chunks!,
    })
    const longAgo = new Date(Date.now() - 3_600_000)
    await db()
      .update(post)
      .set({
        state: 'publishing',
        publishId: init.publishId,
        attempts: 1,
        uploadedBytes: 0,
        scheduledAt: longAgo,
        claimedAt: longAgo,
        updatedAt: longAgo,
      })
      .where(eq(post.id, p.id))

    const swept = await world.server.runtime.publishing.sweep()
    expect(swept.uploads).toBe(1)
    const done = await until(p.id, final)
    // No upload link was stored (as with a post left by an older version): TikTok's status says it has every byte.
    expect(done).toMatchObject({ state: 'uploaded', attempts: 2, publishId: init.publishId })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })

  it('after the claim, before init was sent: it goes out again; after init may have been sent: unconfirmed', async () => {
    const me = await person()
    const longAgo = new Date(Date.now() - 3_600_000)
    const orphan = { state: 'publishing' as const, attempts: 1, scheduledAt: longAgo, claimedAt: longAgo }
    const neverSent = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const maybeSent = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await db()
      .update(post)
      .set({ ...orphan, uploadedBytes: null, updatedAt: longAgo })
      .where(eq(post.id, neverSent.id))
    await db()
      .update(post)
      .set({ ...orphan, uploadedBytes: 0, updatedAt: longAgo })
      .where(eq(post.id, maybeSent.id))

    const swept = await world.server.runtime.publishing.sweep()
    expect(swept).toMatchObject({ released: 1, unconfirmed: 1 })
    expect(await row(maybeSent.id)).toMatchObject({ state: 'unconfirmed', errorMessage: MESSAGES.initUnconfirmed })
    const done = await until(neverSent.id, final)
    expect(done).toMatchObject({ state: 'uploaded', attempts: 2 })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })

  it('the sweep re-sends the job of a due post whose job vanished', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    await world.server.runtime.queue.cancelQueued('post.publish', p.id)
    await db()
      .update(post)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(eq(post.id, p.id))
    const swept = await world.server.runtime.publishing.sweep()
    // This sweep re-sends it, unless the minute's `post.sweep` job got there first (a loaded machine can be slow
    // between the steps above): either way a sweep did, since nothing else would publish the post.
    expect(swept.requeued).toBeLessThanOrEqual(1)
    expect((await until(p.id, final)).state).toBe('uploaded')
    expect((await world.server.runtime.publishing.sweep()).requeued).toBe(0)
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two worker processes on one PostgreSQL database', () => {
  it('publish 10 posts due at once, each exactly once, even with every job sent twice', async () => {
    const second: Runtime = await start('worker')
    try {
      const people = await Promise.all(Array.from({ length: 5 }, () => person()))
      const { description } = postInput({ ...people[0]!, scheduledAt: new Date() })
      const events: ServerEvent[] = []
      const unsubscribe = people.map((p) => world.server.runtime.events.subscribe(p.userId, (e) => events.push(e)))
      const dueAt = inSeconds(4)
      const posts = []
      for (const [i, who] of people.entries()) {
        for (const n of [1, 2]) {
          const created = await world.server.runtime.posts.scheduleAt(
            who.userId,
            postInput({ ...who, title: `race ${i}-${n}`, scheduledAt: dueAt }),
          )
          posts.push(created)
          // A duplicate job from the other process, due at the same moment: both workers will try this post.
          await second.queue.send(
            'post.publish',
            { postId: created.id },
            { singletonKey: `${created.id}:dup`, startAfter: dueAt },
          )
        }
      }
      const ids = posts.map((p) => p.id)
      const rows = await eventually(async () => {
        const found = await db().select().from(post).where(inArray(post.id, ids))
        return found.every((r) => final.includes(r.state)) ? found : undefined
      }, 40_000)
      expect(rows.map((r) => r.state)).toEqual(Array(10).fill('uploaded'))
      expect(rows.map((r) => r.attempts)).toEqual(Array(10).fill(1))
      for (const [i, who] of people.entries()) {
        const videos = await sandboxVideos(world.sandbox, who.openId)
        expect(videos.map((v) => v.title).sort()).toEqual([
          tiktokCaption(`race ${i}-1`, description),
          tiktokCaption(`race ${i}-2`, description),
        ])
      }
      // Updates made by either process reach this process's streams (LISTEN/NOTIFY).
      await eventually(async () => {
        const uploaded = new Set(
          events.flatMap((e) => (e.type === 'post.updated' && e.post.state === 'uploaded' ? [e.post.id] : [])),
        )
        return ids.every((id) => uploaded.has(id)) ? true : undefined
      })
      for (const stop of unsubscribe) stop()
    } finally {
      await second.stop()
    }
  }, 90_000)
})
