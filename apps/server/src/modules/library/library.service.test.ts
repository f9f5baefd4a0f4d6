import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES, OVERLAY_DEFAULTS, SLIDESHOW_CATEGORY, USER_CATEGORY } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Inspection } from '../../integrations/ffmpeg/inspect'
import type {
  LibraryRepository,
  MediaRow,
  NewMediaRow,
  SlideshowRow,
  UserLibrarySlideshow,
  UserLibraryVideo,
} from './library.repository'
import { createLibraryService } from './library.service'
import { STOCK_CLIPS, stockClipBySlug } from './stock-catalogue'
import { stockClipPaths } from './stock-clips'

/** The service over a map-backed repository, fake storage and ffprobe, and a temp stock folder with fake clip files. */

const NOW = new Date('2026-03-01T12:00:00.000Z')

function mediaRow(overrides: Partial<MediaRow> = {}): MediaRow {
  return {
    id: randomUUID(),
    userId: 'u1',
    originalName: 'out.mp4',
    storageKey: 'u1/out.mp4',
    contentType: 'video/mp4',
    sizeBytes: 1234,
    durationMs: 4_033,
    width: 1080,
    height: 1920,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    stockClipId: null,
    createdAt: NOW,
    ...overrides,
  } as MediaRow
}

/** A slideshow of u1's with three slides, the second its cover, rendered; not exported unless overridden. */
function slideshowRow(overrides: Partial<SlideshowRow> = {}): SlideshowRow {
  const overlay = (id: string, text: string) => ({ ...OVERLAY_DEFAULTS, id, text })
  return {
    id: randomUUID(),
    userId: 'u1',
    title: 'Morning routine',
    slides: [
      { source: { kind: 'image', imageId: randomUUID() }, overlays: [overlay('h', 'Three things')] },
      { source: { kind: 'image', imageId: randomUUID() }, overlays: [overlay('p', 'Coffee first')] },
      { source: { kind: 'image', imageId: randomUUID() }, overlays: [] },
    ],
    coverIndex: 1,
    state: 'processed',
    progress: 100,
    errorMessage: null,
    attempts: 1,
    photoSetId: randomUUID(),
    exportState: 'none',
    exportSecondsPerSlide: 3,
    exportErrorMessage: null,
    exportMediaId: null,
    processedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  } as SlideshowRow
}

function fakeRepo() {
  const media: MediaRow[] = []
  // Listed newest first, as the database orders them: each one pushed is a second older than the one before.
  const videos: (Omit<UserLibraryVideo, 'createdAt'> & { userId: string; processed: boolean })[] = []
  const slideshows: UserLibrarySlideshow[] = []
  const calls: string[] = []
  /** Runs once, inside insertStockCopy, before the insert: e.g. another request winning the race. */
  let beforeInsert: (() => void) | null = null
  let failInsert: Error | null = null
  const repo: LibraryRepository = {
    async userVideos(userId) {
      calls.push('userVideos')
      return videos
        .map((v, i) => ({ ...v, createdAt: new Date(NOW.getTime() - i * 1000) }))
        .filter((v) => v.userId === userId && v.processed)
    },
    async userVideo(userId, videoId) {
      calls.push('userVideo')
      const found = videos.find((v) => v.userId === userId && v.id === videoId && v.processed)
      return found ? { ...found, createdAt: NOW } : undefined
    },
    async userSlideshows(userId) {
      calls.push('userSlideshows')
      return slideshows.filter((s) => s.row.userId === userId)
    },
    async userSlideshow(userId, slideshowId) {
      calls.push('userSlideshow')
      return slideshows.find((s) => s.row.userId === userId && s.row.id === slideshowId)
    },
    async hasVideo(userId, videoId) {
      calls.push('hasVideo')
      return videos.some((v) => v.userId === userId && v.id === videoId)
    },
    async stockCopy(userId, stockClipId) {
      calls.push('stockCopy')
      return media.find((m) => m.userId === userId && m.stockClipId === stockClipId)
    },
    async insertStockCopy(row: NewMediaRow & { stockClipId: string }) {
      calls.push('insertStockCopy')
      const hook = beforeInsert
      beforeInsert = null
      hook?.()
      if (failInsert) throw failInsert
      if (media.some((m) => m.userId === row.userId && m.stockClipId === row.stockClipId)) return undefined
      const full = mediaRow(row as Partial<MediaRow>)
      media.push(full)
      return full
    },
  }
  return {
    repo,
    media,
    videos,
    slideshows,
    calls,
    raceOnce(hook: () => void) {
      beforeInsert = hook
    },
    failInserts(err: Error) {
      failInsert = err
    },
  }
}

const videoInspection = (overrides: Partial<Extract<Inspection, { kind: 'video' }>['facts']> = {}): Inspection => ({
  kind: 'video',
  container: 'mp4',
  sizeBytes: 98_765,
  facts: {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    durationSec: 4.011,
    hasVideoStream: true,
    video: { codec: 'h264', width: 720, height: 1280, fps: 30, rotation: 0 },
    audioCodec: 'aac',
    ...overrides,
  },
})

let stockDir: string
let fake: ReturnType<typeof fakeRepo>
let stored: Map<string, string>
let removed: string[]
let inspected: string[]
let inspection: Inspection
let logged: string[]

function makeClipFiles(slugs: readonly string[]) {
  for (const slug of slugs) {
    const paths = stockClipPaths(stockDir, slug)
    mkdirSync(path.dirname(paths.video), { recursive: true })
    writeFileSync(paths.video, `video of ${slug}`)
    writeFileSync(paths.thumbnail, `jpeg of ${slug}`)
  }
}

function service(ffmpegPath = '/nonexistent/ffmpeg', checkStorage = async (_userId: string, _bytes: number) => {}) {
  return createLibraryService({
    repo: fake.repo,
    storage: {
      async copyIn(source, key) {
        stored.set(key, source)
      },
      async remove(key) {
        removed.push(key)
        stored.delete(key)
      },
    },
    stockDir,
    ffmpegPath,
    inspect: async (file) => {
      inspected.push(file)
      return inspection
    },
    checkStorage,
    clock: () => NOW,
    log: {
      info: (m) => void logged.push(m),
      warn: (m) => void logged.push(m),
      error: (m) => void logged.push(m),
    },
  })
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

beforeEach(() => {
  stockDir = mkdtempSync(path.join(tmpdir(), 'library-unit-'))
  fake = fakeRepo()
  stored = new Map()
  removed = []
  inspected = []
  inspection = videoInspection()
  logged = []
})
afterEach(() => {
  rmSync(stockDir, { recursive: true, force: true })
})

const allSlugs = STOCK_CLIPS.map((c) => c.slug)

describe('list', () => {
  it('lists only the stock clips whose video and thumbnail are both there, in catalogue order', async () => {
    makeClipFiles(['hook-you-need-this', 'feature-tour'])
    // A clip with a video but no thumbnail yet, and one with an empty video, are not ready.
    const half = stockClipPaths(stockDir, 'clean-interface')
    writeFileSync(half.video, 'video')
    const empty = stockClipPaths(stockDir, 'connect-your-tools')
    writeFileSync(empty.video, '')
    writeFileSync(empty.thumbnail, 'jpeg')
    const { videos, preparing } = await service().list('u1')
    expect(videos.map((v) => v.id)).toEqual(['stock:feature-tour', 'stock:hook-you-need-this'])
    // No pass has run in this process and clips are missing: a worker is making them.
    expect(preparing).toBe(true)
  })

  it('is not preparing when every clip is there', async () => {
    makeClipFiles(allSlugs)
    const { videos, preparing } = await service().list('u1')
    expect(videos.map((v) => v.id)).toEqual(allSlugs.map((s) => `stock:${s}`))
    expect(preparing).toBe(false)
  })

  it('says preparing while a pass runs, and stops after it even when a clip could not be made', async () => {
    makeClipFiles(allSlugs.slice(1))
    const library = service()
    const pass = library.prepareStock()
    // One pass at a time: asking again while it runs gives the same pass.
    expect(library.prepareStock()).toBe(pass)
    expect((await library.list('u1')).preparing).toBe(true)
    await pass
    const after = await library.list('u1')
    expect(after.preparing).toBe(false)
    expect(after.videos.map((v) => v.id)).toEqual(allSlugs.slice(1).map((s) => `stock:${s}`))
    expect(logged.join('\n')).toContain(`could not make the stock clip ${allSlugs[0]}`)
  })

  it('adds the person’s rendered videos after the stock clips, with their output’s size and length', async () => {
    makeClipFiles(['feature-tour'])
    const newer = randomUUID()
    const older = randomUUID()
    fake.videos.push(
      {
        id: newer,
        userId: 'u1',
        processed: true,
        title: 'Launch',
        description: 'Day one',
        output: mediaRow({ durationMs: 1_549, width: 1080, height: 1920 }),
      },
      { id: older, userId: 'u1', processed: true, title: 'Old', description: '', output: mediaRow() },
      { id: randomUUID(), userId: 'u2', processed: true, title: 'Theirs', description: '', output: mediaRow() },
      { id: randomUUID(), userId: 'u1', processed: false, title: 'Not yet', description: '', output: mediaRow() },
    )
    const { videos } = await service().list('u1')
    expect(videos.map((v) => v.id)).toEqual(['stock:feature-tour', `video:${newer}`, `video:${older}`])
    expect(videos[1]).toEqual({
      id: `video:${newer}`,
      title: 'Launch',
      description: 'Day one',
      category: USER_CATEGORY,
      thumbnailUrl: `/api/videos/${newer}/thumbnail`,
      videoUrl: `/api/videos/${newer}/file`,
      duration: 1.5,
      width: 1080,
      height: 1920,
      isUserContent: true,
      slideshow: null,
    })
    expect(videos[2]!.duration).toBe(4)
  })

  it('lists the person’s slideshows among their videos, newest first, a video only once exported', async () => {
    makeClipFiles(['feature-tour'])
    const video = randomUUID()
    fake.videos.push({ id: video, userId: 'u1', processed: true, title: 'Launch', description: '', output: mediaRow() })
    const exportMedia = mediaRow({ durationMs: 9_040, width: 1080, height: 1920 })
    const exported = slideshowRow({
      title: 'Exported',
      createdAt: new Date(NOW.getTime() + 60_000),
      exportState: 'processed',
      exportMediaId: exportMedia.id,
    })
    const plain = slideshowRow({ title: 'Plain', createdAt: new Date(NOW.getTime() - 60_000) })
    const rendering = slideshowRow({
      title: 'Rendering',
      // After the video (made at NOW): a tie would be broken by the random ids.
      createdAt: new Date(NOW.getTime() + 30_000),
      state: 'rendering',
      photoSetId: null,
      coverIndex: 0,
    })
    fake.slideshows.push(
      { row: exported, exported: exportMedia },
      { row: rendering, exported: null },
      { row: plain, exported: null },
      { row: slideshowRow({ userId: 'u2', title: 'Theirs' }), exported: null },
    )
    const { videos } = await service().list('u1')
    expect(videos.map((v) => v.title)).toEqual(['Feature tour', 'Exported', 'Rendering', 'Launch', 'Plain'])
    expect(videos[1]).toEqual({
      id: `slideshow:${exported.id}`,
      title: 'Exported',
      description: 'Three things · Coffee first',
      category: SLIDESHOW_CATEGORY,
      // The rendered cover slide (the second).
      thumbnailUrl: `/api/slideshows/photo-sets/${exported.photoSetId}/images/1`,
      videoUrl: `/api/media/${exportMedia.id}/file`,
      duration: 9,
      width: 1080,
      height: 1920,
      isUserContent: true,
      slideshow: { id: exported.id, slideCount: 3, exportState: 'processed' },
    })
    // Not rendered yet: the cover's background stands in; not exported: no video.
    const firstImage = rendering.slides[0]!.source as { imageId: string }
    expect(videos[2]).toMatchObject({
      thumbnailUrl: `/api/images/${firstImage.imageId}/file`,
      videoUrl: null,
      duration: null,
      slideshow: { exportState: 'none' },
    })
  })
})

describe('use: one of the person’s slideshows', () => {
  it('returns the media file of its exported MP4', async () => {
    const exportMedia = mediaRow()
    const row = slideshowRow({ exportState: 'processed', exportMediaId: exportMedia.id })
    fake.slideshows.push({ row, exported: exportMedia })
    expect(await service().use('u1', `slideshow:${row.id}`)).toMatchObject({ id: exportMedia.id })
    expect(fake.media).toEqual([])
  })

  it('answers 409 saying how to get a video while it has none, or that it is being made', async () => {
    const cases = [
      [slideshowRow({ exportState: 'none' }), MESSAGES.librarySlideshowNotExported],
      [slideshowRow({ exportState: 'failed', exportErrorMessage: 'ffmpeg' }), MESSAGES.librarySlideshowNotExported],
      [slideshowRow({ exportState: 'queued' }), MESSAGES.librarySlideshowExporting],
      // Exported before, exported again now: the new video is not there yet.
      [slideshowRow({ exportState: 'rendering', exportMediaId: randomUUID() }), MESSAGES.librarySlideshowExporting],
    ] as const
    for (const [row, message] of cases) {
      fake.slideshows.push({ row, exported: row.exportMediaId ? mediaRow({ id: row.exportMediaId }) : null })
      const err = await rejection(service().use('u1', `slideshow:${row.id}`))
      expect({ code: err.code, message: err.message }, row.exportState).toEqual({ code: 'CONFLICT', message })
    }
  })

  it('answers 404 for someone else’s, an unknown one, or a malformed id (without asking the database)', async () => {
    const row = slideshowRow({ userId: 'u2', exportState: 'processed', exportMediaId: randomUUID() })
    fake.slideshows.push({ row, exported: mediaRow({ id: row.exportMediaId!, userId: 'u2' }) })
    for (const itemId of [`slideshow:${row.id}`, `slideshow:${randomUUID()}`]) {
      const err = await rejection(service().use('u1', itemId))
      expect({ code: err.code, message: err.message }, itemId).toEqual({
        code: 'NOT_FOUND',
        message: MESSAGES.libraryItemNotFound,
      })
    }
    fake.calls.length = 0
    for (const itemId of ['slideshow:', 'slideshow:123', `slideshow:${row.id}/x`]) {
      expect((await rejection(service().use('u1', itemId))).code, itemId).toBe('NOT_FOUND')
    }
    expect(fake.calls).toEqual([])
  })
})

describe('use: a stock clip', () => {
  beforeEach(() => makeClipFiles(allSlugs))

  it('copies the clip into the person’s media with ffprobe’s facts', async () => {
    const media = await service().use('u1', 'stock:feature-tour')
    const source = stockClipPaths(stockDir, 'feature-tour').video
    expect(inspected).toEqual([source])
    expect(fake.media).toHaveLength(1)
    const row = fake.media[0]!
    expect(row).toMatchObject({
      id: media.id,
      userId: 'u1',
      stockClipId: 'feature-tour',
      originalName: 'Feature tour.mp4',
      storageKey: `u1/${media.id}.mp4`,
      contentType: 'video/mp4',
      sizeBytes: 98_765,
      durationMs: 4_011,
      width: 720,
      height: 1280,
      fps: 30,
      videoCodec: 'h264',
      audioCodec: 'aac',
      createdAt: NOW,
    })
    expect(stored.get(row.storageKey)).toBe(source)
    expect(media).toEqual({
      id: row.id,
      originalName: 'Feature tour.mp4',
      contentType: 'video/mp4',
      sizeBytes: 98_765,
      durationMs: 4_011,
      width: 720,
      height: 1280,
      fps: 30,
      createdAt: NOW.toISOString(),
    })
  })

  it('returns the same copy the next time, without probing or copying again', async () => {
    const library = service()
    const first = await library.use('u1', 'stock:feature-tour')
    inspected.length = 0
    const again = await library.use('u1', 'stock:feature-tour')
    expect(again).toEqual(first)
    expect(inspected).toEqual([])
    expect(stored.size).toBe(1)
    // Someone else, or another clip, is another copy.
    expect((await library.use('u2', 'stock:feature-tour')).id).not.toBe(first.id)
    expect((await library.use('u1', 'stock:clean-interface')).id).not.toBe(first.id)
    expect(fake.media).toHaveLength(3)
  })

  it('keeps the other request’s copy when it won the race, and removes its own file', async () => {
    const library = service()
    const theirs = mediaRow({ userId: 'u1', stockClipId: 'feature-tour', storageKey: 'u1/theirs.mp4' })
    fake.raceOnce(() => fake.media.push(theirs))
    const media = await library.use('u1', 'stock:feature-tour')
    expect(media.id).toBe(theirs.id)
    expect(fake.media).toEqual([theirs])
    expect(removed).toHaveLength(1)
    expect(removed[0]).not.toBe('u1/theirs.mp4')
    expect([...stored.keys()]).toEqual([])
  })

  it('removes the copied file when the row cannot be written, and says so', async () => {
    fake.failInserts(new Error('database is down'))
    await expect(service().use('u1', 'stock:feature-tour')).rejects.toThrow('database is down')
    expect(removed).toHaveLength(1)
    expect([...stored.keys()]).toEqual([])
  })

  it('copies nothing when the plan’s storage has no room for the clip (ADR 058)', async () => {
    const asked: number[] = []
    const full = new AppError('PLAN_LIMIT', 'storage is full')
    const library = service(undefined, async (_userId, bytes) => {
      asked.push(bytes)
      throw full
    })
    expect(await rejection(library.use('u1', 'stock:feature-tour'))).toBe(full)
    expect(asked).toEqual([98_765])
    expect(stored.size).toBe(0)
    expect(fake.media).toEqual([])
  })

  it('copies nothing when the clip is not a readable video', async () => {
    inspection = { kind: 'unreadable', detail: 'moov atom not found' }
    await expect(service().use('u1', 'stock:feature-tour')).rejects.toThrow(/not a readable video/)
    expect(stored.size).toBe(0)
    expect(fake.media).toEqual([])
  })

  it('falls back to the catalogue’s length and frame rate when ffprobe does not say', async () => {
    inspection = videoInspection({
      durationSec: null,
      video: { codec: 'h264', width: 720, height: 1280, fps: null, rotation: 0 },
      audioCodec: null,
    })
    const media = await service().use('u1', 'stock:hook-stop-scrolling')
    expect(media).toMatchObject({ durationMs: stockClipBySlug('hook-stop-scrolling')!.seconds * 1000, fps: 30 })
    expect(fake.media[0]!.audioCodec).toBeNull()
  })

  it('answers 404 for an unknown clip, or one not made yet', async () => {
    rmSync(stockClipPaths(stockDir, 'clean-interface').thumbnail)
    for (const itemId of ['stock:nope', 'stock:', 'stock:clean-interface', 'stock:../v1/feature-tour']) {
      const err = await rejection(service().use('u1', itemId))
      expect(err.code, itemId).toBe('NOT_FOUND')
      expect(err.message).toBe(MESSAGES.libraryItemNotFound)
    }
    expect(inspected).toEqual([])
  })
})

describe('use: one of the person’s videos', () => {
  it('returns the rendered file of a processed video', async () => {
    const id = randomUUID()
    const output = mediaRow()
    fake.videos.push({ id, userId: 'u1', processed: true, title: 'T', description: '', output })
    const media = await service().use('u1', `video:${id}`)
    expect(media).toMatchObject({ id: output.id, width: 1080, height: 1920 })
    expect(fake.media).toEqual([])
  })

  it('answers 409 for one not rendered (yet), 404 for someone else’s or an unknown id', async () => {
    const id = randomUUID()
    fake.videos.push({ id, userId: 'u1', processed: false, title: 'T', description: '', output: mediaRow() })
    const conflict = await rejection(service().use('u1', `video:${id}`))
    expect(conflict.code).toBe('CONFLICT')
    expect(conflict.message).toBe(MESSAGES.libraryVideoNotReady)
    for (const [user, itemId] of [
      ['u2', `video:${id}`],
      ['u1', `video:${randomUUID()}`],
    ] as const) {
      const err = await rejection(service().use(user, itemId))
      expect(err.code, itemId).toBe('NOT_FOUND')
    }
  })

  it('answers 404 for a malformed id without asking the database', async () => {
    for (const itemId of [
      'video:',
      'video:123',
      `video:${'a'.repeat(36)}`,
      `video:${'-'.repeat(36)}`,
      `video:${randomUUID()} `,
      `video:${randomUUID()}/x`,
      'VIDEO:' + randomUUID(),
      'other:thing',
      '',
    ]) {
      const err = await rejection(service().use('u1', itemId))
      expect(err.code, itemId).toBe('NOT_FOUND')
    }
    expect(fake.calls).toEqual([])
  })
})

describe('stock files', () => {
  it('serves the video and thumbnail of a ready clip, whole or a range', async () => {
    makeClipFiles(['feature-tour'])
    const library = service()
    const video = await library.stockVideo('feature-tour')
    expect(video).toMatchObject({
      sizeBytes: 'video of feature-tour'.length,
      contentType: 'video/mp4',
      fileName: 'Feature tour.mp4',
    })
    expect(await text(video.open())).toBe('video of feature-tour')
    expect(await text(video.open({ start: 0, end: 4 }))).toBe('video')
    expect(await text(video.open({ start: 9, end: 20 }))).toBe('feature-tour')
    const thumbnail = await library.stockThumbnail('feature-tour')
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', fileName: 'feature-tour.jpg' })
    expect(await text(thumbnail.open())).toBe('jpeg of feature-tour')
  })

  it('answers 404 for an unknown clip or one not made yet', async () => {
    makeClipFiles(['feature-tour'])
    const library = service()
    for (const slug of ['clean-interface', 'nope', '../v1/feature-tour', '']) {
      expect((await rejection(library.stockVideo(slug))).code, slug).toBe('NOT_FOUND')
      expect((await rejection(library.stockThumbnail(slug))).code, slug).toBe('NOT_FOUND')
    }
  })
})
