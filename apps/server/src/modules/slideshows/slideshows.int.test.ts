import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import {
  OUTPUT_FRAME,
  slideshowListSchema,
  slideshowResponseSchema,
  SLIDESHOW_MESSAGES,
  type Slideshow,
  writeSlideshowResponseSchema,
} from '@hookpost/shared'
import { aiImage, photoSet, post, slideshow, tiktokAccount } from '../../db/schema'
import { renderOverlayImage } from '../../integrations/ffmpeg/render'
import { runFfprobe } from '../../integrations/ffmpeg/inspect'
import { getStoredFile, inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * Slideshows end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the real job queue, canvas
 * and ffmpeg: create → photo set of 1080×1920 JPEGs with the hook drawn; edit → a new photo set, the old one kept for
 * the post that sends it; another person's things → 404; bad input → the schema's words; export → an MP4.
 */
let server: TestServer
let fixtureDir: string
let clip: string

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'slideshows-int-'))
  clip = path.join(fixtureDir, 'clip.mp4')
  await makeVideo(clip, { seconds: 1.5, width: 360, height: 640 })
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
  rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db
const BACKGROUND = '#2050a0'

/** A plain-coloured PNG in the person's gallery (as an upload leaves it). */
async function galleryImage(userId: string, size = { width: 800, height: 1000 }): Promise<string> {
  const canvas = createCanvas(size.width, size.height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = BACKGROUND
  ctx.fillRect(0, 0, size.width, size.height)
  const data = await canvas.encode('png')
  const id = crypto.randomUUID()
  const storageKey = `${userId}/${id}.png`
  await server.runtime.mediaStorage.write(storageKey, data)
  await db()
    .insert(aiImage)
    .values({
      id,
      userId,
      origin: 'uploaded',
      prompt: '',
      style: 'selfie',
      provider: 'upload',
      fallback: false,
      storageKey,
      contentType: 'image/png',
      sizeBytes: data.byteLength,
      ...size,
      savedAt: new Date(),
    })
  return id
}

const hook = {
  version: 2,
  anchor: null,
  style: 'outline',
  startMs: null,
  endMs: null,
  id: 'h1',
  text: 'Three things nobody tells you',
  position: 'center',
  color: '#ffffff',
  fontSize: 120,
  fontWeight: 'bold',
  target: 'both',
} as const

async function person() {
  const { cookie, userId } = await signUp(server)
  const mediaId = await storeMedia(server, userId, clip, { durationMs: 1_500, width: 360, height: 640 })
  const images = [await galleryImage(userId), await galleryImage(userId, { width: 1600, height: 900 })]
  return { cookie, userId, mediaId, images }
}

async function settled(
  cookie: string,
  id: string,
  done = (s: Slideshow) => s.state === 'processed' || s.state === 'failed',
) {
  return eventually(async () => {
    const res = await inject(server, 'GET', `/api/slideshows/${id}`, cookie)
    const found = slideshowResponseSchema.parse(res.json()).slideshow
    return done(found) ? found : undefined
  }, 45_000)
}

async function decode(cookie: string, url: string) {
  const res = await getStoredFile(server, url, cookie)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('image/jpeg')
  return { image: await loadImage(res.rawPayload), bytes: res.rawPayload.byteLength }
}

describe('slideshows', () => {
  it('renders each slide to a 1080×1920 JPEG photo set, the hook drawn on the first', async () => {
    const me = await person()
    const res = await inject(server, 'POST', '/api/slideshows', me.cookie, {
      title: 'Morning routine',
      coverIndex: 1,
      slides: [
        { source: { kind: 'image', imageId: me.images[0] }, overlays: [hook] },
        { source: { kind: 'clip', mediaId: me.mediaId, atMs: 700 }, overlays: [] },
        { source: { kind: 'image', imageId: me.images[1] } },
      ],
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = slideshowResponseSchema.parse(res.json()).slideshow
    expect(created.state).toBe('queued')
    expect(created.slides[1]!.sourceUrl).toBe(`/api/slideshows/stills/${me.mediaId}?atMs=700`)

    const done = await settled(me.cookie, created.id)
    expect(done.state, done.errorMessage ?? '').toBe('processed')
    expect(done.photoSetId).not.toBeNull()
    const [set] = await db().select().from(photoSet).where(eq(photoSet.id, done.photoSetId!))
    expect(set!.images).toHaveLength(3)
    expect(set!.coverIndex).toBe(1)
    expect(set!.slideshowId).toBe(created.id)

    const slides = await Promise.all(done.slides.map((s) => decode(me.cookie, s.imageUrl!)))
    for (const { image, bytes } of slides) {
      expect([image.width, image.height]).toEqual([OUTPUT_FRAME.width, OUTPUT_FRAME.height])
      expect(bytes).toBeLessThan(20 * 1024 * 1024)
    }
    // The hook: inside its layout box, many pixels are far from the plain background; slide 3 (same colour) has none.
    const { layouts } = (await renderOverlayImage([hook]))!
    const box = layouts[0]!.bounds
    const differing = (img: (typeof slides)[number]['image']) => {
      const canvas = createCanvas(OUTPUT_FRAME.width, OUTPUT_FRAME.height)
      const ctx = canvas.getContext('2d')
      ctx.drawImage(img, 0, 0)
      const { data } = ctx.getImageData(
        Math.round(box.left),
        Math.round(box.top),
        Math.round(box.width),
        Math.round(box.height),
      )
      let count = 0
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - 0x20) + Math.abs(data[i + 1]! - 0x50) + Math.abs(data[i + 2]! - 0xa0) > 120) count++
      }
      return count / (data.length / 4)
    }
    expect(differing(slides[0]!.image)).toBeGreaterThan(0.05)
    expect(differing(slides[2]!.image)).toBeLessThan(0.001)

    // The clip slide's preview still is a JPEG of the clip's own size.
    const still = await decode(me.cookie, done.slides[1]!.sourceUrl)
    expect([still.image.width, still.image.height]).toEqual([360, 640])

    const list = slideshowListSchema.parse((await inject(server, 'GET', '/api/slideshows', me.cookie)).json())
    expect(list.slideshows.map((s) => s.id)).toEqual([created.id])
  })

  it('an edit renders a new photo set; the old one stays while a post uses it, and outlives the slideshow', async () => {
    const me = await person()
    const body = {
      title: 'Edit me',
      slides: [
        { source: { kind: 'image', imageId: me.images[0] }, overlays: [hook] },
        { source: { kind: 'image', imageId: me.images[1] } },
      ],
    }
    const created = slideshowResponseSchema.parse(
      (await inject(server, 'POST', '/api/slideshows', me.cookie, body)).json(),
    ).slideshow
    const first = await settled(me.cookie, created.id)
    const oldSet = first.photoSetId!
    // A post scheduled with the first render (as the posts module writes it).
    const [account] = await db()
      .insert(tiktokAccount)
      .values({ userId: me.userId, accountName: 'Me', accountUsername: 'me' })
      .returning()
    await db()
      .insert(post)
      .values({
        userId: me.userId,
        accountId: account!.id,
        format: 'photo',
        photoSetId: oldSet,
        title: 'Edit me',
        privacyLevel: 'SELF_ONLY',
        disableComment: false,
        disableDuet: true,
        disableStitch: true,
        scheduledAt: new Date(Date.now() + 86_400_000),
        timeZone: 'UTC',
      })

    const reordered = { ...body, title: 'Edited', slides: [body.slides[1]!, body.slides[0]!], coverIndex: 1 }
    const put = await inject(server, 'PUT', `/api/slideshows/${created.id}`, me.cookie, reordered)
    expect(put.statusCode, put.body).toBe(200)
    const pending = slideshowResponseSchema.parse(put.json()).slideshow
    expect(pending.photoSetId).toBeNull()
    const second = await settled(me.cookie, created.id, (s) => s.state === 'processed' && s.photoSetId !== null)
    expect(second.photoSetId).not.toBe(oldSet)
    expect(second.title).toBe('Edited')
    const [kept] = await db().select().from(photoSet).where(eq(photoSet.id, oldSet))
    expect(kept!.images).toHaveLength(2)
    for (const image of kept!.images) expect(await server.storage.size(image.storageKey)).not.toBeNull()

    // Delete: the new set (unused) and its files go; the post's set stays, without its slideshow.
    const newSet = (await db().select().from(photoSet).where(eq(photoSet.id, second.photoSetId!)))[0]!
    expect((await inject(server, 'DELETE', `/api/slideshows/${created.id}`, me.cookie)).statusCode).toBe(204)
    expect(await db().select().from(slideshow).where(eq(slideshow.id, created.id))).toHaveLength(0)
    expect(await db().select().from(photoSet).where(eq(photoSet.id, newSet.id))).toHaveLength(0)
    for (const image of newSet.images) expect(await server.storage.size(image.storageKey)).toBeNull()
    const [survivor] = await db().select().from(photoSet).where(eq(photoSet.id, oldSet))
    expect(survivor!.slideshowId).toBeNull()
    expect((await getStoredFile(server, `/api/slideshows/photo-sets/${oldSet}/images/0`, me.cookie)).statusCode).toBe(
      200,
    )
  })

  it("another person's slideshow, image, video and photo set are not found", async () => {
    const me = await person()
    const other = await person()
    const res = await inject(server, 'POST', '/api/slideshows', other.cookie, {
      title: 'Theirs',
      slides: [{ source: { kind: 'image', imageId: other.images[0] } }],
    })
    const theirs = await settled(other.cookie, slideshowResponseSchema.parse(res.json()).slideshow.id)

    for (const [method, url, body] of [
      ['GET', `/api/slideshows/${theirs.id}`, undefined],
      [
        'PUT',
        `/api/slideshows/${theirs.id}`,
        { title: 'x', slides: [{ source: { kind: 'image', imageId: me.images[0] } }] },
      ],
      ['DELETE', `/api/slideshows/${theirs.id}`, undefined],
      ['POST', `/api/slideshows/${theirs.id}/retry`, undefined],
      ['POST', `/api/slideshows/${theirs.id}/export`, { secondsPerSlide: 2 }],
      ['GET', `/api/slideshows/photo-sets/${theirs.photoSetId}/images/0`, undefined],
      ['GET', `/api/slideshows/stills/${other.mediaId}?atMs=0`, undefined],
      ['GET', `/api/slideshows/not-a-uuid`, undefined],
    ] as const) {
      const answer = await inject(server, method, url, me.cookie, body)
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404)
    }
    const usingTheirImage = await inject(server, 'POST', '/api/slideshows', me.cookie, {
      title: 'Mine',
      slides: [{ source: { kind: 'image', imageId: other.images[0] } }],
    })
    expect(usingTheirImage.statusCode).toBe(404)
    expect(usingTheirImage.json()).toMatchObject({ message: SLIDESHOW_MESSAGES.imageNotFound })
    const usingTheirClip = await inject(server, 'POST', '/api/slideshows', me.cookie, {
      title: 'Mine',
      slides: [{ source: { kind: 'clip', mediaId: other.mediaId, atMs: 0 } }],
    })
    expect(usingTheirClip.statusCode).toBe(404)
    expect(usingTheirClip.json()).toMatchObject({ message: SLIDESHOW_MESSAGES.clipNotFound })
  })

  it('bad input is answered with the schema’s words', async () => {
    const me = await person()
    const post = (body: unknown) => inject(server, 'POST', '/api/slideshows', me.cookie, body)
    const cases: [unknown, string][] = [
      [
        { title: ' ', slides: [{ source: { kind: 'image', imageId: me.images[0] } }] },
        'Please enter a title for your slideshow',
      ],
      [{ title: 'x', slides: [] }, 'Please add at least one slide'],
      [
        {
          title: 'x',
          slides: Array.from({ length: 36 }, () => ({ source: { kind: 'image', imageId: me.images[0] } })),
        },
        'A slideshow can have at most 35 slides',
      ],
      [
        { title: 'x', coverIndex: 1, slides: [{ source: { kind: 'image', imageId: me.images[0] } }] },
        'Please choose one of the slides as the cover',
      ],
      [
        { title: 'x', slides: [{ source: { kind: 'clip', mediaId: me.mediaId, atMs: 1_500 } }] },
        SLIDESHOW_MESSAGES.atMsPastEnd,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await post(body)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.body).toContain(message)
    }
  })

  it('exports the rendered slideshow as an MP4 of the person’s, secondsPerSlide per slide', async () => {
    const me = await person()
    const created = slideshowResponseSchema.parse(
      (
        await inject(server, 'POST', '/api/slideshows', me.cookie, {
          title: 'Export me',
          slides: [
            { source: { kind: 'image', imageId: me.images[0] }, overlays: [hook] },
            { source: { kind: 'clip', mediaId: me.mediaId, atMs: 200 } },
          ],
        })
      ).json(),
    ).slideshow
    await settled(me.cookie, created.id)
    const res = await inject(server, 'POST', `/api/slideshows/${created.id}/export`, me.cookie, { secondsPerSlide: 2 })
    expect(res.statusCode, res.body).toBe(200)
    const done = await settled(
      me.cookie,
      created.id,
      (s) => s.export.state === 'processed' || s.export.state === 'failed',
    )
    expect(done.export.state, done.export.errorMessage ?? '').toBe('processed')
    expect(done.export.videoUrl).toBe(`/api/media/${done.export.mediaId}/file`)
    const media = await inject(server, 'GET', `/api/media/${done.export.mediaId}`, me.cookie)
    expect(media.statusCode, media.body).toBe(200)
    const file = await getStoredFile(server, done.export.videoUrl!, me.cookie)
    expect(file.statusCode).toBe(200)
    const out = path.join(fixtureDir, 'export.mp4')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(out, file.rawPayload)
    const probe = await runFfprobe(out, { ffprobePath: server.config.ffprobePath, container: 'mp4' })
    expect(probe.ok).toBe(true)
    const json = (
      probe as {
        json: { format: { duration: string }; streams: { codec_name: string; width?: number; height?: number }[] }
      }
    ).json
    expect(Number(json.format.duration)).toBeCloseTo(4, 1)
    expect(json.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    expect(json.streams.find((s) => s.codec_name === 'h264')).toMatchObject({ width: 1080, height: 1920 })
  })

  it('the AI writer writes a hook, N points and a call to action (offline)', async () => {
    const me = await person()
    const other = await person()
    const [account] = await db()
      .insert(tiktokAccount)
      .values({
        userId: me.userId,
        accountName: 'Me',
        accountUsername: 'me',
        targetAudience: 'Students',
        appGoals: 'Grow',
      })
      .returning()
    const res = await inject(server, 'POST', '/api/generate/slideshow', me.cookie, {
      topic: 'Studying for exams',
      accountId: account!.id,
      points: 4,
    })
    expect(res.statusCode, res.body).toBe(200)
    const written = writeSlideshowResponseSchema.parse(res.json())
    expect(written.provider).toBe('offline')
    expect(written.slides.map((s) => s.role)).toEqual(['hook', 'point', 'point', 'point', 'point', 'cta'])
    const empty = await inject(server, 'POST', '/api/generate/slideshow', me.cookie, { topic: ' ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('Please describe what the slideshow is about')
    const theirs = await inject(server, 'POST', '/api/generate/slideshow', other.cookie, {
      topic: 'x',
      accountId: account!.id,
    })
    expect(theirs.statusCode).toBe(404)
  })
})
