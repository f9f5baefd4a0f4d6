import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client'
import { createdVideo, mediaFile, user } from '../../db/schema'
import { openClaimDatabases } from '../../testing/claim-databases'
import { createVideosRepository, type VideosRepository } from './videos.repository'

/**
 * The fair claim (ADR 055) on a real database — PGlite, or PostgreSQL with TEST_DATABASE_URL, where two connection
 * pools stand for two worker processes: round-robin by person (the one served longest ago first), at most
 * `perPerson` running for anyone, a back-off respected, and no render claimed twice.
 */
const adminUrl = process.env.TEST_DATABASE_URL
let databases: Awaited<ReturnType<typeof openClaimDatabases>>
let database: DatabaseHandle
/** A second process's connections to the same database (PostgreSQL only: PGlite has one process). */
let second: DatabaseHandle | undefined
let repo: VideosRepository
const t0 = new Date('2026-12-01T10:00:00Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)

beforeAll(async () => {
  databases = await openClaimDatabases(adminUrl, 'hookpost_fair')
  ;({ database, second } = databases)
  repo = createVideosRepository(database.db)
})
afterAll(async () => {
  await databases?.close()
})
beforeEach(async () => {
  await database.db.delete(createdVideo)
})

/** A person with a source file; the id doubles as their name in the assertions. */
async function person(id: string): Promise<{ id: string; media: string }> {
  await database.db
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com` })
    .onConflictDoNothing()
  const media = crypto.randomUUID()
  await database.db.insert(mediaFile).values({
    id: media,
    userId: id,
    originalName: 'clip.mp4',
    storageKey: `${id}/${media}.mp4`,
    contentType: 'video/mp4',
    sizeBytes: 1000,
    durationMs: 3000,
    width: 1080,
    height: 1920,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
  })
  return { id, media }
}

/** A queued render of `who`, created at t0 + `second` seconds. */
async function queue(who: { id: string; media: string }, second: number, title = who.id): Promise<string> {
  const row = await repo.insert({
    userId: who.id,
    title,
    layout: 'single',
    sourceMediaId: who.media,
    createdAt: at(second),
    updatedAt: at(second),
  })
  return row.id
}

const titleOf = async (id: string | undefined) =>
  id === undefined ? undefined : (await repo.findViewInternal(id))?.title

async function finish(id: string, when: Date) {
  const [row] = await database.db
    .select()
    .from(createdVideo)
    .where(sql`${createdVideo.id} = ${id}`)
  expect(
    await repo.markProcessedInternal(
      id,
      row!.attempts,
      { outputMediaId: row!.sourceMediaId, thumbnailKey: null },
      when,
    ),
  ).toBe(true)
}

describe('the fair claim', () => {
  it('takes turns by person, the one served longest ago first, whatever order the renders were queued in', async () => {
    const heavy = await person('heavy')
    const light = await person('light')
    const third = await person('third')
    for (let i = 1; i <= 4; i++) await queue(heavy, i, `heavy ${i}`)
    await queue(light, 10, 'light 1')
    await queue(light, 11, 'light 2')
    await queue(third, 12, 'third 1')

    const order: (string | undefined)[] = []
    for (let i = 0; i < 7; i++) {
      const claimed = await repo.claimNextInternal(at(100 + i), 1)
      order.push(await titleOf(claimed?.id))
      if (claimed) await finish(claimed.id, at(100 + i))
    }
    expect(order).toEqual(['heavy 1', 'light 1', 'third 1', 'heavy 2', 'light 2', 'heavy 3', 'heavy 4'])
    expect(await repo.claimNextInternal(at(200), 1)).toBeUndefined()
  })

  it('starts no more than the cap for one person, and starts someone else’s meanwhile', async () => {
    const heavy = await person('heavy')
    const light = await person('light')
    for (let i = 1; i <= 6; i++) await queue(heavy, i, `heavy ${i}`)

    const first = await repo.claimNextInternal(at(100), 1)
    expect(await titleOf(first?.id)).toBe('heavy 1')
    // The only one queued are the same person's: at the cap, nothing starts.
    expect(await repo.claimNextInternal(at(101), 1)).toBeUndefined()
    expect(await repo.startableInternal(at(101), 1, 4)).toEqual([])
    // Someone else's render starts at once though it was queued last.
    const lightId = await queue(light, 50, 'light 1')
    expect(await repo.startableInternal(at(102), 1, 4)).toEqual([lightId])
    expect((await repo.claimNextInternal(at(102), 1))?.id).toBe(lightId)
    // With a cap of two, the heavy person gets a second one.
    expect(await titleOf((await repo.claimNextInternal(at(103), 2))?.id)).toBe('heavy 2')
    expect(await repo.claimNextInternal(at(104), 2)).toBeUndefined()
  })

  it('leaves a render waiting out its back-off until its time', async () => {
    const heavy = await person('heavy')
    const id = await queue(heavy, 1)
    const claimed = await repo.claimNextInternal(at(10), 1)
    expect(claimed?.id).toBe(id)
    expect(
      await repo.releaseInternal(id, 1, { errorMessage: 'x', refundAttempt: false, renderAfter: at(20) }, at(11)),
    ).toBe(true)
    expect(await repo.claimNextInternal(at(19), 1)).toBeUndefined()
    expect((await repo.claimNextInternal(at(20), 1))?.attempts).toBe(2)
  })

  it.runIf(adminUrl)(
    'never claims one render twice nor passes the cap with two worker processes claiming at once',
    async () => {
      const people = await Promise.all(['p1', 'p2', 'p3'].map((id) => person(id)))
      for (const who of people) for (let i = 0; i < 4; i++) await queue(who, i)
      const other = createVideosRepository(second!.db)
      // Eight claims at once from two pools: three people, one render each at most.
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? repo : other).claimNextInternal(at(100), 1)),
      )
      const claimed = claims.filter((c) => c !== undefined)
      expect(claimed).toHaveLength(3)
      expect(new Set(claimed.map((c) => c.userId))).toEqual(new Set(['p1', 'p2', 'p3']))
      expect(new Set(claimed.map((c) => c.id)).size).toBe(3)
    },
  )
})
