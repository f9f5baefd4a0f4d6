import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { BATCH_MAX_ROWS, MESSAGES, postListSchema, POST_LIMITS } from '@hookpost/shared'
import { post, tiktokAccount } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { storeMedia } from '../../testing/media-fixtures'
import { formAt, formBody, usePostsServer } from '../publishing/testing/publishing-int-context'
import { connectCreator } from '../publishing/testing/publishing-test-kit'

/**
 * POST /api/posts/batch (issue 21 item 3) against the real server and the TikTok sandbox: every row is held to the
 * Schedule New Video form's rules, and a batch is created whole or not at all.
 */
const { world, db, person, publishJobs } = usePostsServer()

const DAY_MS = 86_400_000

async function postsOf(userId: string) {
  return db().select().from(post).where(eq(post.userId, userId))
}

function batch(cookie: string, rows: unknown[]) {
  return inject(world.server, 'POST', '/api/posts/batch', cookie, { rows })
}

describe('POST /api/posts/batch', () => {
  it('creates every row, in order, each with its publish job', async () => {
    const me = await person()
    const second = await storeMedia(world.server, me.userId, world.video)
    const rows = [
      formBody(me, { title: 'Monday hook', ...formAt(new Date(Date.now() + DAY_MS), 'Europe/Berlin') }),
      formBody({ ...me, mediaId: second }, { title: 'Tuesday hook', ...formAt(new Date(Date.now() + 2 * DAY_MS)) }),
      formBody(me, { title: 'Wednesday hook', description: '', ...formAt(new Date(Date.now() + 3 * DAY_MS)) }),
    ]
    const res = await batch(me.cookie, rows)
    expect(res.statusCode, res.body).toBe(201)
    const { posts } = postListSchema.parse(res.json())
    expect(posts.map((p) => [p.title, p.state, p.timeZone])).toEqual([
      ['Monday hook', 'scheduled', 'Europe/Berlin'],
      ['Tuesday hook', 'scheduled', 'UTC'],
      ['Wednesday hook', 'scheduled', 'UTC'],
    ])
    expect(await postsOf(me.userId)).toHaveLength(3)
    for (const p of posts) expect(await publishJobs(p.id)).toHaveLength(1)
  }, 60_000)

  it('refuses the whole batch when any row breaks a rule, naming each row, and creates nothing', async () => {
    const me = await person()
    const past = new Date(Date.now() - 2 * 3_600_000)
    const rows = [
      formBody(me, { title: 'Fine on its own' }),
      formBody(me, { title: '   ' }),
      formBody(me, formAt(past)),
      formBody(me, { title: 'x'.repeat(POST_LIMITS.title + 1) }),
      formBody(me, { accountId: '' }),
      formBody(me, { privacyLevel: '' }),
    ]
    const res = await batch(me.cookie, rows)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.batchRowsInvalid })
    const details = res.json<{ details: { path: string; message: string }[] }>().details
    // The past time may be today (a time issue) or yesterday (a date issue) in UTC: the form's message either way.
    const pastIssue = details.find((d) => d.path.startsWith('rows.2.'))
    expect(pastIssue?.message).toBe(MESSAGES.dateInPast)
    expect(details.filter((d) => d.path !== pastIssue?.path)).toEqual([
      { path: 'rows.1.title', message: 'Please fill in all required fields' },
      { path: 'rows.3.title', message: `Title must be ${POST_LIMITS.title} characters or fewer` },
      { path: 'rows.4.accountId', message: 'Please fill in all required fields' },
      { path: 'rows.5.privacyLevel', message: expect.any(String) as string },
    ])
    expect(details.some((d) => d.path.startsWith('rows.0.'))).toBe(false)
    expect(await postsOf(me.userId)).toHaveLength(0)

    // Fixed, the same batch goes through whole.
    const fixed = [rows[0], formBody(me, { title: 'Now titled' })]
    const again = await batch(me.cookie, fixed)
    expect(again.statusCode, again.body).toBe(201)
    expect(await postsOf(me.userId)).toHaveLength(2)
  }, 60_000)

  it("another user's video or account is that row's error, and nothing of the batch is created", async () => {
    const me = await person()
    const them = await person()
    const rows = [
      formBody(me, { title: 'Mine' }),
      formBody({ accountId: me.accountId, mediaId: them.mediaId }, { title: 'Their video' }),
      formBody({ accountId: them.accountId, mediaId: me.mediaId }, { title: 'Their account' }),
      formBody({ accountId: me.accountId, mediaId: 'not-a-uuid' }, { title: 'No such video' }),
    ]
    const res = await batch(me.cookie, rows)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<{ details: unknown[] }>().details).toEqual([
      { path: 'rows.1.mediaId', message: MESSAGES.mediaNotFound },
      { path: 'rows.2.accountId', message: MESSAGES.accountNotFound },
      { path: 'rows.3.mediaId', message: MESSAGES.mediaNotFound },
    ])
    expect(await postsOf(me.userId)).toHaveLength(0)
    expect(await postsOf(them.userId)).toHaveLength(0)
  }, 60_000)

  it('an account that must be reconnected is the error of each of its rows; the other account is fine', async () => {
    const me = await person()
    // A second creator for the same person: connected through the sandbox like the first.
    const { open_id: openId } = await world.sandbox.createCreator({})
    const second = await connectCreator(world.server, world.sandbox, me.cookie, openId)
    await db().update(tiktokAccount).set({ status: 'reconnect_required' }).where(eq(tiktokAccount.id, me.accountId))
    const res = await batch(me.cookie, [
      formBody(me, { title: 'Needs reconnect' }),
      formBody({ accountId: second, mediaId: me.mediaId }, { title: 'Fine' }),
      formBody(me, { title: 'Needs reconnect too' }),
    ])
    expect(res.statusCode, res.body).toBe(400)
    const details = res.json<{ details: { path: string; message: string }[] }>().details
    expect(details.map((d) => d.path)).toEqual(['rows.0.accountId', 'rows.2.accountId'])
    expect(details[0]!.message).toMatch(/@/)
    expect(await postsOf(me.userId)).toHaveLength(0)
  }, 60_000)

  it(`takes 1 to ${BATCH_MAX_ROWS} rows, saying so otherwise`, async () => {
    const me = await person()
    const tooMany = await batch(
      me.cookie,
      Array.from({ length: BATCH_MAX_ROWS + 1 }, () => formBody(me)),
    )
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe(MESSAGES.batchTooManyRows)
    const none = await batch(me.cookie, [])
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(MESSAGES.batchEmpty)
    expect(await postsOf(me.userId)).toHaveLength(0)

    const full = await batch(
      me.cookie,
      Array.from({ length: BATCH_MAX_ROWS }, (_, i) => formBody(me, { title: `Post ${i + 1}` })),
    )
    expect(full.statusCode, full.body).toBe(201)
    expect(await postsOf(me.userId)).toHaveLength(BATCH_MAX_ROWS)
  }, 120_000)

  it('answers 401 without a session', async () => {
    const res = await inject(world.server, 'POST', '/api/posts/batch', undefined, { rows: [] })
    expect(res.statusCode).toBe(401)
  })
})
