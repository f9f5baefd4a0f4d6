import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { tiktokCaption } from '@hookpost/shared'
import { post } from '../../db/schema'
import { createTiktokClient } from '../../integrations/tiktok'
import { createLocalMediaStorage } from '../../integrations/storage'
import { createSecretBox } from '../../lib/crypto'
import { eventually } from '../../testing/test-runtime'
import { inject } from '../../testing/http-test-kit'
import { createPublishingRepository } from './publishing.repository'
import { mediaFilesOf } from './media-files'
import { createPublishingService } from './publishing.service'
import { DEFAULT_PUBLISHING_SETTINGS } from './post-state-machine'
import { formAt, TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/publishing-int-context'
import { inSeconds, postInput, sandboxVideos } from './testing/publishing-test-kit'

/**
 * Posts are prepared ahead of their time and fired at it (ADR 026): the job runs a look-ahead early, checks the file
 * and the token and arms the post in memory; at its time the post is claimed and sent. What may change in between —
 * the caption, the time, the post itself — is read at the claim, so nothing stale and nothing early goes out.
 */
const LOOK_AHEAD_MS = 20_000
const final = ['uploaded', 'failed', 'unconfirmed'] as const
const { world, db, person, row, until, publishJobs } = usePostsServer({ lookAheadMs: LOOK_AHEAD_MS })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The post's job has run (it was prepared and armed) while the post still waits for its time. */
async function prepared(postId: string) {
  await eventually(async () => {
    const jobs = await publishJobs(postId)
    return jobs.length > 0 && jobs.every((j) => j.state === 'completed') ? true : undefined
  }, 10_000)
  expect((await row(postId))!.state).toBe('scheduled')
}

const sandboxTimes = async (openId: string) => {
  const res = await world.sandbox.admin('GET', `/sandbox/admin/creators/${openId}/videos`)
  return (res.body as { videos: { created_at: string }[] }).videos.map((v) => new Date(v.created_at).getTime())
}

describe('prepared ahead of its time', () => {
  it('is not sent before its time, and is sent at it', async () => {
    const me = await person()
    const dueAt = inSeconds(6)
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: dueAt }))
    const jobs = await publishJobs(p.id)
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(dueAt.getTime() - LOOK_AHEAD_MS)
    await prepared(p.id)
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
    expect((await row(p.id))!.claimedAt).toBeNull()

    const done = await until(p.id, [...final], 30_000)
    expect(done.state).toBe('uploaded')
    expect(done.claimedAt!.getTime()).toBeGreaterThanOrEqual(dueAt.getTime())
    const [initAt] = await sandboxTimes(me.openId)
    expect(initAt).toBeGreaterThanOrEqual(dueAt.getTime())
    // Fired from memory at its time, not by a poll a second or more later.
    expect(initAt! - dueAt.getTime()).toBeLessThan(1_500)
    expect(done.attempts).toBe(1)
  })

  it('edited after it was prepared: what goes out is the edit', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Before', scheduledAt: inSeconds(6) }),
    )
    await prepared(p.id)
    const edited = await inject(world.server, 'PATCH', `/api/posts/${p.id}`, me.cookie, {
      title: 'After',
      description: 'Edited at the last moment #late',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await until(p.id, [...final], 30_000)).state).toBe('uploaded')
    const sent = await sandboxVideos(world.sandbox, me.openId)
    expect(sent.map((v) => v.title)).toEqual([tiktokCaption('After', 'Edited at the last moment #late')])
  })

  it('moved later after it was prepared: nothing goes out at the old time', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(5) }))
    await prepared(p.id)
    const later = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000)
    const moved = await inject(world.server, 'PATCH', `/api/posts/${p.id}`, me.cookie, formAt(later))
    expect(moved.statusCode, moved.body).toBe(200)
    await sleep(7_000)
    expect((await row(p.id))!).toMatchObject({ state: 'scheduled', attempts: 0, claimedAt: null })
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
    // Its job waits for the new time's look-ahead.
    const queued = (await publishJobs(p.id)).filter((j) => j.state === 'created')
    expect(queued.map((j) => new Date(j.start_after).getTime())).toEqual([later.getTime() - LOOK_AHEAD_MS])
  })

  it('deleted after it was prepared: nothing goes out', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(5) }))
    await prepared(p.id)
    expect((await inject(world.server, 'DELETE', `/api/posts/${p.id}`, me.cookie)).statusCode).toBe(204)
    await sleep(7_000)
    expect(await row(p.id)).toBeUndefined()
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
  })

  it('a restart before its time loses nothing: the start sweep sends its job again', async () => {
    const me = await person()
    const dueAt = inSeconds(12)
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: dueAt }))
    await prepared(p.id)
    // The armed post was in the stopped process's memory only; its job is done.
    await world.server.restart()
    const done = await until(p.id, [...final], 40_000)
    expect(done).toMatchObject({ state: 'uploaded', attempts: 1 })
    expect(done.claimedAt!.getTime()).toBeGreaterThanOrEqual(dueAt.getTime())
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  }, 90_000)

  it('two workers that both prepared the same posts publish each exactly once', async () => {
    const { runtime, config } = world.server
    // A second publishing engine on the same database: another worker process as far as the claim is concerned.
    const second = createPublishingService({
      repo: createPublishingRepository(runtime.database.db),
      queue: runtime.queue,
      tiktok: createTiktokClient({
        apiBase: config.tiktok.apiBase,
        authBase: config.tiktok.authBase,
        clientKey: config.tiktok.clientKey,
        clientSecret: config.tiktok.clientSecret,
        redirectUri: config.tiktok.redirectUri,
      }),
      accounts: runtime.tiktokAccounts,
      events: runtime.events,
      media: mediaFilesOf(createLocalMediaStorage(path.join(config.dataDir, 'media'))),
      box: createSecretBox(config.encryptionKey),
      clock: () => new Date(),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      settings: { ...DEFAULT_PUBLISHING_SETTINGS, ...TEST_PUBLISHING_SETTINGS, lookAheadMs: LOOK_AHEAD_MS },
    })
    try {
      const people = await Promise.all([person(), person(), person()])
      const dueAt = inSeconds(6)
      const ids: string[] = []
      for (const [i, who] of people.entries()) {
        for (const n of [1, 2, 3]) {
          const created = await runtime.posts.scheduleAt(
            who.userId,
            postInput({ ...who, title: `race ${i}-${n}`, scheduledAt: dueAt }),
          )
          ids.push(created.id)
        }
      }
      // Both engines prepare every post (this one through the jobs, the other directly) and fire at the same moment.
      await Promise.all(ids.map((id) => second.publish(id)))
      for (const id of ids) await prepared(id)
      const rows = await eventually(async () => {
        const found = await db().select().from(post).where(inArray(post.id, ids))
        return found.every((r) => (final as readonly string[]).includes(r.state)) ? found : undefined
      }, 40_000)
      expect(rows.map((r) => r.state)).toEqual(Array(ids.length).fill('uploaded'))
      expect(rows.map((r) => r.attempts)).toEqual(Array(ids.length).fill(1))
      for (const [i, who] of people.entries()) {
        const videos = await sandboxVideos(world.sandbox, who.openId)
        expect(videos.map((v) => v.title).sort()).toEqual(
          [1, 2, 3].map((n) => tiktokCaption(`race ${i}-${n}`, postInput({ ...who, scheduledAt: dueAt }).description)),
        )
        for (const at of await sandboxTimes(who.openId)) expect(at).toBeGreaterThanOrEqual(dueAt.getTime())
      }
    } finally {
      await second.stop()
    }
  }, 90_000)
})
