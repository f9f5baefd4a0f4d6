import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { slideshow, user } from '../../db/schema'
import { openClaimDatabases } from '../../testing/claim-databases'
import { createSlideshowsRepository, type SlideshowsRepository } from './slideshows.repository'

/**
 * The fair claim of slideshow renders and exports (ADR 059) on a real database — PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where two connection pools stand for two worker processes: round-robin by person (the one served
 * longest ago first), at most `perPerson` of each kind running for anyone, a render's back-off respected, renders and
 * exports counted apart, and nothing claimed twice.
 */
const adminUrl = process.env.TEST_DATABASE_URL
let databases: Awaited<ReturnType<typeof openClaimDatabases>>
let database: DatabaseHandle
let repo: SlideshowsRepository
const t0 = new Date('2026-12-01T10:00:00Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)

beforeAll(async () => {
  databases = await openClaimDatabases(adminUrl, 'hookpost_fair_slides')
  database = databases.database
  repo = createSlideshowsRepository(database.db)
})
afterAll(async () => {
  await databases?.close()
})
beforeEach(async () => {
  await database.db.delete(slideshow)
})

async function person(id: string): Promise<string> {
  await database.db
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com` })
    .onConflictDoNothing()
  return id
}

/** A slideshow of `who`, queued for a render at t0 + `second` seconds (or processed, with an export queued). */
async function queue(who: string, second: number, title: string, kind: 'render' | 'export' = 'render') {
  const row = await repo.insert({
    userId: who,
    title,
    slides: [{ source: { kind: 'image', imageId: crypto.randomUUID() }, overlays: [] }],
    ...(kind === 'export' ? { state: 'processed' as const, exportState: 'queued' as const } : {}),
    createdAt: at(second),
    updatedAt: at(second),
  })
  return row.id
}

const titleOf = async (id: string | undefined) => (id === undefined ? undefined : (await repo.findInternal(id))?.title)

/** Claims `count` renders (or exports) one after another, each finished before the next claim. */
async function claimInOrder(kind: 'render' | 'export', count: number): Promise<(string | undefined)[]> {
  const order: (string | undefined)[] = []
  for (let i = 0; i < count; i++) {
    const when = at(100 + i)
    const claimed =
      kind === 'render' ? await repo.claimNextRenderInternal(when, 1) : await repo.claimNextExportInternal(when, 1)
    order.push(await titleOf(claimed?.id))
    if (!claimed) continue
    const done =
      kind === 'render'
        ? await repo.failInternal(claimed.id, claimed.attempts, 'done for the test', when)
        : await repo.finishExportInternal(claimed.id, { errorMessage: 'done for the test' }, when)
    expect(done).toBe(true)
  }
  return order
}

describe('the fair claim of slideshow renders', () => {
  it('takes turns by person, the one served longest ago first, whatever order they were queued in', async () => {
    const [heavy, light, third] = await Promise.all(['heavy', 'light', 'third'].map(person))
    for (let i = 1; i <= 4; i++) await queue(heavy!, i, `heavy ${i}`)
    await queue(light!, 10, 'light 1')
    await queue(light!, 11, 'light 2')
    await queue(third!, 12, 'third 1')

    expect(await claimInOrder('render', 7)).toEqual([
      'heavy 1',
      'light 1',
      'third 1',
      'heavy 2',
      'light 2',
      'heavy 3',
      'heavy 4',
    ])
    expect(await repo.claimNextRenderInternal(at(200), 1)).toBeUndefined()
  })

  it('starts no more than the cap for one person, and someone else’s meanwhile', async () => {
    const heavy = await person('heavy')
    const light = await person('light')
    for (let i = 1; i <= 5; i++) await queue(heavy, i, `heavy ${i}`)

    expect(await titleOf((await repo.claimNextRenderInternal(at(100), 1))?.id)).toBe('heavy 1')
    expect(await repo.claimNextRenderInternal(at(101), 1)).toBeUndefined()
    expect(await repo.startableRendersInternal(at(101), 1, 4)).toEqual([])
    const lightId = await queue(light, 50, 'light 1')
    expect(await repo.startableRendersInternal(at(102), 1, 4)).toEqual([lightId])
    expect((await repo.claimNextRenderInternal(at(102), 1))?.id).toBe(lightId)
    expect(await titleOf((await repo.claimNextRenderInternal(at(103), 2))?.id)).toBe('heavy 2')
    expect(await repo.claimNextRenderInternal(at(104), 2)).toBeUndefined()
  })

  it('leaves a render waiting out its back-off until its time', async () => {
    const id = await queue(await person('heavy'), 1, 'retried')
    expect((await repo.claimNextRenderInternal(at(10), 1))?.id).toBe(id)
    expect(
      await repo.releaseInternal(id, 1, { errorMessage: 'x', refundAttempt: false, renderAfter: at(20) }, at(11)),
    ).toBe(true)
    expect(await repo.claimNextRenderInternal(at(19), 1)).toBeUndefined()
    expect((await repo.claimNextRenderInternal(at(20), 1))?.attempts).toBe(2)
  })
})

describe('the fair claim of slideshow exports', () => {
  it('takes turns by person too, and a running export does not count against renders', async () => {
    const heavy = await person('heavy')
    const light = await person('light')
    for (let i = 1; i <= 3; i++) await queue(heavy, i, `export heavy ${i}`, 'export')
    await queue(light, 10, 'export light 1', 'export')
    expect(await claimInOrder('export', 5)).toEqual([
      'export heavy 1',
      'export light 1',
      'export heavy 2',
      'export heavy 3',
      undefined,
    ])

    // The heavy person's export running: their render may still start, a second export may not.
    await queue(heavy, 20, 'export heavy 4', 'export')
    await queue(heavy, 21, 'export heavy 5', 'export')
    await queue(heavy, 22, 'render heavy')
    expect(await titleOf((await repo.claimNextExportInternal(at(300), 1))?.id)).toBe('export heavy 4')
    expect(await repo.claimNextExportInternal(at(301), 1)).toBeUndefined()
    expect(await titleOf((await repo.claimNextRenderInternal(at(302), 1))?.id)).toBe('render heavy')
  })

  it.runIf(adminUrl)(
    'never claims one twice nor passes the cap with two worker processes claiming at once',
    async () => {
      const people = await Promise.all(['p1', 'p2', 'p3'].map(person))
      for (const who of people) {
        for (let i = 0; i < 3; i++) {
          await queue(who, i, `${who} render ${i}`)
          await queue(who, i, `${who} export ${i}`, 'export')
        }
      }
      const other = createSlideshowsRepository(databases.second!.db)
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const pool = i % 2 === 0 ? repo : other
          return i % 4 < 2 ? pool.claimNextRenderInternal(at(100), 1) : pool.claimNextExportInternal(at(100), 1)
        }),
      )
      const claimed = claims.filter((c) => c !== undefined)
      const renders = claimed.filter((c) => c.state === 'rendering')
      const exports = claimed.filter((c) => c.exportState === 'rendering')
      // Four claims of each kind from two pools, three people: one of each kind per person at most.
      expect(renders).toHaveLength(3)
      expect(exports).toHaveLength(3)
      expect(new Set(renders.map((c) => c.userId))).toEqual(new Set(['p1', 'p2', 'p3']))
      expect(new Set(exports.map((c) => c.userId))).toEqual(new Set(['p1', 'p2', 'p3']))
      expect(new Set(claimed.map((c) => c.id)).size).toBe(6)
    },
  )
})
