import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { Post, ServerEvent } from '@hookpost/shared'
import {
  createInProcessEventBus,
  createNotifyAssembler,
  createPgEventBus,
  encodeNotifyParts,
  type EventBus,
} from './events'

const log = { warn: () => undefined, error: () => undefined }

function post(description = ''): Post {
  return {
    id: '5f0c6c1e-2d55-4b55-9a51-2d4c1f7f3a10',
    accountId: '0d8f3a1e-7c55-4b55-9a51-2d4c1f7f3a11',
    account: { accountName: 'Maya', accountUsername: 'maya', sandbox: true },
    format: 'video',
    postMode: 'direct',
    photos: null,
    autoAddMusic: true,
    title: 'Morning routine',
    description,
    privacyLevel: 'SELF_ONLY',
    allowComment: true,
    allowDuet: false,
    allowStitch: false,
    commercial: { enabled: false, yourBrand: false, brandedContent: false },
    scheduledAt: '2026-12-01T12:00:00.000Z',
    timeZone: 'Europe/Berlin',
    state: 'uploaded',
    source: 'manual',
    errorMessage: null,
    rejectedAt: null,
    tiktokPostId: '7678907398077074696',
    publishedAt: '2026-12-01T12:00:05.000Z',
    media: { originalName: 'a.mp4', sizeBytes: 1234, durationMs: 3000 },
    thumbnailUrl: null,
    tiktokUrl: null,
    stats: null,
    createdAt: '2026-11-30T12:00:00.000Z',
    updatedAt: '2026-12-01T12:00:05.000Z',
  }
}

describe('in-process event bus', () => {
  it("delivers a user's events to that user's listeners only, until they unsubscribe", () => {
    const bus = createInProcessEventBus(log)
    const mine: ServerEvent[] = []
    const theirs: ServerEvent[] = []
    const stop = bus.subscribe('u1', (e) => mine.push(e))
    bus.subscribe('u2', (e) => theirs.push(e))
    bus.publish('u1', { type: 'post.deleted', postId: 'p1' })
    stop()
    bus.publish('u1', { type: 'post.deleted', postId: 'p2' })
    expect(mine).toEqual([{ type: 'post.deleted', postId: 'p1' }])
    expect(theirs).toEqual([])
  })

  it('keeps delivering to the others when one listener throws', () => {
    const bus = createInProcessEventBus(log)
    const got: ServerEvent[] = []
    bus.subscribe('u1', () => {
      throw new Error('broken tab')
    })
    bus.subscribe('u1', (e) => got.push(e))
    bus.publish('u1', { type: 'post.deleted', postId: 'p1' })
    expect(got).toHaveLength(1)
  })
})

describe('NOTIFY payloads', () => {
  it('cut a large event into parts below PostgreSQL’s 8000-byte limit and put it back together in any order', () => {
    // 2,200 three-byte characters (and some that need escaping): about 7 KB of UTF-8 in the description alone.
    const event: ServerEvent = { type: 'post.updated', post: post('日本語の説明"\\\n'.repeat(220)) }
    const parts = encodeNotifyParts('u1', event, 'msg-1')
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(8000)
    const assembler = createNotifyAssembler({ ttlMs: 10_000, now: () => 0 })
    const shuffled = [...parts].reverse()
    const results = shuffled.map((p) => assembler.accept(p))
    expect(results.slice(0, -1).every((r) => r === undefined)).toBe(true)
    expect(results.at(-1)).toEqual({ userId: 'u1', event })
    expect(assembler.pendingCount).toBe(0)
  })

  it('ignore garbage, duplicates and messages whose parts never all arrive', () => {
    let now = 0
    const assembler = createNotifyAssembler({ ttlMs: 1_000, now: () => now })
    expect(assembler.accept('not json')).toBeUndefined()
    expect(assembler.accept(JSON.stringify({ id: 'x', i: 3, n: 2, d: '' }))).toBeUndefined()
    const parts = encodeNotifyParts('u1', { type: 'post.updated', post: post('x'.repeat(3000)) }, 'm')
    expect(assembler.accept(parts[0]!)).toBeUndefined()
    expect(assembler.accept(parts[0]!)).toBeUndefined()
    now = 5_000
    expect(assembler.accept(JSON.stringify({ id: 'other', i: 0, n: 2, d: '' }))).toBeUndefined()
    expect(assembler.pendingCount).toBe(1) // 'm' expired, 'other' waits
    const small = encodeNotifyParts('u1', { type: 'post.deleted', postId: 'p' }, 'n')
    expect(small).toHaveLength(1)
    expect(assembler.accept(small[0]!)).toEqual({ userId: 'u1', event: { type: 'post.deleted', postId: 'p' } })
    // A well-formed message that is not a ServerEvent is dropped.
    expect(
      assembler.accept(JSON.stringify({ id: 'z', i: 0, n: 1, d: JSON.stringify({ userId: 'u', event: { a: 1 } }) })),
    ).toBeUndefined()
  })
})

const databaseUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!databaseUrl)('PostgreSQL LISTEN/NOTIFY event bus', () => {
  const channel = `hookpost_events_test_${process.pid}`

  function next(bus: EventBus, userId: string): Promise<ServerEvent> {
    return new Promise((resolve) => {
      const stop = bus.subscribe(userId, (event) => {
        stop()
        resolve(event)
      })
    })
  }

  it("carries one process's events to another's listeners, large ones included", async () => {
    const api = createPgEventBus({ url: databaseUrl!, log, channel })
    const worker = createPgEventBus({ url: databaseUrl!, log, channel })
    try {
      await Promise.all([api.ready, worker.ready])
      const big: ServerEvent = { type: 'post.updated', post: post('説明'.repeat(1100)) }
      const received = next(api, 'u1')
      worker.publish('u2', { type: 'post.deleted', postId: 'not for u1' })
      worker.publish('u1', big)
      expect(await received).toEqual(big)
    } finally {
      await api.close()
      await worker.close()
    }
  })

  it('listens again after its connection was killed', async () => {
    const bus = createPgEventBus({ url: databaseUrl!, log, channel, reconnectMs: 50 })
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      await bus.ready
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and query like $1`,
        [`%${channel}%`],
      )
      expect(killed.rowCount).toBeGreaterThan(0)
      const received: ServerEvent[] = []
      bus.subscribe('u1', (event) => received.push(event))
      const deadline = Date.now() + 10_000
      while (received.length === 0) {
        if (Date.now() > deadline) throw new Error('the bus did not listen again')
        bus.publish('u1', { type: 'post.deleted', postId: 'after reconnect' })
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(received[0]).toEqual({ type: 'post.deleted', postId: 'after reconnect' })
    } finally {
      await admin.end()
      await bus.close()
    }
  })
})
