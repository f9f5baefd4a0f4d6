import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  addDays,
  AUTOMATION_MESSAGES,
  instantToZoned,
  tiktokCaption,
  type AutomationSettingsInput,
} from '@hookpost/shared'
import { automationSlot, createdVideo, post } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { eventually, type TestServer } from '../../testing/test-runtime'
import type { TestSandbox } from '../../testing/tiktok-sandbox'
import { useAutomationIntWorld } from './testing/automation-int-kit'
import { sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { weekdayOf } from '@hookpost/shared'

/**
 * The automation end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with real renders of
 * the Library's stock clips and the TikTok sandbox over HTTP. The clock is moved: planning happens on days chosen by
 * the test, and the posts of the last test are due in the past, so they publish as soon as the clock says so.
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

describe('automation settings', () => {
  it('shows the spec’s defaults before anything is saved', async () => {
    const me = await signUp(server)
    const { settings: s, runs } = await overview(me.cookie)
    expect(s).toMatchObject({
      enabled: false,
      days: ['monday', 'wednesday', 'friday'],
      postsPerDay: 3,
      windowStart: '10:00',
      windowEnd: '18:00',
      hookConcept: 'random',
      tone: 'random',
      accountId: null,
      videoIds: [],
      postSettings: { privacyLevel: null },
      timeZone: 'UTC',
      updatedAt: null,
    })
    expect(runs).toEqual([])
  })

  it('refuses to enable without an account, videos, days, privacy or a window that fits, in the spec’s words', async () => {
    const me = await signUp(server)
    const cases: [Partial<AutomationSettingsInput>, string, string][] = [
      [{ accountId: null }, 'accountId', AUTOMATION_MESSAGES.accountRequired],
      [{ videoIds: [] }, 'videoIds', AUTOMATION_MESSAGES.videosRequired],
      [{ days: [] }, 'days', AUTOMATION_MESSAGES.daysRequired],
      [{ windowStart: '18:00', windowEnd: '10:00' }, 'windowEnd', AUTOMATION_MESSAGES.endAfterStart],
      [
        { postsPerDay: 5, windowStart: '10:00', windowEnd: '11:00' },
        'windowEnd',
        'Not enough time between start and end for 5 posts',
      ],
      [
        { postSettings: { privacyLevel: null, allowComment: true, allowDuet: true, allowStitch: true } },
        'postSettings.privacyLevel',
        AUTOMATION_MESSAGES.privacyRequired,
      ],
      [{ exampleHooks: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'exampleHooks', AUTOMATION_MESSAGES.exampleHooksMax],
      [{ exampleHooks: ['  '] }, 'exampleHooks.0', AUTOMATION_MESSAGES.exampleHookBlank],
      [{ hookConcept: 'other' }, 'customConcept', AUTOMATION_MESSAGES.customConceptRequired],
    ]
    for (const [overrides, path, message] of cases) {
      const res = await inject(
        server,
        'PUT',
        '/api/automation',
        me.cookie,
        settings('00000000-0000-4000-8000-000000000000', overrides),
      )
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400)
      expect(res.json().details).toContainEqual({ path, message })
    }
    // Nothing was saved.
    expect((await overview(me.cookie)).settings.updatedAt).toBeNull()
    // Disabled, the missing pieces are fine (saved for later).
    const off = await save(me.cookie, settings('', { enabled: false, accountId: null, videoIds: [], days: [] }))
    expect(off.settings).toMatchObject({ enabled: false, accountId: null, days: [] })
    expect(off.runs).toEqual([])
  })

  it('another person’s account is 404, and Run Now says why it cannot run', async () => {
    const me = await person()
    const other = await signUp(server)
    const res = await inject(server, 'PUT', '/api/automation', other.cookie, settings(me.accountId))
    expect(res.statusCode, res.body).toBe(404)
    const run = await inject(server, 'POST', '/api/automation/run-now', other.cookie)
    expect(run.statusCode).toBe(400)
    expect(run.json().message).toBe(AUTOMATION_MESSAGES.disabled)
  })
})

describe('planning, rendering and scheduling', () => {
  // A day well ahead of the real one: the posts planned here are never due during the test.
  const D = addDays(new Date().toISOString().slice(0, 10), 40)

  it('enable → the coming days’ posts exist with hooks and rendered videos; planning again adds nothing', async () => {
    setNow(`${D}T08:00:00Z`)
    const me = await person()
    const saved = await save(me.cookie, settings(me.accountId))
    expect(saved.settings).toMatchObject({ enabled: true, accountId: me.accountId, timeZone: 'UTC' })
    const [run] = saved.runs
    expect(run).toMatchObject({ trigger: 'settings' })
    // Today and the next two days, two posts each, inside 10:00–12:00, at least 30 minutes apart.
    expect(run!.slots).toHaveLength(6)
    const byDay = new Map<string, Date[]>()
    for (const slot of run!.slots) {
      const at = new Date(slot.scheduledAt)
      const { date, time } = instantToZoned(at, 'UTC')
      expect(time >= '10:00' && time <= '12:00', time).toBe(true)
      byDay.set(date, [...(byDay.get(date) ?? []), at])
      expect(slot.hookText.trim()).not.toBe('')
      expect(slot.title.trim()).not.toBe('')
    }
    expect([...byDay.keys()].sort()).toEqual([D, addDays(D, 1), addDays(D, 2)])
    for (const times of byDay.values()) {
      expect(times).toHaveLength(2)
      expect(Math.abs(times[1]!.getTime() - times[0]!.getTime())).toBeGreaterThanOrEqual(30 * 60_000)
    }
    // The two videos take turns (least recently used first).
    const sources = run!.slots.map((s) => s.sourceTitle)
    expect(new Set(sources).size).toBe(2)
    expect(run!.summary).toMatch(/^Planned 6 posts: /)

    // Each renders with its hook as a centred white 32 px bold overlay, then its post is scheduled.
    const done = await eventually(async () => {
      const o = await overview(me.cookie)
      const slots = allSlots(o)
      return slots.length === 6 && slots.every((s) => s.state === 'scheduled') ? slots : undefined
    }, 180_000)
    for (const slot of done) {
      const [video] = await db().select().from(createdVideo).where(eq(createdVideo.id, slot.videoId!))
      expect(video).toMatchObject({ state: 'processed', userId: me.userId })
      expect(video!.textOverlays).toEqual([
        expect.objectContaining({
          text: slot.hookText,
          position: 'center',
          color: '#ffffff',
          fontSize: 96,
          fontWeight: 'bold',
        }),
      ])
    }
    const scheduled = await automationPosts(me.cookie)
    expect(scheduled).toHaveLength(6)
    expect(scheduled.map((p) => p.scheduledAt).sort()).toEqual(done.map((s) => s.scheduledAt).sort())
    for (const p of scheduled)
      expect(p).toMatchObject({ state: 'scheduled', privacyLevel: 'SELF_ONLY', timeZone: 'UTC' })
    // Every post's public caption: the hook line and a caption with hashtags, never the private description.
    for (const slot of done) {
      const p = scheduled.find((x) => x.id === slot.postId)!
      const caption = tiktokCaption(p.title, p.description)
      expect(caption).toContain(slot.hookText)
      expect(caption).toMatch(/#\p{L}/u)
      expect(caption.length).toBeLessThanOrEqual(2200)
      expect([slot.title, slot.description]).toEqual([p.title, p.description])
      expectNoPrivateText(caption)
      expectNoPrivateText(slot.hookText)
    }

    // The hourly planner, twice, and twice at once: nothing new (the days are planned).
    await server.runtime.automation.planAll()
    await Promise.all([server.runtime.automation.planAll(), server.runtime.automation.planAll()])
    const again = await overview(me.cookie)
    expect(again.runs).toHaveLength(1)
    expect(allSlots(again)).toHaveLength(6)

    // A day later the next day is planned once, even by two planners at once.
    setNow(`${addDays(D, 1)}T08:00:00Z`)
    await Promise.all([server.runtime.automation.planAll(), server.runtime.automation.planAll()])
    const next = await overview(me.cookie)
    expect(next.runs).toHaveLength(2)
    expect(next.runs[0]).toMatchObject({ trigger: 'daily' })
    expect(next.runs[0]!.slots).toHaveLength(2)
    expect(instantToZoned(new Date(next.runs[0]!.slots[0]!.scheduledAt), 'UTC').date).toBe(addDays(D, 3))
    const slotRows = await db().select().from(automationSlot).where(eq(automationSlot.userId, me.userId))
    expect(slotRows).toHaveLength(8)

    // Turning it off cancels everything that has not gone out: posts, their jobs and their videos.
    const off = await save(me.cookie, settings(me.accountId, { enabled: false }))
    expect(allSlots(off).every((s) => s.state === 'cancelled')).toBe(true)
    expect(await automationPosts(me.cookie)).toEqual([])
    const videos = await db().select().from(createdVideo).where(eq(createdVideo.userId, me.userId))
    expect(videos).toEqual([])
    const jobs = await db()
      .select({ id: post.id })
      .from(post)
      .where(and(eq(post.userId, me.userId), eq(post.source, 'automation')))
    expect(jobs).toEqual([])
  }, 300_000)

  it('does not plan past TikTok’s daily cap: a slot with 15 posts in the 24 h before it says why', async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), 50)
    setNow(`${day}T07:00:00Z`)
    const me = await person()
    // Fifteen posts of the account already that morning (made by hand, through the calendar).
    await db()
      .insert(post)
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          userId: me.userId,
          accountId: me.accountId,
          title: `Morning post ${i + 1}`,
          privacyLevel: 'SELF_ONLY' as const,
          disableComment: false,
          disableDuet: false,
          disableStitch: false,
          scheduledAt: new Date(`${day}T09:${String(i).padStart(2, '0')}:00Z`),
          timeZone: 'UTC',
        })),
      )
    const saved = await save(me.cookie, settings(me.accountId, { postsPerDay: 1 }))
    const [today, tomorrow] = saved.runs[0]!.slots
    expect(instantToZoned(new Date(today!.scheduledAt), 'UTC').date).toBe(day)
    expect(today).toMatchObject({
      state: 'failed',
      errorMessage:
        'TikTok allows about 15 posts a day per account; this account already has 15 in the 24 hours before this time',
    })
    // The next day's post is 24 h clear of them.
    expect(instantToZoned(new Date(tomorrow!.scheduledAt), 'UTC').date).toBe(addDays(day, 1))
    expect(tomorrow!.state).not.toBe('failed')
    expect(saved.runs[0]!.summary).toMatch(/; 1 post could not be planned$/)
    await save(me.cookie, settings(me.accountId, { enabled: false }))
  }, 60_000)

  it('the planned posts publish to the sandbox when they are due, and the history says posted', async () => {
    // Planned on a day in the past (the clock says so), then the clock catches up: the posts are due.
    const real = new Date()
    const day = addDays(real.toISOString().slice(0, 10), -2)
    setNow(`${day}T06:00:00Z`)
    const me = await person()
    const saved = await save(
      me.cookie,
      settings(me.accountId, { days: [weekdayOf(day)], postsPerDay: 1, windowStart: '08:00', windowEnd: '09:00' }),
    )
    expect(saved.runs[0]!.slots).toHaveLength(1)
    const [slot] = saved.runs[0]!.slots
    await eventually(async () => {
      const s = allSlots(await overview(me.cookie))[0]
      return s?.state === 'scheduled' ? s : undefined
    }, 60_000)
    // Its time has come in real time but not yet by the clock: nothing is sent.
    expect(await sandboxVideos(sandbox, me.openId)).toEqual([])

    world.resetClock()
    await server.runtime.publishing.sweep()
    const posted = await eventually(async () => {
      const s = allSlots(await overview(me.cookie))[0]
      return s?.state === 'posted' ? s : undefined
    }, 60_000)
    expect(posted.id).toBe(slot!.id)
    const [sent] = await sandboxVideos(sandbox, me.openId)
    expect(sent).toMatchObject({ privacy_level: 'SELF_ONLY', disable_comment: false, disable_duet: true })
    // TikTok received the post's caption: the hook, a caption, hashtags; never the private description.
    const [published] = await automationPosts(me.cookie)
    expect(sent!.title).toBe(tiktokCaption(published!.title, published!.description))
    expect(sent!.title).toContain(posted.hookText)
    expectNoPrivateText(sent!.title)
    expect(await sandboxVideos(sandbox, me.openId)).toHaveLength(1)

    // Turning it off now leaves what went out alone.
    const off = await save(me.cookie, settings(me.accountId, { enabled: false }))
    expect(allSlots(off)[0]).toMatchObject({ state: 'posted' })
    expect((await automationPosts(me.cookie))[0]).toMatchObject({ state: 'uploaded' })
  }, 300_000)
})
