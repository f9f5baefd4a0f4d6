import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import {
  createdVideoResponseSchema,
  isLibraryVideo,
  libraryListSchema,
  MESSAGES,
  OVERLAY_DEFAULTS,
  USER_CATEGORY,
  useLibraryItemResponseSchema,
  type CreatedVideo,
  type LibraryItem,
  type MediaFile,
} from '@hookpost/shared'
import { createdVideo, mediaFile } from '../../db/schema'
import { getStoredFile, inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { STOCK_CLIPS, STOCK_FRAME, STOCK_VERSION, stockClipBySlug } from './stock-catalogue'

/**
 * The Library over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with the stock clips made by
 * real ffmpeg at start (once for the file): list, play, use (one copy per person and clip), render from a copy, then
 * the rendered video in the list; who may see and use what.
 */
let server: TestServer
let fixtureDir: string
let portrait: string
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'library-int-'))
  portrait = path.join(fixtureDir, 'portrait.mp4')
  const made = makeVideo(portrait, { seconds: 1, width: 360, height: 640 })
  server = await startTestServer({}, { prepareStock: true })
  me = await signUp(server)
  other = await signUp(server)
  await made
  // The stock clips are made in the background; the list says `preparing` until all are there.
  // Thirteen 1080×1920 clips: about 30 s of CPU, minutes on a machine shared with other work.
  await eventually(async () => ((await list(me.cookie)).preparing ? undefined : true), 480_000)
}, 540_000)
afterAll(async () => {
  await server?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

async function list(cookie: string): Promise<{ videos: LibraryItem[]; preparing: boolean }> {
  const res = await inject(server, 'GET', '/api/library', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return libraryListSchema.parse(res.json())
}

function use(cookie: string, itemId: string) {
  return inject(server, 'POST', '/api/library/use', cookie, { itemId })
}

async function useOk(cookie: string, itemId: string): Promise<MediaFile> {
  const res = await use(cookie, itemId)
  expect(res.statusCode, res.body).toBe(200)
  return useLibraryItemResponseSchema.parse(res.json()).media
}

async function createVideo(cookie: string, body: Record<string, unknown>): Promise<CreatedVideo> {
  const res = await inject(server, 'POST', '/api/videos', cookie, { title: 'From the library', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return createdVideoResponseSchema.parse(res.json()).video
}

/** Waits until the video is processed or failed, as the API reports it. */
function settled(cookie: string, id: string, ms = 60_000): Promise<CreatedVideo> {
  return eventually(async () => {
    const res = await inject(server, 'GET', `/api/videos/${id}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    const video = createdVideoResponseSchema.parse(res.json()).video
    return video.state === 'processed' || video.state === 'failed' ? video : undefined
  }, ms)
}

async function stockCopies(userId: string, slug: string): Promise<number> {
  const [row] = await server.runtime.database.db
    .select({ n: count() })
    .from(mediaFile)
    .where(and(eq(mediaFile.userId, userId), eq(mediaFile.stockClipId, slug)))
  return row?.n ?? 0
}

const notFound = { code: 'NOT_FOUND', message: MESSAGES.libraryItemNotFound }

/** A video of mine rendered from a stock clip, made once and shared by the tests that need one. */
let rendered: Promise<{ video: CreatedVideo; source: MediaFile }> | undefined
function renderedVideo() {
  rendered ??= (async () => {
    const source = await useOk(me.cookie, 'stock:clean-interface')
    const created = await createVideo(me.cookie, {
      title: 'Rendered from stock',
      description: 'A stock clip, rendered',
      sourceMediaId: source.id,
      textOverlays: [{ ...OVERLAY_DEFAULTS, id: 'o1', text: 'From the library', position: 'top', fontSize: 120 }],
    })
    const video = await settled(me.cookie, created.id)
    expect(video, video.errorMessage ?? '').toMatchObject({ state: 'processed', processed: true })
    return { video, source }
  })()
  return rendered
}

describe('the library', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/library'],
      ['POST', '/api/library/use'],
      ['GET', '/api/library/stock/feature-tour/file'],
      ['HEAD', '/api/library/stock/feature-tour/file'],
      ['GET', '/api/library/stock/feature-tour/thumbnail'],
    ] as const) {
      const res = await inject(
        server,
        method,
        url,
        undefined,
        method === 'POST' ? { itemId: 'stock:feature-tour' } : undefined,
      )
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('lists every stock clip, ready, in catalogue order, with their files', async () => {
    const { videos, preparing } = await list(other.cookie)
    expect(preparing).toBe(false)
    const stock = videos.filter((v) => !v.isUserContent)
    expect(stock.map((v) => v.id)).toEqual(STOCK_CLIPS.map((c) => `stock:${c.slug}`))
    for (const clip of STOCK_CLIPS) {
      expect(stock.find((v) => v.id === `stock:${clip.slug}`)).toEqual({
        id: `stock:${clip.slug}`,
        title: clip.title,
        description: clip.description,
        category: clip.category,
        thumbnailUrl: `/api/library/stock/${clip.slug}/thumbnail`,
        videoUrl: `/api/library/stock/${clip.slug}/file`,
        duration: clip.seconds,
        width: STOCK_FRAME.width,
        height: STOCK_FRAME.height,
        isUserContent: false,
        slideshow: null,
      })
    }
    const stockDir = path.join(server.config.dataDir, 'stock', `v${STOCK_VERSION}`)
    for (const clip of STOCK_CLIPS) {
      expect(existsSync(path.join(stockDir, `${clip.slug}.mp4`)), clip.slug).toBe(true)
      expect(existsSync(path.join(stockDir, `${clip.slug}.jpg`)), clip.slug).toBe(true)
    }
  })

  it('plays every stock clip: MP4 with ranges, HEAD, and a JPEG thumbnail', async () => {
    const { videos } = await list(me.cookie)
    for (const item of videos.filter(isLibraryVideo).filter((v) => !v.isUserContent)) {
      const file = await inject(server, 'GET', item.videoUrl, me.cookie)
      expect(file.statusCode, item.id).toBe(200)
      expect(file.headers['content-type']).toBe('video/mp4')
      expect(file.headers['accept-ranges']).toBe('bytes')
      const size = Number(file.headers['content-length'])
      expect(size).toBeGreaterThan(1000)
      expect(file.rawPayload).toHaveLength(size)
      expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
      expect(file.headers['content-disposition']).toMatch(/^inline; /)

      const slice = await inject(server, 'GET', item.videoUrl, me.cookie, undefined, { range: 'bytes=0-99' })
      expect(slice.statusCode, item.id).toBe(206)
      expect(slice.headers['content-range']).toBe(`bytes 0-99/${size}`)
      expect(slice.rawPayload).toHaveLength(100)
      expect(slice.rawPayload.equals(file.rawPayload.subarray(0, 100))).toBe(true)

      const head = await inject(server, 'HEAD', item.videoUrl, me.cookie)
      expect(head.statusCode).toBe(200)
      expect(Number(head.headers['content-length'])).toBe(size)

      const thumbnail = await inject(server, 'GET', item.thumbnailUrl, me.cookie)
      expect(thumbnail.statusCode, item.id).toBe(200)
      expect(thumbnail.headers['content-type']).toBe('image/jpeg')
      expect([...thumbnail.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    }
  })

  it('answers 404 for an unknown stock clip, and 400 for an over-long slug', async () => {
    for (const url of [
      '/api/library/stock/nope/file',
      '/api/library/stock/nope/thumbnail',
      '/api/library/stock/..%2Fv1%2Ffeature-tour/file',
    ]) {
      const res = await inject(server, 'GET', url, me.cookie)
      expect(res.statusCode, url).toBe(404)
    }
    const long = await inject(server, 'GET', `/api/library/stock/${'a'.repeat(65)}/file`, me.cookie)
    expect(long.statusCode).toBe(400)
    for (const itemId of ['stock:nope', 'stock:', 'stock:../feature-tour', 'feature-tour', 'nope:1']) {
      const res = await use(me.cookie, itemId)
      expect(res.statusCode, itemId).toBe(404)
      expect(res.json()).toEqual(notFound)
    }
  })

  it('refuses a malformed use request with 400', async () => {
    for (const bad of [{}, { itemId: '' }, { itemId: 5 }, { itemId: 'x'.repeat(121) }]) {
      const res = await inject(server, 'POST', '/api/library/use', me.cookie, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
  })

  it('copies a stock clip into the person’s media once: 1080×1920, its length; again gives the same copy', async () => {
    const person = await signUp(server)
    const clip = stockClipBySlug('feature-tour')!
    const media = await useOk(person.cookie, 'stock:feature-tour')
    expect(media).toMatchObject({
      contentType: 'video/mp4',
      width: STOCK_FRAME.width,
      height: STOCK_FRAME.height,
      originalName: 'Feature tour.mp4',
    })
    expect(Math.abs(media.durationMs - clip.seconds * 1000)).toBeLessThanOrEqual(150)
    expect(media.fps).toBeCloseTo(30, 1)
    expect(media.sizeBytes).toBeGreaterThan(1000)

    const again = await useOk(person.cookie, 'stock:feature-tour')
    expect(again).toEqual(media)
    expect(await stockCopies(person.userId, 'feature-tour')).toBe(1)

    // The copy is the person's: stored like an upload, served as their media, byte for byte the stock clip.
    const [stored] = await server.runtime.database.db.select().from(mediaFile).where(eq(mediaFile.id, media.id))
    expect(stored).toMatchObject({ userId: person.userId, stockClipId: 'feature-tour', videoCodec: 'h264' })
    expect(stored!.audioCodec).toBe('aac')
    expect(await server.storage.size(stored!.storageKey)).not.toBeNull()
    const asMedia = await inject(server, 'GET', `/api/media/${media.id}`, person.cookie)
    expect(asMedia.statusCode, asMedia.body).toBe(200)
    expect(asMedia.json()).toMatchObject({
      media: { id: media.id, width: STOCK_FRAME.width, height: STOCK_FRAME.height },
    })
    expect((await inject(server, 'GET', `/api/media/${media.id}`, other.cookie)).statusCode).toBe(404)

    // Another person gets a copy of their own.
    const theirs = await useOk(other.cookie, 'stock:feature-tour')
    expect(theirs.id).not.toBe(media.id)
    expect(await stockCopies(other.userId, 'feature-tour')).toBe(1)

    // A different clip is a different copy; a hook clip is as long as it says.
    const hook = await useOk(person.cookie, 'stock:hook-stop-scrolling')
    expect(hook.id).not.toBe(media.id)
    expect(Math.abs(hook.durationMs - stockClipBySlug('hook-stop-scrolling')!.seconds * 1000)).toBeLessThanOrEqual(150)
  })

  it('makes one copy when the same clip is used twice at once', async () => {
    const person = await signUp(server)
    const [a, b, c] = await Promise.all([
      use(person.cookie, 'stock:connect-your-tools'),
      use(person.cookie, 'stock:connect-your-tools'),
      use(person.cookie, 'stock:connect-your-tools'),
    ])
    for (const res of [a, b, c]) expect(res!.statusCode, res!.body).toBe(200)
    const ids = new Set([a, b, c].map((res) => useLibraryItemResponseSchema.parse(res!.json()).media.id))
    expect(ids.size).toBe(1)
    expect(await stockCopies(person.userId, 'connect-your-tools')).toBe(1)
    // The losers' files were removed: only the one copy is stored for this person.
    const [row] = await server.runtime.database.db.select().from(mediaFile).where(eq(mediaFile.userId, person.userId))
    const files: string[] = []
    for await (const object of server.storage.list(person.userId)) files.push(object.key)
    expect(files).toEqual([row!.storageKey])
  })

  it('renders a video from a stock copy; the rendered video joins the list and can be used', async () => {
    const { video, source } = await renderedVideo()
    expect(video.source).toMatchObject({ mediaId: source.id })
    expect(video.outputMediaId).not.toBeNull()

    const { videos } = await list(me.cookie)
    const mine = videos.filter((v) => v.isUserContent)
    expect(mine).toContainEqual({
      id: `video:${video.id}`,
      title: 'Rendered from stock',
      description: 'A stock clip, rendered',
      category: USER_CATEGORY,
      thumbnailUrl: `/api/videos/${video.id}/thumbnail`,
      videoUrl: `/api/videos/${video.id}/file`,
      duration: expect.closeTo(stockClipBySlug('clean-interface')!.seconds, 0) as number,
      width: 1080,
      height: 1920,
      isUserContent: true,
      slideshow: null,
    })
    // Stock clips first, then the person's videos.
    expect(videos.slice(0, STOCK_CLIPS.length).every((v) => !v.isUserContent)).toBe(true)
    const item = mine.filter(isLibraryVideo).find((v) => v.id === `video:${video.id}`)!
    expect((await getStoredFile(server, item.videoUrl, me.cookie)).statusCode).toBe(200)
    expect((await getStoredFile(server, item.thumbnailUrl, me.cookie)).statusCode).toBe(200)

    // Using it gives the rendered file itself (no copy), which renders again.
    const before = await server.runtime.database.db
      .select({ n: count() })
      .from(mediaFile)
      .where(eq(mediaFile.userId, me.userId))
    const output = await useOk(me.cookie, `video:${video.id}`)
    expect(output).toMatchObject({ id: video.outputMediaId, width: 1080, height: 1920 })
    expect(await useOk(me.cookie, `video:${video.id}`)).toEqual(output)
    const after = await server.runtime.database.db
      .select({ n: count() })
      .from(mediaFile)
      .where(eq(mediaFile.userId, me.userId))
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('shows a person only their own videos, and refuses someone else’s (404)', async () => {
    const { video } = await renderedVideo()
    const theirs = await list(other.cookie)
    expect(theirs.videos.map((v) => v.id)).not.toContain(`video:${video.id}`)
    expect(theirs.videos.filter((v) => v.isUserContent)).toEqual([])

    const res = await use(other.cookie, `video:${video.id}`)
    expect(res.statusCode, res.body).toBe(404)
    expect(res.json()).toEqual(notFound)
  })

  it('answers 409 for one of the person’s videos that is not rendered (yet), and leaves it out of the list', async () => {
    const person = await signUp(server)
    const mediaId = await storeMedia(server, person.userId, portrait, { durationMs: 1_000, width: 360, height: 640 })
    // Rows as the videos module leaves them before and after a render that did not finish (no job: nothing renders).
    const ids: string[] = []
    for (const state of ['queued', 'rendering', 'failed'] as const) {
      const [row] = await server.runtime.database.db
        .insert(createdVideo)
        .values({ userId: person.userId, title: `Still ${state}`, layout: 'single', sourceMediaId: mediaId, state })
        .returning({ id: createdVideo.id })
      ids.push(row!.id)
    }
    for (const id of ids) {
      const res = await use(person.cookie, `video:${id}`)
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toEqual({ code: 'CONFLICT', message: MESSAGES.libraryVideoNotReady })
      // Someone else asking about it gets a 404, never the 409 that would say it exists.
      const theirs = await use(other.cookie, `video:${id}`)
      expect(theirs.statusCode).toBe(404)
      expect(theirs.json()).toEqual(notFound)
    }
    expect((await list(person.cookie)).videos.filter((v) => v.isUserContent)).toEqual([])
  })

  it('answers 404 for an unknown or malformed video id', async () => {
    for (const itemId of [
      `video:${crypto.randomUUID()}`,
      'video:',
      'video:not-a-uuid',
      `video:${'a'.repeat(36)}`,
      `video:${'-'.repeat(36)}`,
      `video:${crypto.randomUUID()}x`,
    ]) {
      const res = await use(me.cookie, itemId)
      expect(res.statusCode, `${itemId}: ${res.body}`).toBe(404)
      expect(res.json()).toEqual(notFound)
    }
  })

  it('keeps the clips and the copies across a restart: nothing is made again', async () => {
    const stockDir = path.join(server.config.dataDir, 'stock', `v${STOCK_VERSION}`)
    const files = () =>
      readdirSync(stockDir)
        .sort()
        .map((name) => `${name} ${statSync(path.join(stockDir, name)).mtimeMs}`)
    const before = files()
    expect(before).toHaveLength(STOCK_CLIPS.length * 2)
    const copy = await useOk(me.cookie, 'stock:hook-wait-for-it')

    await server.restart()
    await eventually(async () => ((await list(me.cookie)).preparing ? undefined : true))
    expect(files()).toEqual(before)
    expect((await list(me.cookie)).videos.filter((v) => !v.isUserContent)).toHaveLength(STOCK_CLIPS.length)
    expect(await useOk(me.cookie, 'stock:hook-wait-for-it')).toEqual(copy)
  })

  it('is in the API reference', async () => {
    const res = await inject(server, 'GET', '/api/docs/json')
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/library/'] ?? {})).toEqual(['get'])
    expect(Object.keys(doc.paths['/api/library/use'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/library/stock/{slug}/file'] ?? {}).sort()).toEqual(['get', 'head'])
  })
})
