import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accountQueueSchema, MESSAGES, nextFreeSlots, type AccountQueue, type QueueSlot } from '@hookpost/shared'
import { post, queueEntry, queueSlot } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * The queue (issue 21 item 2, ADR 029) against the real server on PGlite and the TikTok sandbox: slots, Add to queue
 * through the posts service, reordering by swapping times, pause (posts held off the schedule) and resume.
 */
const { world, db, person, publishJobs } = usePostsServer()

const ZONE = 'America/New_York'
/** Every day at 09:30 and 17:30 in New York. */
const SLOTS: QueueSlot[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { weekday, time: '09:30' },
  { weekday, time: '17:30' },
])

type Answer = {
  status: number
  body: { queue?: AccountQueue; post?: { id: string; scheduledAt: string }; message?: string }
}

async function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, body?: unknown): Promise<Answer> {
  const res = await inject(world.server, method, url, cookie, body)
  return { status: res.statusCode, body: res.json() as Answer['body'] }
}

const addBody = (mediaId: string, title: string) => ({
  mediaId,
  title,
  description: 'From the queue #queue',
  privacyLevel: 'SELF_ONLY',
  allowComment: true,
  allowDuet: false,
  allowStitch: false,
})

/** A person whose account posts in New York time. */
async function queuePerson() {
  const me = await person()
  const res = await inject(world.server, 'PATCH', `/api/tiktok/accounts/${me.accountId}`, me.cookie, { timeZone: ZONE })
  expect(res.statusCode, res.body).toBe(200)
  return me
}

async function queueOf(cookie: string, accountId: string): Promise<AccountQueue> {
  const res = await inject(world.server, 'GET', '/api/queue', cookie)
  expect(res.statusCode).toBe(200)
  const found = res.json<{ queues: AccountQueue[] }>().queues.find((q) => q.accountId === accountId)
  if (!found) throw new Error('no queue for the account')
  return accountQueueSchema.parse(found)
}

async function postCount(accountId: string) {
  return (await db().select({ id: post.id }).from(post).where(eq(post.accountId, accountId))).length
}

describe('the queue', () => {
  it('says to add slots first, and refuses bad slots without changing the saved ones', async () => {
    const me = await queuePerson()
    const empty = await queueOf(me.cookie, me.accountId)
    expect(empty).toMatchObject({ timeZone: ZONE, timeZoneSource: 'account', paused: false, slots: [], entries: [] })
    expect(empty.nextFreeSlots).toEqual([])

    const added = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'No slots'))
    expect([added.status, added.body.message]).toEqual([409, MESSAGES.queueNoSlots])
    expect(await postCount(me.accountId)).toBe(0)

    const saved = await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: SLOTS.slice(0, 2) })
    expect(saved.status).toBe(200)
    expect(saved.body.queue?.slots).toEqual([
      { weekday: 0, time: '09:30' },
      { weekday: 0, time: '17:30' },
    ])

    const twice = await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, {
      slots: [
        { weekday: 1, time: '09:00' },
        { weekday: 1, time: '09:00' },
      ],
    })
    expect(twice.status).toBe(400)
    expect(JSON.stringify(twice.body)).toContain('Monday at 09:00 is already a slot.')
    const tooMany = Array.from({ length: 51 }, (_, i) => ({
      weekday: i % 7,
      time: `${String(i % 24).padStart(2, '0')}:0${Math.floor(i / 24)}`,
    }))
    const many = await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: tooMany })
    expect(many.status).toBe(400)
    expect(JSON.stringify(many.body)).toContain('An account can have at most 50 posting slots.')
    const badTime = await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, {
      slots: [{ weekday: 2, time: '25:00' }],
    })
    expect(badTime.status).toBe(400)

    const rows = await db().select().from(queueSlot).where(eq(queueSlot.accountId, me.accountId))
    expect(rows.map((r) => `${r.weekday} ${r.time}`).sort()).toEqual(['0 09:30', '0 17:30'])
  })

  it('adds posts at the next free slots, reorders by swapping their times, pauses and resumes', async () => {
    const me = await queuePerson()
    expect((await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: SLOTS })).status).toBe(200)

    // A post the person scheduled by hand at the first slot takes it.
    const [first, second, third] = nextFreeSlots({
      slots: SLOTS,
      zone: ZONE,
      now: new Date(),
      taken: new Set(),
      count: 3,
    })
    const manual = await world.server.runtime.posts.scheduleAt(me.userId, {
      accountId: me.accountId,
      ...addBody(me.mediaId, 'By hand'),
      privacyLevel: 'SELF_ONLY',
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
      timeZone: ZONE,
      scheduledAt: first!,
    })

    const a = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Queued A'))
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    expect(a.body.post?.scheduledAt).toBe(second!.toISOString())
    const b = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Queued B'))
    expect(b.body.post?.scheduledAt).toBe(third!.toISOString())
    const ids = { a: a.body.post!.id, b: b.body.post!.id }

    const queue = await queueOf(me.cookie, me.accountId)
    expect(queue.entries.map((e) => [e.title, e.scheduledAt, e.held])).toEqual([
      ['Queued A', second!.toISOString(), false],
      ['Queued B', third!.toISOString(), false],
    ])
    expect(queue.nextFreeSlots[0]).not.toBe(first!.toISOString())

    // Moving B up swaps the times: B now goes out at A's slot, A at B's; each keeps its own video and caption.
    const entryB = queue.entries[1]!.id
    const moved = await call('POST', `/api/queue/${me.accountId}/entries/${entryB}/move`, me.cookie, {
      direction: 'up',
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.queue?.entries.map((e) => [e.title, e.scheduledAt])).toEqual([
      ['Queued B', second!.toISOString()],
      ['Queued A', third!.toISOString()],
    ])
    const [rowA] = await db().select().from(post).where(eq(post.id, ids.a))
    expect(rowA?.scheduledAt.toISOString()).toBe(third!.toISOString())
    expect(rowA?.title).toBe('Queued A')
    const top = await call('POST', `/api/queue/${me.accountId}/entries/${entryB}/move`, me.cookie, { direction: 'up' })
    expect([top.status, top.body.message]).toEqual([409, MESSAGES.queueMoveNotPossible])
    const badDirection = await call('POST', `/api/queue/${me.accountId}/entries/${entryB}/move`, me.cookie, {
      direction: 'sideways',
    })
    expect(badDirection.status).toBe(400)

    // Pause: the queue's posts leave the schedule (no post, no publish job), the hand-made one stays.
    const paused = await call('POST', `/api/queue/${me.accountId}/pause`, me.cookie)
    expect(paused.status).toBe(200)
    expect(paused.body.queue?.paused).toBe(true)
    expect(paused.body.queue?.entries.map((e) => [e.title, e.scheduledAt, e.held, e.postId])).toEqual([
      ['Queued B', null, true, null],
      ['Queued A', null, true, null],
    ])
    for (const id of [ids.a, ids.b]) {
      expect((await inject(world.server, 'GET', `/api/posts/${id}`, me.cookie)).statusCode).toBe(404)
      expect((await publishJobs(id)).filter((j) => j.state === 'created')).toEqual([])
    }
    expect((await inject(world.server, 'GET', `/api/posts/${manual.id}`, me.cookie)).statusCode).toBe(200)
    const whilePaused = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Late'))
    expect([whilePaused.status, whilePaused.body.message]).toEqual([409, MESSAGES.queuePaused])
    expect(await postCount(me.accountId)).toBe(1)

    // Held posts can still be reordered: A first again.
    const heldA = paused.body.queue!.entries[1]!.id
    const heldMove = await call('POST', `/api/queue/${me.accountId}/entries/${heldA}/move`, me.cookie, {
      direction: 'up',
    })
    expect(heldMove.body.queue?.entries.map((e) => e.title)).toEqual(['Queued A', 'Queued B'])

    // Resume: scheduled again, in that order, at the next free slots (the hand-made post still holds the first).
    const resumed = await call('POST', `/api/queue/${me.accountId}/resume`, me.cookie)
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
    const [n1, n2] = nextFreeSlots({
      slots: SLOTS,
      zone: ZONE,
      now: new Date(),
      taken: new Set([first!.getTime()]),
      count: 2,
    })
    expect(resumed.body.queue).toMatchObject({ paused: false })
    expect(resumed.body.queue?.entries.map((e) => [e.title, e.scheduledAt, e.held])).toEqual([
      ['Queued A', n1!.toISOString(), false],
      ['Queued B', n2!.toISOString(), false],
    ])
    const newIds = resumed.body.queue!.entries.map((e) => e.postId!)
    for (const id of newIds) {
      const one = await inject(world.server, 'GET', `/api/posts/${id}`, me.cookie)
      expect(one.json<{ post: { state: string; title: string; description: string } }>().post).toMatchObject({
        state: 'scheduled',
        description: 'From the queue #queue',
      })
      expect((await publishJobs(id)).filter((j) => j.state === 'created')).toHaveLength(1)
    }
  })

  it('keeps a queue paused, its posts held, when resuming cannot schedule them', async () => {
    const me = await queuePerson()
    await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: SLOTS })
    await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Held'))
    await call('POST', `/api/queue/${me.accountId}/pause`, me.cookie)
    await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: [] })

    const resumed = await call('POST', `/api/queue/${me.accountId}/resume`, me.cookie)
    expect([resumed.status, resumed.body.message]).toEqual([
      409,
      `${MESSAGES.queueResumeFailed} ${MESSAGES.queueNoSlots}`,
    ])
    const queue = await queueOf(me.cookie, me.accountId)
    expect(queue.paused).toBe(true)
    expect(queue.entries.map((e) => [e.title, e.held])).toEqual([['Held', true]])
    expect(await postCount(me.accountId)).toBe(0)
  })

  it("answers 404 for another person's account and entries, changing nothing", async () => {
    const me = await queuePerson()
    const other = await queuePerson()
    await call('PUT', `/api/queue/${other.accountId}/slots`, other.cookie, { slots: SLOTS })
    const theirs = await call(
      'POST',
      `/api/queue/${other.accountId}/posts`,
      other.cookie,
      addBody(other.mediaId, 'Theirs'),
    )
    expect(theirs.status).toBe(201)
    const entryId = (await queueOf(other.cookie, other.accountId)).entries[0]!.id

    const attempts: Answer[] = [
      await call('PUT', `/api/queue/${other.accountId}/slots`, me.cookie, { slots: [] }),
      await call('POST', `/api/queue/${other.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Mine')),
      await call('POST', `/api/queue/${other.accountId}/pause`, me.cookie),
      await call('POST', `/api/queue/${other.accountId}/resume`, me.cookie),
      await call('POST', `/api/queue/${other.accountId}/entries/${entryId}/move`, me.cookie, { direction: 'down' }),
      await call('POST', `/api/queue/${me.accountId}/entries/${entryId}/move`, me.cookie, { direction: 'down' }),
      await call('POST', `/api/queue/not-a-uuid/pause`, me.cookie),
    ]
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404])
    // Their media through my account is not found either.
    await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: SLOTS })
    const media = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(other.mediaId, 'Theirs'))
    expect([media.status, media.body.message]).toEqual([404, MESSAGES.mediaNotFound])

    const queue = await queueOf(other.cookie, other.accountId)
    expect(queue.paused).toBe(false)
    expect(queue.slots).toHaveLength(SLOTS.length)
    expect(queue.entries.map((e) => e.title)).toEqual(['Theirs'])
    expect(await db().select().from(queueEntry).where(eq(queueEntry.userId, me.userId))).toEqual([])
    expect(
      (await inject(world.server, 'GET', '/api/queue', me.cookie))
        .json<{ queues: AccountQueue[] }>()
        .queues.map((q) => q.accountId),
    ).toEqual([me.accountId])
  })

  it('a queued post deleted from the calendar leaves the queue', async () => {
    const me = await queuePerson()
    await call('PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots: SLOTS })
    const added = await call('POST', `/api/queue/${me.accountId}/posts`, me.cookie, addBody(me.mediaId, 'Gone soon'))
    expect((await inject(world.server, 'DELETE', `/api/posts/${added.body.post!.id}`, me.cookie)).statusCode).toBe(204)
    expect((await queueOf(me.cookie, me.accountId)).entries).toEqual([])
  })

  it('is in the OpenAPI document', async () => {
    const res = await inject(world.server, 'GET', '/api/docs/json')
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(doc.paths['/api/queue/'] ?? {})).toEqual(['get'])
    expect(Object.keys(doc.paths['/api/queue/{accountId}/slots'] ?? {})).toEqual(['put'])
    expect(Object.keys(doc.paths['/api/queue/{accountId}/posts'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/queue/{accountId}/entries/{entryId}/move'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/queue/{accountId}/pause'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/queue/{accountId}/resume'] ?? {})).toEqual(['post'])
  })
})
