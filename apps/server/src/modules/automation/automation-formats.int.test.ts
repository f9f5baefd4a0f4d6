import { beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import {
  addDays,
  automationOverviewSchema,
  AUTOMATION_MESSAGES,
  calendarPostListSchema,
  generateImageResponseSchema,
  HOOK_OVERLAY_DEFAULTS,
  INBOX_PENDING_CAP,
  OVERLAY_DEFAULTS,
  postSchema,
  saveImageResponseSchema,
  type AutomationOverview,
  type AutomationSettingsInput,
} from '@hookpost/shared'
import { automationSlot, photoSet, post, postHook, slideshow } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { eventually, type TestServer } from '../../testing/test-runtime'
import type { TestSandbox } from '../../testing/tiktok-sandbox'
import { useAutomationWorld } from './testing/automation-world'
import { connectCreator } from '../publishing/testing/publishing-test-kit'

/**
 * Automation formats and drafts (issue 29) end to end on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): slideshow automations draw backgrounds from the chosen gallery images, render a real photo set
 * and schedule a photo post; "send as drafts" schedules inbox posts. The clock is moved to a day 50 days ahead.
 */
const world = useAutomationWorld({ automationSeed: () => 7, automation: { renderPollSeconds: 1 } })
const { setNow } = world
let server: TestServer
let sandbox: TestSandbox
beforeAll(() => {
  ;({ server, sandbox } = world)
})

const db = () => server.runtime.database.db
const D = addDays(new Date().toISOString().slice(0, 10), 50)

async function person() {
  const { cookie, userId } = await signUp(server)
  const { open_id: openId } = await sandbox.createCreator({})
  const accountId = await connectCreator(server, sandbox, cookie, openId)
  const described = await inject(server, 'PATCH', `/api/tiktok/accounts/${accountId}`, cookie, {
    targetAudience: 'Busy parents',
    niche: 'Meal prep',
    appGoals: 'Grow the cooking channel',
  })
  expect(described.statusCode, described.body).toBe(200)
  return { cookie, userId, accountId }
}

/** `n` images in the person's gallery (the offline image card, saved). */
async function galleryImages(cookie: string, n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const made = await inject(server, 'POST', '/api/generate?type=image', cookie, {
      prompt: `Meal prep photo ${i + 1}`,
      style: 'selfie',
    })
    expect(made.statusCode, made.body).toBe(200)
    const image = generateImageResponseSchema.parse(made.json()).image!
    const saved = await inject(server, 'POST', '/api/save-image', cookie, { imageId: image.id })
    expect(saved.statusCode, saved.body).toBe(200)
    ids.push(saveImageResponseSchema.parse(saved.json()).image.id)
  }
  return ids
}

function settings(accountId: string, overrides: Partial<AutomationSettingsInput> = {}): AutomationSettingsInput {
  return {
    enabled: true,
    hookConcept: 'random',
    tone: 'random',
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    postsPerDay: 1,
    windowStart: '10:00',
    windowEnd: '12:00',
    videoIds: ['stock:feature-tour'],
    accountId,
    postSettings: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: false, allowStitch: false },
    ...overrides,
  }
}

const put = (cookie: string, body: unknown) => inject(server, 'PUT', '/api/automation', cookie, body)
async function save(cookie: string, body: unknown): Promise<AutomationOverview> {
  const res = await put(cookie, body)
  expect(res.statusCode, res.body).toBe(200)
  return automationOverviewSchema.parse(res.json())
}
async function overview(cookie: string): Promise<AutomationOverview> {
  const res = await inject(server, 'GET', '/api/automation', cookie)
  return automationOverviewSchema.parse(res.json())
}
const allSlots = (o: AutomationOverview) => o.runs.flatMap((r) => r.slots)

/** Every slot settled (scheduled, failed or in the inbox), within a few minutes of renders. */
function settled(cookie: string, count: number) {
  return eventually(async () => {
    const slots = allSlots(await overview(cookie))
    return slots.length === count && slots.every((s) => !['preparing', 'rendering'].includes(s.state))
      ? slots
      : undefined
    // Fifteen renders on two cores shared with the other test files of the tier: minutes, at worst.
  }, 300_000)
}

/** The automation's posts of the 7 days from `day` on. */
async function automationPosts(cookie: string, day: string) {
  const from = `${day}T00:00:00.000Z`
  const to = `${addDays(day, 7)}T00:00:00.000Z`
  const res = await inject(server, 'GET', `/api/posts?from=${from}&to=${to}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  const listed = calendarPostListSchema.parse(res.json()).posts.filter((p) => p.source === 'automation')
  return Promise.all(
    listed.map(async (p) => postSchema.parse((await inject(server, 'GET', `/api/posts/${p.id}`, cookie)).json().post)),
  )
}

describe('automation settings: formats and drafts', () => {
  it('defaults to videos posted directly, and keeps format, drafts, images and slides per post', async () => {
    const me = await person()
    expect((await overview(me.cookie)).settings).toMatchObject({
      format: 'video',
      sendAsDrafts: false,
      slideshowImageIds: [],
      slidesPerPost: 3,
    })
    const images = await galleryImages(me.cookie, 2)
    const body = settings(me.accountId, {
      enabled: false,
      format: 'alternate',
      slideshowImageIds: images,
      slidesPerPost: 4,
      sendAsDrafts: true,
    })
    expect((await save(me.cookie, body)).settings).toMatchObject({
      format: 'alternate',
      slideshowImageIds: images,
      slidesPerPost: 4,
      sendAsDrafts: true,
    })
    expect((await overview(me.cookie)).settings).toMatchObject({ format: 'alternate', slideshowImageIds: images })
  })

  it('refuses slideshows without images, and another person’s image, with messages on the field', async () => {
    const me = await person()
    const other = await signUp(server)
    const theirs = await galleryImages(other.cookie, 1)
    const empty = await put(me.cookie, settings(me.accountId, { format: 'slideshow', videoIds: [] }))
    expect(empty.statusCode).toBe(400)
    expect(empty.json().details).toEqual([
      { path: 'slideshowImageIds', message: AUTOMATION_MESSAGES.slideshowImagesRequired },
    ])
    const foreign = await put(me.cookie, settings(me.accountId, { format: 'slideshow', slideshowImageIds: theirs }))
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().details).toEqual([
      { path: 'slideshowImageIds', message: 'A selected image is no longer in your gallery' },
    ])
    // Drafts need no privacy; direct posts do.
    const noPrivacy = {
      postSettings: { privacyLevel: null, allowComment: false, allowDuet: false, allowStitch: false },
    }
    expect((await put(me.cookie, settings(me.accountId, { enabled: false, ...noPrivacy }))).statusCode).toBe(200)
    expect((await put(me.cookie, settings(me.accountId, noPrivacy))).statusCode).toBe(400)
  })
})

describe('automation runs: slideshows and drafts', () => {
  it('a slideshow automation schedules photo posts: the hook on slide 1, points, a call to action, rotated images', async () => {
    setNow(`${D}T08:00:00Z`)
    const me = await person()
    const images = await galleryImages(me.cookie, 6)
    const saved = await save(
      me.cookie,
      settings(me.accountId, { format: 'slideshow', videoIds: [], slideshowImageIds: images, slidesPerPost: 2 }),
    )
    // Today and the next two days, one post each.
    expect(saved.runs[0]!.slots).toHaveLength(3)
    const slots = await settled(me.cookie, 3)
    for (const slot of slots) expect(slot, slot.errorMessage ?? '').toMatchObject({ state: 'scheduled' })
    expect(slots.every((s) => s.format === 'slideshow' && !s.sendAsDraft && s.slideshowId)).toBe(true)

    const posts = await automationPosts(me.cookie, D)
    expect(posts).toHaveLength(3)
    const used: string[][] = []
    for (const slot of slots) {
      const p = posts.find((x) => x.id === slot.postId)!
      expect(p).toMatchObject({ format: 'photo', postMode: 'direct', state: 'scheduled', privacyLevel: 'SELF_ONLY' })
      // The hook slide, 2 points and the call to action: 4 JPEGs in the photo set the post sends.
      expect(p.photos).toMatchObject({ count: 4, slideshowId: slot.slideshowId })
      const [row] = await db().select().from(post).where(eq(post.id, p.id))
      const [set] = await db().select().from(photoSet).where(eq(photoSet.id, row!.photoSetId!))
      expect(set!.images).toHaveLength(4)
      expect(set!.images.every((i) => i.width === 1080 && i.height === 1920)).toBe(true)
      const [show] = await db().select().from(slideshow).where(eq(slideshow.id, slot.slideshowId!))
      expect(show!.slides[0]!.overlays[0]).toMatchObject({ text: slot.hookText, ...HOOK_OVERLAY_DEFAULTS })
      expect(show!.slides[3]!.overlays[0]).toMatchObject(OVERLAY_DEFAULTS)
      const backgrounds = show!.slides.map((s) => (s.source.kind === 'image' ? s.source.imageId : ''))
      expect(new Set(backgrounds).size).toBe(4)
      used.push(backgrounds)
      // The hook is recorded for the leaderboard as for videos.
      const [hook] = await db().select().from(postHook).where(eq(postHook.postId, p.id))
      expect(hook).toMatchObject({ hookText: slot.hookText })
    }
    // Least recently used first: the second post starts with the two images the first did not use.
    const bySlot = slots.map((s, i) => ({ at: s.scheduledAt, bg: used[i]! })).sort((a, b) => a.at.localeCompare(b.at))
    expect(bySlot[1]!.bg.slice(0, 2).sort()).toEqual(images.filter((id) => !bySlot[0]!.bg.includes(id)).sort())

    // Regenerate (ADR 050): a new hook slide and a new photo set on the same post, which waits for approval.
    const first = slots[0]!
    const res = await inject(server, 'POST', `/api/automation/slots/${first.id}/regenerate`, me.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const redone = await eventually(async () => {
      const s = allSlots(await overview(me.cookie)).find((x) => x.id === first.id)
      return s && !s.regenerating && s.state === 'draft' ? s : undefined
    }, 180_000)
    expect(redone.hookText).not.toBe(first.hookText)
    expect(redone.slideshowId).not.toBe(first.slideshowId)
    const [redrafted] = await db().select().from(post).where(eq(post.id, first.postId!))
    expect(redrafted).toMatchObject({ state: 'draft', scheduledAt: new Date(first.scheduledAt) })
    const [show] = await db().select().from(slideshow).where(eq(slideshow.id, redone.slideshowId!))
    expect(redrafted!.photoSetId).toBe(show!.photoSetId)
    expect(show!.slides[0]!.overlays[0]).toMatchObject({ text: redone.hookText })
    // The slideshow it replaced is gone.
    expect(await db().select().from(slideshow).where(eq(slideshow.id, first.slideshowId!))).toEqual([])
  }, 420_000)

  it('send as drafts: alternate video and slideshow posts go to the TikTok inbox; past the cap a post fails with why', async () => {
    setNow(`${addDays(D, 10)}T08:00:00Z`)
    const me = await person()
    const images = await galleryImages(me.cookie, 3)
    const saved = await save(
      me.cookie,
      settings(me.accountId, {
        format: 'alternate',
        slideshowImageIds: images,
        slidesPerPost: 1,
        sendAsDrafts: true,
        postsPerDay: INBOX_PENDING_CAP,
        windowStart: '10:00',
        windowEnd: '23:00',
        postSettings: { privacyLevel: null, allowComment: false, allowDuet: false, allowStitch: false },
      }),
    )
    const planned = saved.runs[0]!.slots.length
    expect(planned).toBe(3 * INBOX_PENDING_CAP)
    const slots = await settled(me.cookie, planned)
    // By turns, per account, in time order: a video first.
    const inOrder = [...slots].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
    expect(inOrder.slice(0, 4).map((s) => s.format)).toEqual(['video', 'slideshow', 'video', 'slideshow'])
    expect(slots.every((s) => s.sendAsDraft)).toBe(true)

    const posts = await automationPosts(me.cookie, addDays(D, 10))
    expect(posts.length).toBeGreaterThanOrEqual(INBOX_PENDING_CAP)
    for (const p of posts) expect(p).toMatchObject({ postMode: 'inbox', state: 'scheduled' })
    expect(new Set(posts.map((p) => p.format))).toEqual(new Set(['video', 'photo']))
    // No 24 hours hold more than TikTok's 5 drafts: the ones that would are failed, saying why.
    const refused = slots.filter((s) => s.state === 'failed')
    expect(refused.length).toBeGreaterThan(0)
    for (const s of refused) expect(s.errorMessage).toMatch(/at most 5 drafts/)
    expect(posts.length + refused.length).toBe(planned)
    const rows = await db()
      .select()
      .from(automationSlot)
      .where(
        inArray(
          automationSlot.id,
          slots.map((s) => s.id),
        ),
      )
    expect(rows.every((r) => r.postMode === 'inbox' && r.privacyLevel === null)).toBe(true)
  }, 420_000)
})
