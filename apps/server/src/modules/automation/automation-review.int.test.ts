import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addDays, MESSAGES, postSchema, tiktokCaption, weekdayOf } from '@hookpost/shared'
import { formatDateTimeInZone } from '@hookpost/shared/date-format'
import { notification } from '../../db/schema'
import { inject, sleep } from '../../testing/http-test-kit'
import { eventually, type TestServer } from '../../testing/test-runtime'
import type { TestSandbox } from '../../testing/tiktok-sandbox'
import { sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { useAutomationIntWorld } from './testing/automation-int-kit'

/**
 * Review before posting, end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with real
 * renders of the Library's stock clips and the TikTok sandbox over HTTP: drafts planned on a day in the past by the
 * moved clock, approved or not, then due once the clock is the real one again. (The rest of the automation is in
 * automation.int.test.ts; a file of its own runs on a worker of its own.)
 */
const { world, person, expectNoPrivateText, settings, save, overview, allSlots, automationPosts } =
  useAutomationIntWorld()
const { setNow } = world
let server: TestServer
let sandbox: TestSandbox
beforeAll(() => {
  ;({ server, sandbox } = world)
})

const db = () => server.runtime.database.db

describe('review before posting', () => {
  it('plans drafts; an edited, approved draft goes out with the edited caption; unapproved ones are skipped, never sent', async () => {
    // Planned on a day in the past (by the moved clock); then the clock catches up and every post is due.
    const day = addDays(new Date().toISOString().slice(0, 10), -3)
    setNow(`${day}T06:00:00Z`)
    const me = await person()
    const other = await person()
    const saved = await save(
      me.cookie,
      settings(me.accountId, {
        days: [weekdayOf(day)],
        postsPerDay: 3,
        windowStart: '08:00',
        windowEnd: '10:00',
        reviewBeforePosting: true,
      }),
    )
    expect(saved.settings.reviewBeforePosting).toBe(true)
    expect(saved.runs[0]!.slots).toHaveLength(3)
    // Rendered, each waits as a draft for approval, with its caption; nothing goes to TikTok.
    const drafts = await eventually(async () => {
      const slots = allSlots(await overview(me.cookie))
      return slots.length === 3 && slots.every((s) => s.state === 'draft') ? slots : undefined
    }, 180_000)
    const posts = await automationPosts(me.cookie)
    expect(posts.map((p) => p.state)).toEqual(['draft', 'draft', 'draft'])
    for (const slot of drafts) {
      const p = posts.find((x) => x.id === slot.postId)!
      expect(tiktokCaption(p.title, p.description)).toContain(slot.hookText)
      expectNoPrivateText(tiktokCaption(p.title, p.description))
    }
    const [first, second, third] = drafts.map((s) => s.postId!) as [string, string, string]

    // One notice tells of the run's three drafts, with the first one's time and zone — not one per post (ADR 048).
    const awaitingNotices = () =>
      db()
        .select()
        .from(notification)
        .where(and(eq(notification.userId, me.userId), eq(notification.kind, 'approval_needed')))
    const [awaiting] = await eventually(async () =>
      (await awaitingNotices()).length > 0 ? awaitingNotices() : undefined,
    )
    expect(awaiting).toMatchObject({
      title: '3 posts await your approval',
      link: '/dashboard?tab=automation',
      dedupeKey: `approval_needed:${saved.runs[0]!.id}`,
    })
    const firstDraft = posts.reduce((a, b) => (a.scheduledAt < b.scheduledAt ? a : b))
    // The first draft's moment in its zone, in the one date format (ADR 049).
    const shownTime = formatDateTimeInZone(firstDraft.scheduledAt, firstDraft.timeZone)
    expect(awaiting!.body).toContain(`The first goes out ${shownTime} only if you approve it`)
    expect(await awaitingNotices()).toHaveLength(1)

    // The person edits the first draft's caption, then approves it.
    const edited = await inject(server, 'PATCH', `/api/posts/${first}`, me.cookie, {
      title: 'My own title',
      description: 'Written by me, not the AI #mine',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    // Someone else can neither edit nor approve it.
    expect((await inject(server, 'PATCH', `/api/posts/${first}`, other.cookie, { title: 'x' })).statusCode).toBe(404)
    expect((await inject(server, 'POST', `/api/posts/${first}/approve`, other.cookie)).statusCode).toBe(404)
    const approved = await inject(server, 'POST', `/api/posts/${first}/approve`, me.cookie)
    expect(approved.statusCode, approved.body).toBe(200)
    expect(postSchema.parse(approved.json().post)).toMatchObject({ state: 'scheduled', title: 'My own title' })
    const history = allSlots(await overview(me.cookie)).find((s) => s.postId === first)
    expect(history).toMatchObject({ state: 'scheduled', title: 'My own title' })
    await sleep(1_500)
    expect(await sandboxVideos(sandbox, me.openId)).toEqual([])

    // Their time comes. Approving now is too late; the job at the draft's time skips it, and so does the sweep.
    world.resetClock()
    const late = await inject(server, 'POST', `/api/posts/${second}/approve`, me.cookie)
    expect([late.statusCode, late.json().message]).toEqual([409, MESSAGES.approveTooLate])
    await server.runtime.publishing.publish(third)
    await server.runtime.publishing.sweep()
    const end = await eventually(async () => {
      const slots = allSlots(await overview(me.cookie))
      return slots.some((s) => s.state === 'posted') ? slots : undefined
    }, 60_000)
    const byPost = new Map(end.map((s) => [s.postId, s]))
    expect(byPost.get(first)).toMatchObject({ state: 'posted', title: 'My own title' })
    for (const id of [second, third]) {
      expect(byPost.get(id)).toMatchObject({ state: 'skipped', errorMessage: MESSAGES.draftNotApproved })
    }
    // TikTok received exactly the approved post, with the person's caption.
    const sent = await sandboxVideos(sandbox, me.openId)
    expect(sent.map((v) => v.title)).toEqual(['My own title\n\nWritten by me, not the AI #mine'])

    // Once it went out it cannot be changed; turning automation off leaves what happened alone.
    const refused = await inject(server, 'PATCH', `/api/posts/${first}`, me.cookie, { title: 'Too late' })
    expect([refused.statusCode, refused.json().message]).toEqual([409, MESSAGES.postNotEditable])
    const off = await save(me.cookie, settings(me.accountId, { enabled: false }))
    expect(
      allSlots(off)
        .map((s) => s.state)
        .sort(),
    ).toEqual(['posted', 'skipped', 'skipped'])
  }, 300_000)

  it('turning automation off cancels the drafts waiting for approval', async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), 70)
    setNow(`${day}T08:00:00Z`)
    const me = await person()
    await save(me.cookie, settings(me.accountId, { postsPerDay: 1, reviewBeforePosting: true }))
    await eventually(async () => {
      const slots = allSlots(await overview(me.cookie))
      return slots.length > 0 && slots.every((s) => s.state === 'draft') ? slots : undefined
    }, 180_000)
    const off = await save(me.cookie, settings(me.accountId, { enabled: false, reviewBeforePosting: true }))
    expect(new Set(allSlots(off).map((s) => s.state))).toEqual(new Set(['cancelled']))
    expect(await automationPosts(me.cookie)).toEqual([])
  }, 300_000)
})
