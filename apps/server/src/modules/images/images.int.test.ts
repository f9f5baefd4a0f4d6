import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AI_IMAGE_MESSAGES,
  HOOK_OVERLAY_DEFAULTS,
  createdVideoResponseSchema,
  generateImageResponseSchema,
  saveImageResponseSchema,
  savedImagesResponseSchema,
  transformToVideoResponseSchema,
  uploadImageResponseSchema,
  type CreatedVideo,
} from '@hookpost/shared'
import { aiImage } from '../../db/schema'
import { imageInfo, inspectVideo } from '../../integrations/ffmpeg/inspect'
import { getStoredFile, inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * The AI Generation tab's API over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with real
 * ffmpeg: the offline text card, saving and the gallery, uploads, and images or demo videos transformed into 9:16
 * videos by the studio's render. Another person's image is 404 everywhere.
 */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }
let dir: string

beforeAll(async () => {
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
  dir = mkdtempSync(path.join(tmpdir(), 'images-int-'))
})
afterAll(async () => {
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db
async function imageRow(id: string) {
  const [row] = await db().select().from(aiImage).where(eq(aiImage.id, id))
  return row
}

const generate = (cookie: string, body: unknown) => inject(server, 'POST', '/api/generate?type=image', cookie, body)

async function generated(prompt = 'A barista taking a selfie with latte art') {
  const res = await generate(me.cookie, { prompt, style: 'selfie' })
  expect(res.statusCode, res.body).toBe(200)
  return generateImageResponseSchema.parse(res.json())
}

function upload(cookie: string, data: Buffer, contentType = 'image/png', name = 'my photo.png') {
  return server.runtime.http!.inject({
    method: 'POST',
    url: '/api/images',
    headers: { cookie, 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
    payload: data,
  })
}

async function settled(id: string): Promise<CreatedVideo> {
  return eventually(async () => {
    const res = await inject(server, 'GET', `/api/videos/${id}`, me.cookie)
    const video = createdVideoResponseSchema.parse(res.json()).video
    return video.state === 'processed' || video.state === 'failed' ? video : undefined
  }, 60_000)
}

/** The rendered MP4 at `url`, checked with ffprobe: its duration (ms), size and codecs. */
async function probeServed(url: string) {
  const res = await getStoredFile(server, url, me.cookie)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('video/mp4')
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.mp4`)
  writeFileSync(file, res.rawPayload)
  const inspection = await inspectVideo(file, { ffprobePath: server.config.ffprobePath })
  if (inspection.kind !== 'video') throw new Error(`not a video: ${inspection.kind}`)
  return inspection.facts
}

describe('POST /api/generate?type=image (offline)', () => {
  it('asks for a prompt, in the spec’s words, and makes nothing', async () => {
    for (const body of [{ prompt: '', style: 'selfie' }, { prompt: '   ' }, {}]) {
      const res = await generate(me.cookie, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(AI_IMAGE_MESSAGES.promptRequired)
    }
    const style = await generate(me.cookie, { prompt: 'x', style: 'painting' })
    expect(style.statusCode).toBe(400)
    const saved = savedImagesResponseSchema.parse(
      (await inject(server, 'GET', '/api/get-saved-images', me.cookie)).json(),
    )
    expect(saved.images).toEqual([])
  })

  it('makes the labelled text card, says it is the fallback, and serves it to its owner only', async () => {
    const body = await generated()
    expect(body).toMatchObject({
      success: true,
      fallback: true,
      provider: 'offline',
      message: AI_IMAGE_MESSAGES.offlineFallback,
    })
    expect(body.image).toMatchObject({
      prompt: 'A barista taking a selfie with latte art',
      saved: false,
      fallback: true,
    })
    expect(body.imageUrl).toBe(body.image!.url)

    const file = await getStoredFile(server, body.imageUrl!, me.cookie)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(imageInfo(file.rawPayload)).toEqual({ contentType: 'image/jpeg', width: 1080, height: 1920 })
    const head = await inject(server, 'HEAD', body.imageUrl!, me.cookie)
    // On S3, HEAD answers the redirect to the bucket (a presigned URL is signed for GET only).
    expect(head.statusCode).toBe(server.s3 ? 302 : 200)
    if (!server.s3) expect(Number(head.headers['content-length'])).toBe(file.rawPayload.length)

    expect((await inject(server, 'GET', body.imageUrl!, other.cookie)).statusCode).toBe(404)
    expect((await inject(server, 'GET', body.imageUrl!)).statusCode).toBe(401)
    expect((await inject(server, 'GET', '/api/images/not-a-uuid/file', me.cookie)).statusCode).toBe(404)
  })
})

describe('saving and the gallery', () => {
  it('saves once (saving again changes nothing), lists newest saved first, and keeps each person’s own', async () => {
    const first = (await generated('First idea')).image!
    const second = (await generated('Second idea')).image!

    const save = async (cookie: string, imageId: string) =>
      inject(server, 'POST', '/api/save-image', cookie, { imageId })
    const saved = saveImageResponseSchema.parse((await save(me.cookie, first.id)).json())
    expect(saved).toMatchObject({ success: true, savedImageUrl: first.url, image: { id: first.id, saved: true } })
    expect((await save(me.cookie, second.id)).statusCode).toBe(200)
    expect((await save(me.cookie, first.id)).statusCode).toBe(200)

    const list = savedImagesResponseSchema.parse(
      (await inject(server, 'GET', '/api/get-saved-images', me.cookie)).json(),
    )
    expect(list.images.map((i) => i.prompt).slice(0, 2)).toEqual(['Second idea', 'First idea'])

    expect((await save(other.cookie, first.id)).statusCode).toBe(404)
    const missing = await save(me.cookie, '')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(AI_IMAGE_MESSAGES.imageRequired)
    const theirs = savedImagesResponseSchema.parse(
      (await inject(server, 'GET', '/api/get-saved-images', other.cookie)).json(),
    )
    expect(theirs.images).toEqual([])
  })
})

describe('the hourly sweep', () => {
  it('deletes generated images never saved within 24 h, row and file; saved ones stay', async () => {
    const person = await signUp(server)
    const make = async (prompt: string) => {
      const res = await generate(person.cookie, { prompt })
      return generateImageResponseSchema.parse(res.json()).image!
    }
    const [kept, dropped, fresh] = [await make('Keep me'), await make('Drop me'), await make('Too new')]
    expect((await inject(server, 'POST', '/api/save-image', person.cookie, { imageId: kept.id })).statusCode).toBe(200)
    const [keptRow, droppedRow] = await Promise.all([kept.id, dropped.id].map((id) => imageRow(id)))
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000)
    await db()
      .update(aiImage)
      .set({ createdAt: dayAgo })
      .where(inArray(aiImage.id, [kept.id, dropped.id]))

    expect(await server.runtime.images.sweepUnsaved()).toBe(1)
    expect(await imageRow(dropped.id)).toBeUndefined()
    expect(await server.storage.size(droppedRow!.storageKey)).toBeNull()
    expect((await inject(server, 'GET', dropped.url, person.cookie)).statusCode).toBe(404)
    expect(await server.storage.size(keptRow!.storageKey)).not.toBeNull()
    expect((await getStoredFile(server, kept.url, person.cookie)).statusCode).toBe(200)
    expect((await getStoredFile(server, fresh.url, person.cookie)).statusCode).toBe(200)
    expect(await server.runtime.images.sweepUnsaved()).toBe(0)
  })
})

describe('POST /api/images (upload)', () => {
  it('keeps a real PNG in the gallery, by its bytes; refuses what is not an image', async () => {
    const canvas = createCanvas(800, 600)
    canvas.getContext('2d').fillRect(0, 0, 400, 300)
    const res = await upload(me.cookie, canvas.toBuffer('image/png'), 'image/png', 'Ünïcode café.png')
    expect(res.statusCode, res.body).toBe(201)
    const { image } = uploadImageResponseSchema.parse(res.json())
    expect(image).toMatchObject({ prompt: 'Ünïcode café.png', width: 800, height: 600, saved: true, fallback: false })

    const fake = await upload(me.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')
    expect(fake.statusCode).toBe(400)
    expect(fake.json().message).toBe(AI_IMAGE_MESSAGES.imageFileRequired)
    const empty = await upload(me.cookie, Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    const wrongType = await upload(me.cookie, Buffer.from('hello'), 'text/plain')
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().message).toBe(AI_IMAGE_MESSAGES.imageFileRequired)
  })
})

describe('POST /api/transform-to-video', () => {
  const transform = (cookie: string, body: unknown) => inject(server, 'POST', '/api/transform-to-video', cookie, body)

  it('gives the spec’s messages for a missing title, image or demo video, and 404 for someone else’s image', async () => {
    const image = (await generated('Mine')).image!
    const cases: [unknown, string][] = [
      [{ videoSource: 'image', imageId: image.id, title: ' ' }, AI_IMAGE_MESSAGES.titleRequired],
      [{ videoSource: 'image', imageId: '', title: 'T' }, AI_IMAGE_MESSAGES.imageRequired],
      [{ videoSource: 'image', title: 'T' }, AI_IMAGE_MESSAGES.imageRequired],
      [{ videoSource: 'demo', demoMediaId: '', title: 'T' }, AI_IMAGE_MESSAGES.demoRequired],
      [{ videoSource: 'demo', title: 'T' }, AI_IMAGE_MESSAGES.demoRequired],
      [
        { videoSource: 'image', imageId: image.id, title: 'T', hookText: 'x'.repeat(151) },
        'The hook can be at most 150 characters',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await transform(me.cookie, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toBe(message)
    }
    const theirs = await transform(other.cookie, { videoSource: 'image', imageId: image.id, title: 'Stolen' })
    expect(theirs.statusCode).toBe(404)
    const videos = await inject(server, 'GET', '/api/videos', other.cookie)
    expect(videos.json().videos).toEqual([])
  })

  it('turns an image into a 6 s 1080×1920 video with sound, rendered by the studio and listed with the videos', async () => {
    const image = (await generated('Sunrise over the bakery')).image!
    const res = await transform(me.cookie, {
      videoSource: 'image',
      imageId: image.id,
      title: 'Bakery sunrise',
      description: 'From an image',
      hookText: '  POV: the first loaf of the day  ',
    })
    expect(res.statusCode, res.body).toBe(201)
    const body = transformToVideoResponseSchema.parse(res.json())
    expect(body.videoUrl).toBe(`/api/videos/${body.videoId}/file`)

    const video = await settled(body.videoId)
    expect(video).toMatchObject({ state: 'processed', title: 'Bakery sunrise', description: 'From an image' })
    // The hook step (issue 30 item 8): the hook is burned in, centred in the hook style, for the whole video.
    expect(video.textOverlays).toEqual([
      { ...HOOK_OVERLAY_DEFAULTS, id: expect.any(String), text: 'POV: the first loaf of the day' },
    ])
    const facts = await probeServed(body.videoUrl)
    expect(facts.video).toMatchObject({ width: 1080, height: 1920 })
    expect(facts.durationSec).toBeCloseTo(6, 1)
    expect(facts.audioCodec).toBe('aac')

    const list = await inject(server, 'GET', '/api/videos', me.cookie)
    expect(list.json().videos.map((v: CreatedVideo) => v.id)).toContain(body.videoId)
    // Nothing of it is left in the scratch folder.
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(path.join(server.config.dataDir, 'tmp'))).toEqual([])
  }, 90_000)

  it('normalises a landscape demo video to 9:16; someone else’s demo is 404', async () => {
    const clip = path.join(dir, 'demo.mp4')
    await makeVideo(clip, { width: 640, height: 360, seconds: 1 })
    const demoMediaId = await storeMedia(server, me.userId, clip, { durationMs: 1_000, width: 640, height: 360 })

    expect((await transform(other.cookie, { videoSource: 'demo', demoMediaId, title: 'Theirs' })).statusCode).toBe(404)
    const res = await transform(me.cookie, { videoSource: 'demo', demoMediaId, title: 'Demo walkthrough' })
    expect(res.statusCode, res.body).toBe(201)
    const body = transformToVideoResponseSchema.parse(res.json())
    const video = await settled(body.videoId)
    expect(video.state).toBe('processed')
    // No hook given: none is made up.
    expect(video.textOverlays).toEqual([])
    const facts = await probeServed(body.videoUrl)
    expect(facts.video).toMatchObject({ width: 1080, height: 1920 })
  }, 90_000)
})
