import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createdVideoResponseSchema,
  libraryListSchema,
  MESSAGES,
  OVERLAY_DEFAULTS,
  SLIDESHOW_CATEGORY,
  slideshowResponseSchema,
  useLibraryItemResponseSchema,
  type AutomationSettingsInput,
  type LibraryItem,
  type Slideshow,
} from '@hookpost/shared'
import { getStoredFile, inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * Slideshows in the Library (issue 29) over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the
 * real job queue, canvas and ffmpeg: a slideshow is listed among the person's videos (cover, slide count, whether it
 * is a video), is refused as a video until it is exported (409 saying how), is its MP4 once exported, and is nobody
 * else's to see or use.
 */
let server: TestServer
let fixtureDir: string
let clip: string

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'library-slideshows-int-'))
  clip = path.join(fixtureDir, 'clip.mp4')
  await makeVideo(clip, { seconds: 1.5, width: 360, height: 640 })
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

async function person() {
  const { cookie, userId } = await signUp(server)
  const mediaId = await storeMedia(server, userId, clip, { durationMs: 1_500, width: 360, height: 640 })
  return { cookie, userId, mediaId }
}

async function library(cookie: string): Promise<LibraryItem[]> {
  const res = await inject(server, 'GET', '/api/library', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return libraryListSchema.parse(res.json()).videos
}

const use = (cookie: string, itemId: string) => inject(server, 'POST', '/api/library/use', cookie, { itemId })

/** Automation's Video Selection saved (switched off: nothing is planned) with one Library item. */
function rotate(cookie: string, itemId: string) {
  const body: AutomationSettingsInput = {
    enabled: false,
    hookConcept: 'random',
    tone: 'random',
    mustInclude: [],
    mayInclude: [],
    days: [],
    postsPerDay: 1,
    windowStart: '10:00',
    windowEnd: '12:00',
    videoIds: [itemId],
    accountId: null,
    postSettings: { privacyLevel: null, allowComment: true, allowDuet: false, allowStitch: false },
  }
  return inject(server, 'PUT', '/api/automation', cookie, body)
}

/** A slideshow of stills of the person's clip, one overlay per slide, rendered. */
async function renderedSlideshow(
  owner: { cookie: string; mediaId: string },
  title: string,
  texts: string[],
  coverIndex = 0,
): Promise<Slideshow> {
  const res = await inject(server, 'POST', '/api/slideshows', owner.cookie, {
    title,
    coverIndex,
    slides: texts.map((text, i) => ({
      source: { kind: 'clip', mediaId: owner.mediaId, atMs: 300 * i },
      overlays: [{ ...OVERLAY_DEFAULTS, id: `t${i}`, text }],
    })),
  })
  expect(res.statusCode, res.body).toBe(201)
  return settled(
    owner.cookie,
    slideshowResponseSchema.parse(res.json()).slideshow.id,
    (s) => s.state !== 'queued' && s.state !== 'rendering',
  )
}

function settled(cookie: string, id: string, done: (s: Slideshow) => boolean): Promise<Slideshow> {
  return eventually(async () => {
    const res = await inject(server, 'GET', `/api/slideshows/${id}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    const found = slideshowResponseSchema.parse(res.json()).slideshow
    return done(found) ? found : undefined
  }, 90_000)
}

describe('slideshows in the library', () => {
  it('lists the person’s slideshows newest first: cover slide, title, slide count, not a video until exported', async () => {
    const me = await person()
    const first = await renderedSlideshow(me, 'Morning routine', ['Three habits', 'Coffee first', 'Then a walk'], 1)
    expect(first.state, first.errorMessage ?? '').toBe('processed')
    const second = await renderedSlideshow(me, 'Evening routine', ['Wind down'])

    const items = (await library(me.cookie)).filter((item) => item.slideshow !== null)
    expect(items.map((item) => item.title)).toEqual(['Evening routine', 'Morning routine'])
    expect(items[1]).toEqual({
      id: `slideshow:${first.id}`,
      title: 'Morning routine',
      description: 'Three habits · Coffee first · Then a walk',
      category: SLIDESHOW_CATEGORY,
      thumbnailUrl: first.slides[1]!.imageUrl,
      videoUrl: null,
      duration: null,
      width: 1080,
      height: 1920,
      isUserContent: true,
      slideshow: { id: first.id, slideCount: 3, exportState: 'none' },
    })
    expect(items[0]).toMatchObject({ id: `slideshow:${second.id}`, slideshow: { slideCount: 1 } })
    // The thumbnail is the rendered cover slide, a 1080×1920 JPEG of the person's.
    const cover = await getStoredFile(server, items[1]!.thumbnailUrl, me.cookie)
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['content-type']).toContain('image/jpeg')

    // Nobody else sees them.
    const other = await person()
    expect((await library(other.cookie)).some((item) => item.slideshow !== null)).toBe(false)
  })

  it('refuses a slideshow not exported as a video with how to get one (409), and someone else’s (404)', async () => {
    const me = await person()
    const show = await renderedSlideshow(me, 'Not a video yet', ['Hook'])
    const refused = await use(me.cookie, `slideshow:${show.id}`)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.librarySlideshowNotExported })

    const other = await person()
    for (const itemId of [`slideshow:${show.id}`, `slideshow:${crypto.randomUUID()}`, 'slideshow:not-a-uuid']) {
      const res = await use(other.cookie, itemId)
      expect(res.statusCode, itemId).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.libraryItemNotFound })
    }
  })

  it('an exported slideshow is chosen like any video: its MP4, which a created video takes as its source', async () => {
    const me = await person()
    const other = await person()
    const show = await renderedSlideshow(me, 'Export me', ['One', 'Two'])
    // Automation rotates videos: not this slideshow yet.
    expect((await rotate(me.cookie, `slideshow:${show.id}`)).statusCode).toBe(400)
    const exporting = await inject(server, 'POST', `/api/slideshows/${show.id}/export`, me.cookie, {
      secondsPerSlide: 1,
    })
    expect(exporting.statusCode, exporting.body).toBe(200)
    // The export was only queued a moment ago: its video cannot be there yet.
    const early = await use(me.cookie, `slideshow:${show.id}`)
    expect(early.statusCode, early.body).toBe(409)
    expect(early.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.librarySlideshowExporting })

    const done = await settled(me.cookie, show.id, (s) => s.export.state === 'processed' || s.export.state === 'failed')
    expect(done.export.state, done.export.errorMessage ?? '').toBe('processed')
    const item = (await library(me.cookie)).find((i) => i.id === `slideshow:${show.id}`)
    expect(item).toMatchObject({
      videoUrl: `/api/media/${done.export.mediaId}/file`,
      duration: expect.closeTo(2, 0) as number,
      width: 1080,
      height: 1920,
      slideshow: { exportState: 'processed', slideCount: 2 },
    })
    expect((await getStoredFile(server, item!.videoUrl!, me.cookie)).statusCode).toBe(200)

    expect((await rotate(me.cookie, `slideshow:${show.id}`)).statusCode).toBe(200)
    const chosen = await use(me.cookie, `slideshow:${show.id}`)
    expect(chosen.statusCode, chosen.body).toBe(200)
    const media = useLibraryItemResponseSchema.parse(chosen.json()).media
    expect(media).toMatchObject({ id: done.export.mediaId, width: 1080, height: 1920 })
    const created = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'From my slideshow',
      sourceMediaId: media.id,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(createdVideoResponseSchema.parse(created.json()).video.source).toMatchObject({ mediaId: media.id })

    // Still nobody else's, exported or not.
    expect((await use(other.cookie, `slideshow:${show.id}`)).statusCode).toBe(404)
    expect((await library(other.cookie)).some((i) => i.id === `slideshow:${show.id}`)).toBe(false)

    // Deleted, it leaves the Library; its MP4 stays in the person's media (ADR 039).
    expect((await inject(server, 'DELETE', `/api/slideshows/${show.id}`, me.cookie)).statusCode).toBe(204)
    expect((await library(me.cookie)).some((i) => i.id === `slideshow:${show.id}`)).toBe(false)
    expect((await use(me.cookie, `slideshow:${show.id}`)).statusCode).toBe(404)
    expect((await inject(server, 'GET', `/api/media/${media.id}`, me.cookie)).statusCode).toBe(200)
  })
})
