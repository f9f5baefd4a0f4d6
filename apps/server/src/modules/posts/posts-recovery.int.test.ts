import { statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { MESSAGES, tiktokCaption, type PostState, type ServerEvent } from '@hookpost/shared'
import { post } from '../../db/schema'
import { createRuntime, type Runtime } from '../../entrypoints/runtime'
import { createTiktokClient } from '../../integrations/tiktok'
import { eventually } from '../../testing/test-runtime'
import { TEST_REDIRECT_URI, SANDBOX_CLIENT_KEY } from '../../testing/tiktok-sandbox'
import type { PublishingSettings } from './post-state-machine'
import { sleep } from '../../testing/http-test-kit'
import { inSeconds, postInput, sandboxVideos } from './testing/posts-test-kit'
import { TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/posts-int-context'

/**
 * What happens when workers die or run side by side: a crash between init and the end of the upload, orphans found
 * by the sweep, and (on PostgreSQL) two worker processes racing for the same posts. The rule under test: a post
 * reaches TikTok at most once.
 */
const SETTINGS: Partial<PublishingSettings> = {
  ...TEST_PUBLISHING_SETTINGS,
  leaseMs: 1_500,
  // A stop abandons uploads at once: the in-process stand-in for killing the worker.
  stopGraceMs: 0,
}
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

const { world, db, person, row, until } = usePostsServer(SETTINGS)

const start = (mode: 'all' | 'worker' = 'all') =>
  createRuntime({ mode, config: world.server.config, log: silent, httpLogger: false, posts: SETTINGS })

async function restart() {
  await world.server.runtime.stop()
  world.server.runtime = await start()
}

const final: PostState[] = ['uploaded', 'failed', 'unconfirmed']

describe('a worker that dies mid-publish', () => {
  it('between init and the end of the upload: after the restart the post is resumed, never posted again', async () => {
    const me = await person()
    // The upload hangs at TikTok's door long enough for the worker to be "killed" in the middle of it.
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', { latency_ms: 10_000, paths: ['/upload/'] })
    try {
      const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
      const accepted = await eventually(async () => {
        const found = await row(p.id)
        return found?.publishId ? found : undefined
      })
      expect(accepted.state).toBe('publishing')
      await restart()
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
      // PGlite resumes at start (it is the only process); PostgreSQL once the lease is over, at the next sweep.
      await sleep(SETTINGS.leaseMs! + 200)
      await world.server.runtime.publishing.sweep()

      const done = await until(p.id, final)
      // TikTok never got the whole file, so it never says "published": the person is told to check.
      expect(done).toMatchObject({ state: 'unconfirmed', errorMessage: MESSAGES.unconfirmed })
      expect(done.publishId).toBe(accepted.publishId)
      expect(done.attempts).toBe(1)
      const videos = await sandboxVideos(world.sandbox, me.openId)
      expect(videos.map((v) => v.publish_id)).toEqual([accepted.publishId])
      await sleep(1_000)
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  })

  it('after the upload finished but before it was recorded: resumed by polling, it ends uploaded, once', async () => {
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
      filePath: world.video,
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
    expect(swept.resumed).toBe(1)
    const done = await until(p.id, final)
    expect(done).toMatchObject({ state: 'uploaded', attempts: 1, publishId: init.publishId })
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
    expect(swept.requeued).toBe(1)
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
