import { describe, expect, it } from 'vitest'
import {
  calendarPostListSchema,
  calendarPostPageSchema,
  CALENDAR_RANGE_MAX_DAYS,
  MESSAGES,
  type CalendarPost,
  type PostState,
} from '@hookpost/shared'
import { post } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * The calendar's window (`GET /api/posts?from&to`) and the List view's pages (`GET /api/posts/list`), issue 20: slim
 * posts, a bounded window, keyset pages that survive posts moving between two fetches, and only the user's own posts.
 * Rows are written straight into the database (hundreds of posts through the form would take minutes); the reads go
 * through HTTP as the browser's do.
 */
const { world, db, person } = usePostsServer()

const DAY = 86_400_000
const CALENDAR_KEYS = [
  'account',
  'accountId',
  'errorMessage',
  // issue 29: a cell marks a slideshow and a draft.
  'format',
  'id',
  'postMode',
  'scheduledAt',
  'source',
  'state',
  // issue 30: what identifies it (ADR 047).
  'stats',
  'thumbnailUrl',
  'tiktokUrl',
  'timeZone',
  'title',
].sort()

type Person = Awaited<ReturnType<typeof person>>

/** Posts of `who` at these instants (past ones already uploaded, so the engine leaves them alone); their ids. */
async function seed(who: Person, times: Date[], title = 'Post'): Promise<string[]> {
  if (times.length === 0) return []
  const now = Date.now()
  const rows = await db()
    .insert(post)
    .values(
      times.map((scheduledAt, i) => ({
        userId: who.userId,
        accountId: who.accountId,
        mediaId: who.mediaId,
        title: `${title} ${i}`,
        description: 'A long caption the calendar never needs. '.repeat(20),
        privacyLevel: 'SELF_ONLY' as const,
        disableComment: false,
        disableDuet: false,
        disableStitch: false,
        scheduledAt,
        timeZone: 'UTC',
        state: (scheduledAt.getTime() < now ? 'uploaded' : 'scheduled') as PostState,
      })),
    )
    .returning({ id: post.id })
  return rows.map((r) => r.id)
}

async function page(who: Person, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
  const res = await inject(world.server, 'GET', `/api/posts/list?${search.toString()}`, who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return calendarPostPageSchema.parse(res.json())
}

/** Every page, `limit` at a time. */
async function walk(who: Person, limit: number): Promise<{ pages: CalendarPost[][]; ids: string[] }> {
  const pages: CalendarPost[][] = []
  let cursor: string | null | undefined
  do {
    const next = await page(who, cursor ? { limit, cursor } : { limit })
    pages.push(next.posts)
    cursor = next.nextCursor
    if (pages.length > 100) throw new Error('the pages never end')
  } while (cursor)
  return { pages, ids: pages.flat().map((p) => p.id) }
}

function at(days: number, base = Date.now()) {
  return new Date(base + days * DAY)
}

describe('the List view, a page at a time', () => {
  it('an empty list is one empty last page', async () => {
    const me = await person()
    expect(await page(me)).toEqual({ posts: [], nextCursor: null })
  })

  it('upcoming posts soonest first, then past ones latest first; the last page has no cursor', async () => {
    const me = await person()
    const base = Date.now()
    // Two at the very same instant: ordered by id, and the page boundary may fall between them.
    const [u3, u1, u2a, u2b] = await seed(me, [at(3, base), at(1, base), at(2, base), at(2, base)])
    const [p1, p3, p2] = await seed(me, [at(-1, base), at(-3, base), at(-2, base)])
    const sameTime = [u2a!, u2b!].sort()
    const expected = [u1, ...sameTime, u3, p1, p2, p3]

    const { pages, ids } = await walk(me, 2)
    expect(ids).toEqual(expected)
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1])
    expect(new Set(ids).size).toBe(ids.length)

    // Exactly one page: everything, and no cursor.
    expect(await page(me, { limit: 7 })).toMatchObject({ nextCursor: null })
    expect((await page(me, { limit: 7 })).posts.map((p) => p.id)).toEqual(expected)
    // One fewer than all: a cursor, and the last page is the one post left.
    const first = await page(me, { limit: 6 })
    expect(first.nextCursor).toEqual(expect.any(String))
    const last = await page(me, { limit: 6, cursor: first.nextCursor! })
    expect(last).toEqual({ posts: [expect.objectContaining({ id: p3 })], nextCursor: null })
    // A page ending exactly where the upcoming posts end goes on with the past ones.
    const upcoming = await page(me, { limit: 4 })
    expect(upcoming.posts.map((p) => p.id)).toEqual(expected.slice(0, 4))
    expect((await page(me, { limit: 4, cursor: upcoming.nextCursor! })).posts.map((p) => p.id)).toEqual(
      expected.slice(4),
    )

    // Slim: what a row shows, not the caption.
    expect(Object.keys(first.posts[0]!).sort()).toEqual(CALENDAR_KEYS)
    expect(first.posts[0]).toMatchObject({ title: 'Post 1', state: 'scheduled', account: { sandbox: true } })
  })

  it('a post moved or deleted between two pages: the cursor holds, nothing is skipped, a moved post comes once more at its new place', async () => {
    const me = await person()
    const base = Date.now()
    const ids = await seed(
      me,
      [1, 2, 3, 4, 5, 6].map((d) => at(d, base)),
    )
    const [a, b, c, d, e, f] = ids as [string, string, string, string, string, string]

    const first = await page(me, { limit: 3 })
    expect(first.posts.map((p) => p.id)).toEqual([a, b, c])

    // The post the cursor names moves later; one not yet fetched moves before the cursor; another is deleted.
    const movedC = await inject(world.server, 'PATCH', `/api/posts/${c}`, me.cookie, formAt(at(10, base)))
    expect(movedC.statusCode, movedC.body).toBe(200)
    const movedE = await inject(world.server, 'PATCH', `/api/posts/${e}`, me.cookie, formAt(at(0.5, base)))
    expect(movedE.statusCode, movedE.body).toBe(200)
    expect((await inject(world.server, 'DELETE', `/api/posts/${d}`, me.cookie)).statusCode).toBe(204)

    const second = await page(me, { limit: 3, cursor: first.nextCursor! })
    // f was never skipped; e (now before the cursor) is not repeated; c comes at its new time, once.
    expect(second.posts.map((p) => p.id)).toEqual([f, c])
    expect(second.nextCursor).toBeNull()
    const newC = second.posts.find((p) => p.id === c)!
    expect(newC.scheduledAt).toBe(movedC.json().post.scheduledAt)
    // Merged as the web merges them (by id, the later page's copy wins): each post once.
    const merged = new Map([...first.posts, ...second.posts].map((p) => [p.id, p]))
    expect([...merged.keys()].sort()).toEqual([a, b, c, f].sort())
    expect(merged.get(c)!.scheduledAt).toBe(newC.scheduledAt)
  })

  it("another user's posts never appear, on any page or in the calendar", async () => {
    const me = await person()
    const them = await person()
    const base = Date.now()
    const mine = await seed(
      me,
      [-2, -1, 1, 2, 3].map((d) => at(d, base)),
    )
    // Theirs at the same instants and in between.
    await seed(
      them,
      [-2, -1.5, -1, 0.5, 1, 2, 2.5, 3].map((d) => at(d, base)),
    )
    const { ids } = await walk(me, 2)
    expect(new Set(ids)).toEqual(new Set(mine))
    expect(ids).toHaveLength(mine.length)

    const from = encodeURIComponent(at(-5, base).toISOString())
    const to = encodeURIComponent(at(5, base).toISOString())
    const res = await inject(world.server, 'GET', `/api/posts?from=${from}&to=${to}`, me.cookie)
    expect(new Set(calendarPostListSchema.parse(res.json()).posts.map((p) => p.id))).toEqual(new Set(mine))
  })

  it('a limit outside 1–100 or a cursor this server did not give is refused with a clear message', async () => {
    const me = await person()
    await seed(me, [at(1), at(2)])
    for (const limit of ['0', '101', 'ten', '1.5', '-3', '']) {
      const res = await inject(world.server, 'GET', `/api/posts/list?limit=${limit}`, me.cookie)
      expect([res.statusCode, res.json().message], limit).toEqual([400, MESSAGES.postsPageLimitInvalid])
    }
    expect((await page(me, { limit: 100 })).posts).toHaveLength(2)
    expect((await page(me, { limit: 1 })).posts).toHaveLength(1)

    const good = (await page(me, { limit: 1 })).nextCursor!
    const decoded = JSON.parse(Buffer.from(good, 'base64url').toString()) as Record<string, unknown>
    const forged = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url')
    for (const cursor of [
      'garbage!',
      'abc',
      good.slice(0, -4),
      forged({ i: "x' or 1=1 --" }),
      forged({ s: 'p' }),
      forged({ v: 9 }),
      'x'.repeat(301),
    ]) {
      const res = await inject(world.server, 'GET', `/api/posts/list?cursor=${encodeURIComponent(cursor)}`, me.cookie)
      expect(res.statusCode, cursor).toBe(400)
      if (cursor.length <= 300) expect(res.json().message, cursor).toBe(MESSAGES.postsCursorInvalid)
    }
    expect((await inject(world.server, 'GET', '/api/posts/list')).statusCode).toBe(401)
  })
})

describe('the calendar window', () => {
  it(`is slim, and at most ${CALENDAR_RANGE_MAX_DAYS} days wide`, async () => {
    const me = await person()
    const base = Date.now()
    const [inside] = await seed(me, [at(10, base)])
    await seed(me, [at(80, base)])
    const get = (from: Date, to: Date) =>
      inject(
        world.server,
        'GET',
        `/api/posts?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
        me.cookie,
      )
    const widest = await get(at(0, base), at(CALENDAR_RANGE_MAX_DAYS, base))
    expect(widest.statusCode).toBe(200)
    const posts = calendarPostListSchema.parse(widest.json()).posts
    expect(posts.map((p) => p.id)).toEqual([inside])
    expect(Object.keys(widest.json().posts[0]).sort()).toEqual(CALENDAR_KEYS)

    const tooWide = await get(at(0, base), new Date(at(CALENDAR_RANGE_MAX_DAYS, base).getTime() + 1))
    expect([tooWide.statusCode, tooWide.json().message]).toEqual([400, MESSAGES.dateRangeTooWide])
    const backwards = await get(at(2, base), at(1, base))
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, MESSAGES.dateRangeInvalid])
    const toOnly = await inject(
      world.server,
      'GET',
      `/api/posts?to=${encodeURIComponent(at(20, base).toISOString())}`,
      me.cookie,
    )
    expect(calendarPostListSchema.parse(toOnly.json()).posts.map((p) => p.id)).toEqual([inside])
    const notADate = await inject(world.server, 'GET', '/api/posts?from=yesterday', me.cookie)
    expect([notADate.statusCode, notADate.json().message]).toEqual([400, MESSAGES.dateRangeInvalid])
  })
})

describe('the OpenAPI document', () => {
  it('declares the calendar and the List with their slim schemas', async () => {
    const res = await world.server.runtime.http!.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }
    expect(doc.paths['/api/posts/list']).toBeDefined()
    expect(doc.paths['/api/posts/']).toBeDefined()
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['CalendarPost', 'CalendarPosts', 'CalendarPostPage', 'Post']),
    )
  })
})
