import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  addDays,
  automationOverviewSchema,
  AUTOMATION_MESSAGES,
  MESSAGES,
  postSchema,
  weekdayOf,
  type AutomationOverview,
  type AutomationSettingsInput,
  type AutomationSlot,
} from '@hookpost/shared'
import { createdVideo } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { eventually, type TestServer } from '../../testing/test-runtime'
import type { TestSandbox } from '../../testing/tiktok-sandbox'
import { useAutomationWorld } from './testing/automation-world'
import { connectCreator, sandboxVideos } from '../publishing/testing/publishing-test-kit'

/**
 * Regenerate, Run Now and the keep-or-replace save (issue 30 item 11, ADR 050) end to end: a real database, real renders
 * of the stock clips, the TikTok sandbox over HTTP. Planned posts are put on days well ahead by moving the clock, so
 * they never fall due; Run Now's posts are made at the real time and go out at once.
 */
const world = useAutomationWorld({ automation: { renderPollSeconds: 1 }, posts: { dueGraceMs: 0 } })
const { setNow } = world
let server: TestServer
let sandbox: TestSandbox
beforeAll(() => {
  ;({ server, sandbox } = world)
})

const db = () => server.runtime.database.db
const today = () => world.clock().toISOString().slice(0, 10)

async function person() {
  const { cookie, userId } = await signUp(server)
  const { open_id: openId } = await sandbox.createCreator({})
  const accountId = await connectCreator(server, sandbox, cookie, openId)
  return { cookie, userId, openId, accountId }
}

function settings(accountId: string, overrides: Partial<AutomationSettingsInput> = {}): AutomationSettingsInput {
  return {
    enabled: true,
    hookConcept: 'question',
    customConcept: '',
    tone: 'casual',
    customTone: '',
    mustInclude: [],
    mayInclude: [],
    customPrompt: '',
    exampleHooks: [],
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    postsPerDay: 1,
    windowStart: '10:00',
    windowEnd: '12:00',
    videoIds: ['stock:feature-tour'],
    accountId,
    postSettings: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: false, allowStitch: false },
    reviewBeforePosting: true,
    ...overrides,
  }
}

const parse = (body: unknown) => automationOverviewSchema.parse(body)
const slotsOf = (o: AutomationOverview) => o.runs.flatMap((r) => r.slots)

async function save(cookie: string, body: AutomationSettingsInput): Promise<AutomationOverview> {
  const res = await inject(server, 'PUT', '/api/automation', cookie, body)
  expect(res.statusCode, res.body).toBe(200)
  return parse(res.json())
}

async function overview(cookie: string): Promise<AutomationOverview> {
  return parse((await inject(server, 'GET', '/api/automation', cookie)).json())
}

/** The person's slots once `done` holds for all of them. */
function settle(cookie: string, done: (slot: AutomationSlot) => boolean, count: number) {
  return eventually(async () => {
    const slots = slotsOf(await overview(cookie))
    return slots.length >= count && slots.every(done) ? slots : undefined
    // Renders on two cores shared with the other test files of the tier: minutes, at worst.
  }, 300_000)
}
const isDraft = (s: AutomationSlot) => s.state === 'draft' && !s.regenerating

const regenerate = (cookie: string, slotId: string) =>
  inject(server, 'POST', `/api/automation/slots/${slotId}/regenerate`, cookie)
const getPost = async (cookie: string, id: string) =>
  postSchema.parse((await inject(server, 'GET', `/api/posts/${id}`, cookie)).json().post)
const videosOf = (userId: string) => db().select().from(createdVideo).where(eq(createdVideo.userId, userId))

describe('Regenerate', () => {
  it('gives a draft a new hook, caption and video at the same time; an approved one waits for approval again', async () => {
    setNow(`${addDays(new Date().toISOString().slice(0, 10), 30)}T08:00:00Z`)
    const me = await person()
    const other = await person()
    await save(me.cookie, settings(me.accountId))
    const [draft, approved] = (await settle(me.cookie, isDraft, 3)) as [AutomationSlot, AutomationSlot]
    const before = await getPost(me.cookie, draft.postId!)
    expect((await inject(server, 'POST', `/api/posts/${approved.postId}/approve`, me.cookie)).statusCode).toBe(200)

    // Someone else's planned post is not found, and nothing changes.
    const foreign = await regenerate(other.cookie, draft.id)
    expect(foreign.statusCode).toBe(404)

    const res = await regenerate(me.cookie, draft.id)
    expect(res.statusCode, res.body).toBe(200)
    const started = slotsOf(parse(res.json())).find((s) => s.id === draft.id)!
    expect(started).toMatchObject({ regenerating: true, postId: draft.postId })
    expect(started.hookText).not.toBe(draft.hookText)
    // Until the new video is on it, the post keeps what it had (and waits for approval).
    expect(await getPost(me.cookie, draft.postId!)).toMatchObject({ state: 'draft', title: before.title })

    const done = (await settle(me.cookie, (s) => s.id !== draft.id || isDraft(s), 3)).find((s) => s.id === draft.id)!
    expect(done).toMatchObject({ hookText: started.hookText, postId: draft.postId, scheduledAt: draft.scheduledAt })
    expect(done.videoId).not.toBe(draft.videoId)
    const after = await getPost(me.cookie, draft.postId!)
    expect(after).toMatchObject({ state: 'draft', scheduledAt: before.scheduledAt, title: done.title })
    expect(`${after.title} ${after.description}`).toContain(done.hookText)
    // The new video carries the new hook; the old one is gone.
    const videos = await videosOf(me.userId)
    expect(videos.map((v) => v.id).sort()).toEqual(
      slotsOf(await overview(me.cookie))
        .map((s) => s.videoId)
        .sort(),
    )
    const video = videos.find((v) => v.id === done.videoId)!
    expect(video.textOverlays).toEqual([expect.objectContaining({ text: done.hookText })])

    // The approved one: the person has not seen its new hook, so it waits for approval again.
    expect((await regenerate(me.cookie, approved.id)).statusCode).toBe(200)
    await settle(me.cookie, isDraft, 3)
    expect(await getPost(me.cookie, approved.postId!)).toMatchObject({ state: 'draft' })
    await save(me.cookie, settings(me.accountId, { enabled: false, approvedOrEdited: 'replace' }))
  }, 300_000)

  it('two at once make one new render; a rejected or gone-out post is refused and unchanged', async () => {
    setNow(`${addDays(new Date().toISOString().slice(0, 10), 60)}T08:00:00Z`)
    const me = await person()
    await save(me.cookie, settings(me.accountId))
    const [first, second] = (await settle(me.cookie, isDraft, 3)) as [AutomationSlot, AutomationSlot]

    const both = await Promise.all([regenerate(me.cookie, first.id), regenerate(me.cookie, first.id)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(AUTOMATION_MESSAGES.regenerateBusy)
    const settled = await settle(me.cookie, isDraft, 3)
    // One video per planned post: one new render replaced the old one, no second render raced it.
    expect(await videosOf(me.userId)).toHaveLength(3)
    expect(settled.find((s) => s.id === first.id)!.videoId).not.toBe(first.videoId)

    // Rejected: final (ADR 048).
    expect((await inject(server, 'POST', `/api/posts/${second.postId}/reject`, me.cookie)).statusCode).toBe(200)
    const refused = await regenerate(me.cookie, second.id)
    expect([refused.statusCode, refused.json().message]).toEqual([409, MESSAGES.rejectedCannotBeApproved])
    const unchanged = slotsOf(await overview(me.cookie)).find((s) => s.id === second.id)!
    expect(unchanged).toMatchObject({ state: 'rejected', hookText: second.hookText, videoId: second.videoId })
    await save(me.cookie, settings(me.accountId, { enabled: false, approvedOrEdited: 'replace' }))
  }, 300_000)
})

describe('Run Now', () => {
  it('makes one post now and publishes it once, even when clicked twice at once', async () => {
    world.resetClock()
    const me = await person()
    // No posting day in the next three: saving plans nothing, so Run Now's post is the only one.
    await save(
      me.cookie,
      settings(me.accountId, { reviewBeforePosting: false, days: [weekdayOf(addDays(today(), 3))] }),
    )
    const clicks = await Promise.all([
      inject(server, 'POST', '/api/automation/run-now', me.cookie),
      inject(server, 'POST', '/api/automation/run-now', me.cookie),
    ])
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(clicks.find((r) => r.statusCode === 409)!.json().message).toBe(AUTOMATION_MESSAGES.runNowBusy)
    const ran = parse(clicks.find((r) => r.statusCode === 200)!.json())
    expect(ran.runs[0]).toMatchObject({
      trigger: 'run_now',
      summary: 'Made 1 post now: it is posted as soon as its video is ready',
    })
    const [made] = ran.runs[0]!.slots
    expect(Math.abs(Date.parse(made!.scheduledAt) - Date.now())).toBeLessThan(60_000)

    const [posted] = await settle(me.cookie, (s) => s.state === 'posted', 1)
    expect(posted!.id).toBe(made!.id)
    const sent = await sandboxVideos(sandbox, me.openId)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.title).toContain(posted!.hookText)
    // Gone out: it cannot get a new hook, and nothing changes.
    const late = await regenerate(me.cookie, posted!.id)
    expect([late.statusCode, late.json().message]).toEqual([409, MESSAGES.redraftGoneOut])
    expect(slotsOf(await overview(me.cookie))).toHaveLength(1)
    await save(me.cookie, settings(me.accountId, { enabled: false }))
  }, 300_000)

  it('with review before posting, its post waits for approval, due within the hour, and says so', async () => {
    world.resetClock()
    const me = await person()
    await save(me.cookie, settings(me.accountId, { days: [weekdayOf(addDays(today(), 3))] }))
    const res = await inject(server, 'POST', '/api/automation/run-now', me.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const run = parse(res.json()).runs[0]!
    expect(run.summary).toMatch(/^Made 1 post now for your review: approve it and it goes out at \d\d:\d\d \(UTC\)$/)
    const [draft] = await settle(me.cookie, isDraft, 1)
    const due = Date.parse(draft!.scheduledAt) - Date.now()
    expect(due).toBeGreaterThan(50 * 60_000)
    expect(due).toBeLessThanOrEqual(60 * 60_000)
    expect(await sandboxVideos(sandbox, me.openId)).toEqual([])
    await save(me.cookie, settings(me.accountId, { enabled: false }))
  }, 300_000)
})

describe('saving changed settings', () => {
  it('keeps the posts the person approved or edited unless they choose to replace them', async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), 90)
    setNow(`${day}T08:00:00Z`)
    const me = await person()
    await save(me.cookie, settings(me.accountId))
    const drafts = await settle(me.cookie, isDraft, 3)
    const byDay = (d: string) => drafts.find((s) => s.scheduledAt.startsWith(d))!
    const [approved, edited, untouched] = [byDay(day), byDay(addDays(day, 1)), byDay(addDays(day, 2))]
    expect((await inject(server, 'POST', `/api/posts/${approved.postId}/approve`, me.cookie)).statusCode).toBe(200)
    const patch = await inject(server, 'PATCH', `/api/posts/${edited.postId}`, me.cookie, { title: 'My own words' })
    expect(patch.statusCode, patch.body).toBe(200)
    expect(slotsOf(await overview(me.cookie)).map((s) => [s.id, s.approved, s.edited])).toEqual(
      expect.arrayContaining([
        [approved.id, true, false],
        [edited.id, false, true],
        [untouched.id, false, false],
      ]),
    )

    // Changed settings, nothing said: the approved and edited posts stay; only the untouched one is planned again.
    const kept = await save(me.cookie, settings(me.accountId, { tone: 'humorous' }))
    const states = new Map(slotsOf(kept).map((s) => [s.id, s.state]))
    expect([states.get(approved.id), states.get(edited.id), states.get(untouched.id)]).toEqual([
      'scheduled',
      'draft',
      'cancelled',
    ])
    expect(await getPost(me.cookie, edited.postId!)).toMatchObject({ state: 'draft', title: 'My own words' })
    expect(kept.runs[0]!.trigger).toBe('settings')
    expect(kept.runs[0]!.slots.map((s) => s.scheduledAt.slice(0, 10))).toEqual([addDays(day, 2)])

    // Told to replace them: every post not gone out is cancelled and the three days are planned again.
    const replaced = await save(me.cookie, settings(me.accountId, { tone: 'informative', approvedOrEdited: 'replace' }))
    const old = slotsOf(replaced).filter((s) => [approved.id, edited.id].includes(s.id))
    expect(old.map((s) => s.state)).toEqual(['cancelled', 'cancelled'])
    expect(replaced.runs[0]!.slots).toHaveLength(3)
    const res = await inject(server, 'GET', `/api/posts/${approved.postId}`, me.cookie)
    expect(res.statusCode).toBe(404)
    await save(me.cookie, settings(me.accountId, { enabled: false, approvedOrEdited: 'replace' }))
  }, 360_000)
})
