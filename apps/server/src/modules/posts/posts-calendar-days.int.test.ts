import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { calendarDaysSchema, calendarPostListSchema, type PostState } from '@hookpost/shared'
import { post, tiktokAccount } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { withPostJoins } from '../publishing'
import { formBody, usePostsServer } from '../publishing/testing/publishing-int-context'
import { calendarColumns } from './calendar-days.repository'

/**
 * The calendar as days (ADR 053): counts by state and the first posts of each day in the display zone, the rest of a
 * day on demand, and the kept answers — a repeat costs no query, and any write to the posts shows on the next read,
 * whichever code path made it (the database announces it, not the code).
 */
const { world, db, person, until } = usePostsServer()

const BERLIN = 'Europe/Berlin'
/** 2027-03-28 is Berlin's spring-forward day: 23 hours, from 2027-03-27T23:00Z to 2027-03-28T22:00Z. */
const DST_DAY = { from: '2027-03-27T23:00:00.000Z', to: '2027-03-28T22:00:00.000Z' }
const MARCH = { from: '2027-02-28T23:00:00.000Z', to: '2027-03-31T22:00:00.000Z' }

type Who = Awaited<ReturnType<typeof person>>

async function seed(who: Who, at: string, state: PostState = 'scheduled', title = `Post at ${at}`) {
  const [row] = await db()
    .insert(post)
    .values({
      userId: who.userId,
      accountId: who.accountId,
      mediaId: who.mediaId,
      title,
      description: '',
      privacyLevel: 'SELF_ONLY',
      disableComment: false,
      disableDuet: false,
      disableStitch: false,
      scheduledAt: new Date(at),
      timeZone: BERLIN,
      state,
    })
    .returning()
  return row!
}

async function days(who: Who, range = MARCH, extra = '') {
  const res = await inject(
    world.server,
    'GET',
    `/api/posts/calendar?from=${range.from}&to=${range.to}&zone=${BERLIN}${extra}`,
    who.cookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return calendarDaysSchema.parse(res.json()).days
}

async function dayPosts(who: Who, range: { from: string; to: string }) {
  const res = await inject(world.server, 'GET', `/api/posts?from=${range.from}&to=${range.to}`, who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return calendarPostListSchema.parse(res.json()).posts
}

const answers = () => world.server.runtime.postAnswers!

describe('GET /api/posts/calendar: days, counts and first posts', () => {
  it('counts each day in the display zone, carries its first three posts, and the day read has the rest', async () => {
    const me = await person()
    // The DST day: its first minute (local midnight = 23:00Z the day before), five posts, and its last instant.
    const first = await seed(me, '2027-03-27T23:00:00.000Z', 'uploaded')
    await seed(me, '2027-03-28T05:00:00.000Z', 'failed')
    await seed(me, '2027-03-28T06:00:00.000Z')
    await seed(me, '2027-03-28T07:00:00.000Z')
    const last = await seed(me, '2027-03-28T21:59:59.999Z')
    // Just outside it on both sides: the day before's last instant, the day after's first (local midnight, 22:00Z).
    await seed(me, '2027-03-27T22:59:59.999Z')
    await seed(me, '2027-03-28T22:00:00.000Z')

    const month = await days(me)
    expect(month.map((d) => [d.date, d.total])).toEqual([
      ['2027-03-27', 1],
      ['2027-03-28', 5],
      ['2027-03-29', 1],
    ])
    const dst = month[1]!
    expect(dst.counts).toEqual({ uploaded: 1, failed: 1, scheduled: 3 })
    expect(dst.posts.map((p) => p.scheduledAt)).toEqual([
      '2027-03-27T23:00:00.000Z',
      '2027-03-28T05:00:00.000Z',
      '2027-03-28T06:00:00.000Z',
    ])
    expect(dst.posts[0]!.id).toBe(first.id)

    // "+2 more": the day's bounds bring the whole day, first to last, nothing of the days around it.
    const whole = await dayPosts(me, DST_DAY)
    expect(whole).toHaveLength(dst.total)
    expect(whole[0]!.id).toBe(first.id)
    expect(whole.at(-1)!.id).toBe(last.id)
  })

  it('breaks ties by id, narrows to one account, and answers nothing of anyone else', async () => {
    const me = await person()
    const at = '2027-03-10T09:00:00.000Z'
    const ids = [] as string[]
    for (let i = 0; i < 4; i++) ids.push((await seed(me, at)).id)
    const [day] = await days(me)
    expect(day!.posts.map((p) => p.id)).toEqual([...ids].sort().slice(0, 3))

    expect(await days(me, MARCH, `&accountId=${me.accountId}`)).toHaveLength(1)
    expect(await days(me, MARCH, `&accountId=${crypto.randomUUID()}`)).toEqual([])
    const stranger = await person()
    expect(await days(stranger)).toEqual([])
    expect(await dayPosts(stranger, { from: '2027-03-09T23:00:00.000Z', to: '2027-03-10T23:00:00.000Z' })).toEqual([])
  })

  it('refuses a zone that does not exist, a reversed window and one wider than 62 days', async () => {
    const me = await person()
    const ask = (query: string) => inject(world.server, 'GET', `/api/posts/calendar?${query}`, me.cookie)
    expect((await ask(`from=${MARCH.from}&to=${MARCH.to}&zone=Mars/Base`)).statusCode).toBe(400)
    expect((await ask(`from=${MARCH.to}&to=${MARCH.from}&zone=${BERLIN}`)).statusCode).toBe(400)
    expect((await ask(`from=2027-01-01T00:00:00Z&to=2027-03-05T00:00:00Z&zone=${BERLIN}`)).statusCode).toBe(400)
    expect((await ask(`from=${MARCH.from}&to=${MARCH.to}`)).statusCode).toBe(400)
  })
})

describe('kept answers', () => {
  it('serves a repeat without a query, compressed, with one ETag, and a 304 when the browser has it', async () => {
    const me = await person()
    // Past the 1 KiB below which nothing is compressed.
    for (const day of [12, 13, 14, 15]) await seed(me, `2027-03-${day}T09:00:00.000Z`)
    const url = `/api/posts/calendar?from=${MARCH.from}&to=${MARCH.to}&zone=${BERLIN}`
    const firstRead = await inject(world.server, 'GET', url, me.cookie, undefined, { 'accept-encoding': 'br' })
    const before = answers().stats()
    const again = await inject(world.server, 'GET', url, me.cookie, undefined, { 'accept-encoding': 'br' })
    expect(answers().stats().hits).toBe(before.hits + 1)
    expect(answers().stats().misses).toBe(before.misses)
    expect(again.headers['content-encoding']).toBe('br')
    expect(again.headers.etag).toBe(firstRead.headers.etag)
    const plain = await inject(world.server, 'GET', url, me.cookie)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(calendarDaysSchema.parse(plain.json()).days).toHaveLength(4)
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(plain.body)
    expect(brotliDecompressSync(firstRead.rawPayload).toString()).toBe(plain.body)
    const revalidated = await inject(world.server, 'GET', url, me.cookie, undefined, {
      'if-none-match': String(firstRead.headers.etag),
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
  })

  it('shows every kind of write on the next read: the API, the publishing engine, SQL, the account', async () => {
    const me = await person()
    const other = await person()
    const seeded = await seed(me, '2027-03-15T09:00:00.000Z')
    await days(other)
    expect((await days(me))[0]!.total).toBe(1)

    // An edit through the API.
    const edited = await inject(world.server, 'PATCH', `/api/posts/${seeded.id}`, me.cookie, { title: 'Renamed' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await days(me))[0]!.posts[0]!.title).toBe('Renamed')

    // Any statement at all, e.g. one nobody wrote yet (a person in psql).
    await db().update(post).set({ errorMessage: 'Changed by hand' }).where(eq(post.id, seeded.id))
    expect((await days(me))[0]!.posts[0]!.errorMessage).toBe('Changed by hand')

    // The account's name, shown on every post of it.
    await db().update(tiktokAccount).set({ accountName: 'New name' }).where(eq(tiktokAccount.id, me.accountId))
    expect((await days(me))[0]!.posts[0]!.account.accountName).toBe('New name')

    // The publishing engine moving a post through its states: Post now, then uploaded on TikTok (the sandbox).
    const now = new Date()
    const today = {
      from: new Date(now.getTime() - 86_400_000).toISOString(),
      to: new Date(now.getTime() + 86_400_000).toISOString(),
    }
    const created = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me))
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { post: { id: string } }).post.id
    expect((await inject(world.server, 'POST', `/api/posts/${id}/post-now`, me.cookie)).statusCode).toBe(200)
    await until(id, ['uploaded'])
    const published = await inject(
      world.server,
      'GET',
      `/api/posts/calendar?from=${today.from}&to=${today.to}&zone=UTC`,
      me.cookie,
    )
    const states = calendarDaysSchema
      .parse(published.json())
      .days.flatMap((d) => d.posts)
      .find((p) => p.id === id)
    expect(states?.state).toBe('uploaded')
    expect((await dayPosts(me, today)).find((p) => p.id === id)?.state).toBe('uploaded')

    // A delete through the API, then the account and its posts.
    expect((await inject(world.server, 'DELETE', `/api/posts/${seeded.id}`, me.cookie)).statusCode).toBe(204)
    expect(await days(me)).toEqual([])
    await seed(me, '2027-03-16T09:00:00.000Z')
    expect(await days(me)).toHaveLength(1)
    await db().delete(tiktokAccount).where(eq(tiktokAccount.id, me.accountId))
    expect(await days(me)).toEqual([])

    // Another person's answers were kept all along: their writes are theirs.
    const before = answers().stats().hits
    await days(other)
    expect(answers().stats().hits).toBe(before + 1)
  }, 60_000)
})

describe('what announces a write', () => {
  it('every table the calendar query reads has the trigger, on insert, update and delete', async () => {
    // The calendar's own query: a table joined into it later without a trigger would leave answers stale.
    const query = withPostJoins(db().select(calendarColumns).from(post).$dynamic()).toSQL().sql
    const tables = [...new Set([...query.matchAll(/(?:from|join) "(\w+)"/g)].map((m) => m[1]!))]
    expect(tables).toContain('post')
    const result = await db().execute(sql`
      select c.relname as "table", t.tgtype as type from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'hookpost_posts_changed'`)
    const rows = (result as unknown as { rows: { table: string; type: number }[] }).rows
    // pg_trigger.tgtype: 4 insert, 8 delete, 16 update.
    const events = (table: string) =>
      rows.filter((r) => r.table === table).reduce((all, r) => all | (Number(r.type) & (4 | 8 | 16)), 0)
    for (const table of tables) expect({ table, events: events(table) }).toEqual({ table, events: 4 | 8 | 16 })
  })
})
