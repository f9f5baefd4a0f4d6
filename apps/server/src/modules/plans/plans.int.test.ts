import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { billingOverviewSchema, PLAN_MESSAGES, TRIAL_DAYS, type PostState } from '@hookpost/shared'
import { post, profile, subscription, tiktokAccount, user } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../testing/tiktok-sandbox'
import { formAt, formBody, TEST_PUBLISHING_SETTINGS } from '../publishing/testing/publishing-int-context'
import { connectCreator } from '../publishing/testing/publishing-test-kit'

/**
 * Plans and the free trial against the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the TikTok
 * sandbox (ADR 036): every limit at its boundary, through the HTTP paths a browser uses. The server's clock can be
 * moved forward (`offset`), as the trial ending needs.
 */
const DAY_MS = 86_400_000
const world = {} as { server: TestServer; sandbox: TestSandbox; video: string }
let offset = 0
let fixtureDir = ''

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'plans-int-'))
  world.video = path.join(fixtureDir, 'clip.mp4')
  const made = makeVideo(world.video)
  world.sandbox = await startTestSandbox()
  world.server = await startTestServer(world.sandbox.env, {
    posts: TEST_PUBLISHING_SETTINGS,
    clock: () => new Date(Date.now() + offset),
  })
  await made
}, 120_000)
afterAll(async () => {
  await world.server?.close()
  await world.sandbox?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => world.server.runtime.database.db

/** A signed-up person (in the trial) with one connected sandbox creator and one video. */
async function person() {
  const { cookie, userId } = await signUp(world.server)
  const { open_id: openId } = await world.sandbox.createCreator()
  const accountId = await connectCreator(world.server, world.sandbox, cookie, openId)
  const mediaId = await storeMedia(world.server, userId, world.video)
  return { cookie, userId, openId, accountId, mediaId }
}
type Person = Awaited<ReturnType<typeof person>>

async function choose(who: { cookie: string }, plan: 'basic' | 'pro' | 'business') {
  const res = await inject(world.server, 'POST', '/api/billing/checkout', who.cookie, { plan })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toMatchObject({ kind: 'activated', billing: { state: 'active', plan } })
}

async function overview(who: { cookie: string }) {
  const res = await inject(world.server, 'GET', '/api/billing', who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return billingOverviewSchema.parse(res.json())
}

/** 'YYYY-MM' of the first day `ahead` months from now (UTC), and an instant on its `day` at noon UTC. */
function monthAhead(ahead: number) {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))
  const key = first.toISOString().slice(0, 7)
  return { key, on: (day: number, hour = 12) => new Date(first.getTime() + (day - 1) * DAY_MS + hour * 3_600_000) }
}

/** Rows written straight to the database, to reach a boundary without 29 round trips to TikTok. */
async function seed(who: Person, at: (i: number) => Date, n: number, state: PostState = 'scheduled') {
  if (n === 0) return
  await db()
    .insert(post)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: who.userId,
        accountId: who.accountId,
        mediaId: who.mediaId,
        title: `Seeded ${state} ${i}`,
        privacyLevel: 'SELF_ONLY' as const,
        disableComment: false,
        disableDuet: false,
        disableStitch: false,
        scheduledAt: at(i),
        timeZone: 'UTC',
        state,
      })),
    )
}

async function postsOf(userId: string) {
  return db().select().from(post).where(eq(post.userId, userId))
}

function schedule(who: Person, at: Date, zone = 'UTC', title = 'Plan post') {
  return inject(world.server, 'POST', '/api/posts', who.cookie, formBody(who, { title, ...formAt(at, zone) }))
}

describe('the free trial', () => {
  it('starts at sign-up with Pro limits for 14 days, and shows usage', async () => {
    const me = await person()
    const first = await overview(me)
    expect(first).toMatchObject({
      state: 'trial',
      plan: null,
      trialDaysLeft: TRIAL_DAYS,
      limits: { maxAccounts: 3, scheduledPostsPerMonth: null },
      usage: { accounts: 1, scheduledPostsThisMonth: 0 },
      provider: 'manual',
    })
    const [row] = await db().select().from(subscription).where(eq(subscription.userId, me.userId))
    expect(row!.trialEndsAt.getTime() - row!.trialStartedAt.getTime()).toBe(TRIAL_DAYS * DAY_MS)

    // Someone who signed up before plans existed has no row: it is made when first needed, keeping the trial end
    // their profile showed since sign-up (or sign-up + 14 days without one).
    await db().delete(subscription).where(eq(subscription.userId, me.userId))
    await db()
      .update(profile)
      .set({ trialEndsAt: new Date(Date.now() + 4 * DAY_MS - 60_000) })
      .where(eq(profile.userId, me.userId))
    expect(await overview(me)).toMatchObject({ state: 'trial', trialDaysLeft: 4 })
    await db().delete(subscription).where(eq(subscription.userId, me.userId))
    await db().update(profile).set({ trialEndsAt: null }).where(eq(profile.userId, me.userId))
    await db()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(user.id, me.userId))
    expect(await overview(me)).toMatchObject({ state: 'trial', trialDaysLeft: TRIAL_DAYS - 10 })
    const shown = await inject(world.server, 'GET', '/api/profile', me.cookie)
    expect(shown.json()).toMatchObject({ plan: 'trial' })

    // A post this month counts; a draft or a failed one does not.
    const soon = new Date(Date.now() + 2 * 3_600_000)
    const thisMonth = new Date().toISOString().slice(0, 7)
    const created = await schedule(me, soon)
    expect(created.statusCode, created.body).toBe(201)
    await seed(me, () => soon, 2, 'draft')
    await seed(me, () => soon, 1, 'failed')
    const after = await overview(me)
    const soonMonth = soon.toISOString().slice(0, 7)
    expect(after.usage.scheduledPostsThisMonth).toBe(soonMonth === thisMonth ? 1 : 0)
  }, 60_000)
})

describe('the plan picked on the pricing page', () => {
  it('is recorded for the person who picked it, buys nothing and changes no limit; a wrong one is refused', async () => {
    const me = await person()
    const other = await person()
    expect((await overview(me)).chosenPlan).toBeNull()
    for (const body of [{ plan: 'gold' }, {}, { plan: 'basic', extra: 1 }]) {
      const refused = await inject(world.server, 'PUT', '/api/billing/chosen-plan', me.cookie, body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await overview(me)).chosenPlan).toBeNull()

    const res = await inject(world.server, 'PUT', '/api/billing/chosen-plan', me.cookie, { plan: 'basic' })
    expect(res.statusCode, res.body).toBe(200)
    expect(billingOverviewSchema.parse(res.json())).toMatchObject({
      chosenPlan: 'basic',
      state: 'trial',
      plan: null,
      // The trial keeps Pro's limits: picking Basic on the pricing page does not shrink them.
      limits: { maxAccounts: 3, scheduledPostsPerMonth: null },
    })
    expect(await overview(me)).toMatchObject({ chosenPlan: 'basic', state: 'trial' })
    expect((await overview(other)).chosenPlan).toBeNull()
    expect((await inject(world.server, 'PUT', '/api/billing/chosen-plan', '', { plan: 'pro' })).statusCode).toBe(401)
  })
})

describe('Basic: 30 scheduled posts per calendar month', () => {
  it('lets the 30th through, refuses the 31st on every path, and the next month is open again', async () => {
    const me = await person()
    const other = await person()
    await choose(me, 'basic')
    const m = monthAhead(2)
    const next = monthAhead(3)
    // 27 counted, and what does not count: drafts, skipped drafts, failed posts, and posts of the month before.
    await seed(me, (i) => m.on(1 + (i % 27)), 27)
    await seed(me, (i) => m.on(2 + i), 3, 'draft')
    await seed(me, (i) => m.on(5 + i), 2, 'failed')
    await seed(me, (i) => m.on(8 + i), 2, 'skipped')
    await seed(me, (i) => monthAhead(1).on(3 + i), 5)

    // A batch of 4 would make 31: refused whole, nothing is created.
    const before = (await postsOf(me.userId)).length
    const rows = [1, 2, 3, 4].map((d) => formBody(me, { title: `Batch ${d}`, ...formAt(m.on(10 + d)) }))
    const refusedBatch = await inject(world.server, 'POST', '/api/posts/batch', me.cookie, { rows })
    expect(refusedBatch.statusCode, refusedBatch.body).toBe(402)
    expect(refusedBatch.json()).toEqual({ code: 'PLAN_LIMIT', message: PLAN_MESSAGES.postsLimit('Basic', 30) })
    expect(await postsOf(me.userId)).toHaveLength(before)

    // 2 fit (28, 29), then the 30th single post; the 31st is refused.
    const batch = await inject(world.server, 'POST', '/api/posts/batch', me.cookie, { rows: rows.slice(0, 2) })
    expect(batch.statusCode, batch.body).toBe(201)
    const thirtieth = await schedule(me, m.on(20), 'UTC', 'The 30th')
    expect(thirtieth.statusCode, thirtieth.body).toBe(201)
    const thirtyFirst = await schedule(me, m.on(21), 'UTC', 'The 31st')
    expect(thirtyFirst.statusCode).toBe(402)
    expect(thirtyFirst.json()).toEqual({ code: 'PLAN_LIMIT', message: PLAN_MESSAGES.postsLimit('Basic', 30) })

    // The month is the one of the wall clock the time was chosen in: 00:30 on the 1st of the next month in Berlin
    // is still this month in UTC, but counts in the next month — which is open.
    const berlinFirst = formAt(new Date(next.on(1, 0).getTime() - 30 * 60_000), 'Europe/Berlin')
    expect(berlinFirst.date).toBe(`${next.key}-01`)
    const inNext = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me, berlinFirst))
    expect(inNext.statusCode, inNext.body).toBe(201)

    // Duplicate into the full month: refused; into the next: fine.
    const id = thirtieth.json<{ post: { id: string } }>().post.id
    const dupFull = await inject(world.server, 'POST', `/api/posts/${id}/duplicate`, me.cookie, formAt(m.on(22)))
    expect([dupFull.statusCode, dupFull.json<{ code: string }>().code]).toEqual([402, 'PLAN_LIMIT'])
    const dupNext = await inject(world.server, 'POST', `/api/posts/${id}/duplicate`, me.cookie, formAt(next.on(5)))
    expect(dupNext.statusCode, dupNext.body).toBe(201)

    // Moving a post of the next month into the full one: refused; within its month, or an edit of the caption: fine.
    const nextId = dupNext.json<{ posts: { id: string }[] }>().posts[0]!.id
    const moveIn = await inject(world.server, 'PATCH', `/api/posts/${nextId}`, me.cookie, formAt(m.on(23)))
    expect([moveIn.statusCode, moveIn.json<{ code: string }>().code]).toEqual([402, 'PLAN_LIMIT'])
    const moveWithin = await inject(world.server, 'PATCH', `/api/posts/${nextId}`, me.cookie, formAt(next.on(6)))
    expect(moveWithin.statusCode, moveWithin.body).toBe(200)
    const recaption = await inject(world.server, 'PATCH', `/api/posts/${id}`, me.cookie, { title: 'Still editable' })
    expect(recaption.statusCode, recaption.body).toBe(200)

    // Deleting one makes room again.
    expect((await inject(world.server, 'DELETE', `/api/posts/${id}`, me.cookie)).statusCode).toBe(204)
    expect((await schedule(me, m.on(24))).statusCode).toBe(201)

    const usage = await overview(me)
    expect(usage).toMatchObject({
      state: 'active',
      plan: 'basic',
      limits: { maxAccounts: 1, scheduledPostsPerMonth: 30 },
    })
    expect((await inject(world.server, 'GET', '/api/profile', me.cookie)).json()).toMatchObject({ plan: 'basic' })

    // Another person's trial is untouched by any of it.
    expect((await schedule(other, m.on(21))).statusCode).toBe(201)
    expect(await overview(other)).toMatchObject({ state: 'trial', plan: null })
  }, 120_000)

  it('lets exactly one of four concurrent creates at 29 through', async () => {
    const me = await person()
    await choose(me, 'basic')
    const m = monthAhead(4)
    await seed(me, (i) => m.on(1 + i), 29)
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name, i) => schedule(me, m.on(24 + i), 'UTC', `Racer ${name}`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402, 402, 402])
    const counted = (await postsOf(me.userId)).filter((p) => p.state === 'scheduled')
    expect(counted).toHaveLength(30)
  }, 60_000)

  it('counts an approved draft and a retried failed post', async () => {
    const me = await person()
    await choose(me, 'basic')
    const m = monthAhead(5)
    await seed(me, (i) => m.on(1 + i), 29)
    await seed(me, () => m.on(28), 1, 'draft')
    await seed(me, () => m.on(27), 1, 'failed')
    const [draft] = await db()
      .select()
      .from(post)
      .where(and(eq(post.userId, me.userId), eq(post.state, 'draft')))
    const [failed] = await db()
      .select()
      .from(post)
      .where(and(eq(post.userId, me.userId), eq(post.state, 'failed')))
    expect((await inject(world.server, 'POST', `/api/posts/${draft!.id}/approve`, me.cookie)).statusCode).toBe(200)
    const retry = await inject(world.server, 'POST', `/api/posts/${failed!.id}/retry`, me.cookie)
    expect([retry.statusCode, retry.json<{ code: string }>().code]).toEqual([402, 'PLAN_LIMIT'])
  }, 60_000)
})

describe('connected TikTok accounts', () => {
  async function connectAnother(who: Person) {
    const { open_id: openId } = await world.sandbox.createCreator()
    const start = await inject(world.server, 'POST', '/api/tiktok/connect', who.cookie, {})
    const callback = await world.sandbox.decide(start.json<{ authorizeUrl: string }>().authorizeUrl, openId)
    return inject(world.server, 'POST', '/api/tiktok/callback', who.cookie, {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
  }
  const accountsOf = async (userId: string) => db().select().from(tiktokAccount).where(eq(tiktokAccount.userId, userId))

  it('Basic: a second account is refused; reconnecting the first always works', async () => {
    const me = await person()
    await choose(me, 'basic')
    const second = await connectAnother(me)
    expect(second.statusCode).toBe(402)
    expect(second.json()).toEqual({ code: 'PLAN_LIMIT', message: PLAN_MESSAGES.accountsLimit('Basic', 1) })
    expect(await accountsOf(me.userId)).toHaveLength(1)
    // Reconnect: the same creator again.
    await connectCreator(world.server, world.sandbox, me.cookie, me.openId)
    expect(await accountsOf(me.userId)).toHaveLength(1)
  }, 60_000)

  it('Pro: the 3rd is fine, the 4th refused', async () => {
    const me = await person()
    await choose(me, 'pro')
    expect((await connectAnother(me)).statusCode).toBe(200)
    expect((await connectAnother(me)).statusCode).toBe(200)
    const fourth = await connectAnother(me)
    expect([fourth.statusCode, fourth.json<{ message: string }>().message]).toEqual([
      402,
      PLAN_MESSAGES.accountsLimit('Pro', 3),
    ])
    expect(await accountsOf(me.userId)).toHaveLength(3)
    expect((await overview(me)).usage.accounts).toBe(3)
  }, 90_000)
})

describe('billing webhooks', () => {
  it('refuses an unverifiable webhook (manual billing has none), even from another origin, and changes nothing', async () => {
    const me = await person()
    const res = await world.server.runtime.http!.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad', origin: 'https://evil.example' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', note: 'bidi \u202e text' }),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(await overview(me)).toMatchObject({ state: 'trial', plan: null })
  })

  it('applies each verified event once, by its id', async () => {
    const me = await person()
    const { plans } = world.server.runtime
    const active = {
      kind: 'subscription_active' as const,
      eventId: `evt_active_${me.userId}`,
      occurredAt: new Date(Date.now() - 60_000),
      userId: me.userId,
      plan: 'business' as const,
      customerId: 'cus_1',
      subscriptionId: `sub_${me.userId}`,
      currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
    }
    expect(await plans.apply(active)).toBe('applied')
    expect(await overview(me)).toMatchObject({ state: 'active', plan: 'business' })
    // Ended, found by the subscription id alone; the re-sent activation then changes nothing.
    const ended = {
      kind: 'subscription_ended' as const,
      eventId: `evt_end_${me.userId}`,
      occurredAt: new Date(Date.now() - 30_000),
      userId: null,
      subscriptionId: active.subscriptionId,
    }
    expect(await plans.apply(ended)).toBe('applied')
    expect(await plans.apply(active)).toBe('duplicate')
    expect(await overview(me)).toMatchObject({ state: 'trial', plan: null })
    // Out of order: an "active" made before the cancellation, arriving after it (a new event id), changes nothing.
    const late = { ...active, eventId: `evt_late_${me.userId}`, occurredAt: new Date(Date.now() - 45_000) }
    expect(await plans.apply(late)).toBe('stale')
    expect(await overview(me)).toMatchObject({ state: 'trial', plan: null })
    // A new subscription made later still activates.
    const renewed = {
      ...active,
      eventId: `evt_new_${me.userId}`,
      occurredAt: new Date(Date.now() - 10_000),
      subscriptionId: `sub_new_${me.userId}`,
    }
    expect(await plans.apply(renewed)).toBe('applied')
    expect(await overview(me)).toMatchObject({ state: 'active', plan: 'business' })
    // An event for nobody we know (a deleted account) is recorded and changes nothing.
    const stranger = {
      ...active,
      eventId: `evt_stranger_${me.userId}`,
      userId: 'no-such-user',
      subscriptionId: 'sub_x',
    }
    expect(await plans.apply(stranger)).toBe('unknown_user')
    expect(await plans.apply(stranger)).toBe('duplicate')
  })
})

// Last: it moves the server's clock past every trial of this file.
describe('the trial ending without a plan', () => {
  it('refuses new posts and accounts, keeps and publishes what was scheduled, and a plan lifts it', async () => {
    const me = await person()
    const due = new Date(Date.now() + 4_000)
    const kept = await world.server.runtime.posts.scheduleAt(me.userId, {
      accountId: me.accountId,
      mediaId: me.mediaId,
      title: 'Scheduled in the trial',
      description: '',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
      timeZone: 'UTC',
      scheduledAt: due,
    })
    const later = await schedule(me, new Date(Date.now() + 20 * DAY_MS), 'UTC', 'Later in the trial')
    expect(later.statusCode).toBe(201)
    const laterId = later.json<{ post: { id: string } }>().post.id

    // A second account whose queue holds one post, paused (held posts are not scheduled).
    const { open_id: heldOpenId } = await world.sandbox.createCreator()
    const heldAccount = await connectCreator(world.server, world.sandbox, me.cookie, heldOpenId)
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '10:00' }))
    const queueBody = {
      mediaId: me.mediaId,
      title: 'Queued',
      description: '',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    }
    const slotsSaved = await inject(world.server, 'PUT', `/api/queue/${heldAccount}/slots`, me.cookie, {
      slots: everyDay,
    })
    expect(slotsSaved.statusCode).toBe(200)
    const heldAdd = await inject(world.server, 'POST', `/api/queue/${heldAccount}/posts`, me.cookie, queueBody)
    expect(heldAdd.statusCode, heldAdd.body).toBe(201)
    expect((await inject(world.server, 'POST', `/api/queue/${heldAccount}/pause`, me.cookie)).statusCode).toBe(200)

    offset = (TRIAL_DAYS + 1) * DAY_MS
    try {
      // Resuming would schedule the held post again: refused, still paused, the post still held.
      const resumed = await inject(world.server, 'POST', `/api/queue/${heldAccount}/resume`, me.cookie)
      expect([resumed.statusCode, resumed.json<{ code: string }>().code]).toEqual([402, 'TRIAL_ENDED'])
      const queues = await inject(world.server, 'GET', '/api/queue', me.cookie)
      const held = queues
        .json<{ queues: { accountId: string; paused: boolean; entries: { held: boolean }[] }[] }>()
        .queues.find((q) => q.accountId === heldAccount)
      expect(held).toMatchObject({ paused: true, entries: [{ held: true }] })

      const inFuture = (days: number) => new Date(Date.now() + offset + days * DAY_MS)
      expect(await overview(me)).toMatchObject({ state: 'ended', trialDaysLeft: 0 })
      const refused = await schedule(me, inFuture(2))
      expect(refused.statusCode).toBe(402)
      expect(refused.json()).toEqual({ code: 'TRIAL_ENDED', message: PLAN_MESSAGES.trialEnded })
      const batch = await inject(world.server, 'POST', '/api/posts/batch', me.cookie, {
        rows: [formBody(me, formAt(inFuture(3)))],
      })
      expect(batch.json<{ code: string }>().code).toBe('TRIAL_ENDED')
      const dup = await inject(world.server, 'POST', `/api/posts/${laterId}/duplicate`, me.cookie, formAt(inFuture(4)))
      expect(dup.json<{ code: string }>().code).toBe('TRIAL_ENDED')
      // Queue: slots every day, then "Add to queue" is refused.
      const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '10:00' }))
      expect(
        (await inject(world.server, 'PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots })).statusCode,
      ).toBe(200)
      const queued = await inject(world.server, 'POST', `/api/queue/${me.accountId}/posts`, me.cookie, {
        mediaId: me.mediaId,
        title: 'Queued',
        description: '',
        privacyLevel: 'SELF_ONLY',
        allowComment: true,
        allowDuet: false,
        allowStitch: false,
      })
      expect([queued.statusCode, queued.json<{ code: string }>().code]).toEqual([402, 'TRIAL_ENDED'])
      // A new account too.
      const { open_id: openId } = await world.sandbox.createCreator()
      const start = await inject(world.server, 'POST', '/api/tiktok/connect', me.cookie, {})
      const callback = await world.sandbox.decide(start.json<{ authorizeUrl: string }>().authorizeUrl, openId)
      const connect = await inject(world.server, 'POST', '/api/tiktok/callback', me.cookie, {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
      })
      expect(connect.json()).toEqual({ code: 'TRIAL_ENDED', message: PLAN_MESSAGES.trialEndedAccounts })

      // Nothing was deleted; editing still works; the post scheduled in the trial goes out.
      expect((await postsOf(me.userId)).map((p) => p.title).sort()).toEqual([
        'Later in the trial',
        'Scheduled in the trial',
      ])
      const edited = await inject(world.server, 'PATCH', `/api/posts/${laterId}`, me.cookie, { title: 'Edited after' })
      expect(edited.statusCode, edited.body).toBe(200)
      await eventually(async () => {
        const [row] = await db().select().from(post).where(eq(post.id, kept.id))
        return row && ['uploaded', 'processing_on_tiktok'].includes(row.state) ? row : undefined
      }, 30_000)

      // Choosing a plan lifts it.
      await choose(me, 'pro')
      expect((await schedule(me, inFuture(2), 'UTC', 'After choosing Pro')).statusCode).toBe(201)
      expect(await overview(me)).toMatchObject({ state: 'active', plan: 'pro', trialDaysLeft: 0 })
    } finally {
      offset = 0
    }
  }, 120_000)
})
