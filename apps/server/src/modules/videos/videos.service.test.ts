import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES, type CreateVideoInput } from '@hookpost/shared'
import { createLocalMediaStorage, type LocalMediaStorage } from '../../integrations/storage'
import { AppError } from '../../lib/errors'
import { memoryVideosRepository } from './testing/memory-videos-repository'
import { quietLog, recordingBus, recordingQueue } from './testing/video-fakes'
import { createVideosService, type CreateVideoBody, type VideosService } from './videos.service'

/** The created-videos API's rules with an in-memory repository (videos.int.test.ts runs them over HTTP and SQL). */
const root = mkdtempSync(path.join(tmpdir(), 'videos-service-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ME = 'user-me'
const OTHER = 'user-other'
const now = new Date('2026-11-22T10:00:00Z')

let dir: string
let storage: LocalMediaStorage
let mem: ReturnType<typeof memoryVideosRepository>
let queue: ReturnType<typeof recordingQueue>
let bus: ReturnType<typeof recordingBus>
let cleared: string[]
let warnings: string[]
let videos: VideosService

beforeEach(() => {
  dir = mkdtempSync(path.join(root, 'case-'))
  storage = createLocalMediaStorage(dir)
  mem = memoryVideosRepository()
  queue = recordingQueue()
  bus = recordingBus()
  cleared = []
  warnings = []
  videos = createVideosService({
    repo: mem.repo,
    queue: queue.queue,
    storage,
    workspaces: { clear: async (id) => void cleared.push(id) },
    events: bus.bus,
    checkStorage: async () => undefined,
    clock: () => now,
    log: { ...quietLog, warn: (msg) => void warnings.push(msg) },
  })
})

function body(input: CreateVideoInput): CreateVideoBody {
  return { description: '', demoMediaId: null, layout: 'sequence', textOverlays: [], ...input }
}

async function rejection(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

const overlay = {
  version: 2,
  anchor: null,
  style: 'outline',
  startMs: null,
  endMs: null,
  id: 'o1',
  text: 'Stop scrolling',
  position: 'top',
  color: '#ffffff',
  fontSize: 120,
  fontWeight: 'bold',
  target: 'hook',
} as const

describe('creating a video', () => {
  it('queues a single video and its render job in one transaction, and tells the browser', async () => {
    const hook = mem.addMedia({ userId: ME, originalName: 'hook.mp4' })
    const video = await videos.create(
      ME,
      body({ title: 'Launch day', sourceMediaId: hook.id, textOverlays: [overlay] }),
    )
    expect(video).toMatchObject({
      title: 'Launch day',
      layout: 'single',
      state: 'queued',
      processed: false,
      source: { mediaId: hook.id, originalName: 'hook.mp4' },
      demo: null,
      textOverlays: [overlay],
      processedVideoUrl: null,
    })
    expect(mem.videos.get(video.id)).toMatchObject({ userId: ME, state: 'queued', attempts: 0 })
    expect(queue.calls).toEqual([
      {
        op: 'send',
        name: 'video.render',
        payload: { videoId: video.id },
        singletonKey: video.id,
        startAfter: undefined,
        inTransaction: true,
      },
    ])
    expect(bus.published).toEqual([{ userId: ME, event: { type: 'video.updated', video } }])
  })

  it('makes a hook + demo video in sequence by default, or split; the demo may be landscape', async () => {
    const hook = mem.addMedia({ userId: ME })
    const demo = mem.addMedia({ userId: ME, width: 1920, height: 1080, originalName: 'demo.mov' })
    const sequence = await videos.create(ME, body({ title: 'A', sourceMediaId: hook.id, demoMediaId: demo.id }))
    expect(sequence).toMatchObject({ layout: 'sequence', demo: { mediaId: demo.id, originalName: 'demo.mov' } })
    const split = await videos.create(
      ME,
      body({ title: 'B', sourceMediaId: hook.id, demoMediaId: demo.id, layout: 'split' }),
    )
    expect(split.layout).toBe('split')
  })

  it('takes a landscape or square primary video and keeps how it fits the frame (blurred fill unless cropped)', async () => {
    const landscape = mem.addMedia({ userId: ME, width: 1920, height: 1080 })
    const square = mem.addMedia({ userId: ME, width: 1080, height: 1080 })
    const wide = await videos.create(ME, body({ title: 'Wide', sourceMediaId: landscape.id }))
    expect(wide).toMatchObject({ layout: 'single', fit: 'blur', state: 'queued' })
    const cropped = await videos.create(ME, body({ title: 'Square', sourceMediaId: square.id, fit: 'crop' }))
    expect(cropped.fit).toBe('crop')
    expect([...mem.videos.values()].map((v) => v.fit).sort()).toEqual(['blur', 'crop'])
    expect(queue.calls).toHaveLength(2)
  })

  it('answers 404 for sources that are not the user’s (or not ids at all)', async () => {
    const mine = mem.addMedia({ userId: ME })
    const theirs = mem.addMedia({ userId: OTHER })
    for (const input of [
      { sourceMediaId: theirs.id },
      { sourceMediaId: 'not-a-uuid' },
      { sourceMediaId: mine.id, demoMediaId: theirs.id },
      { sourceMediaId: mine.id, demoMediaId: crypto.randomUUID() },
    ]) {
      const err = await rejection(videos.create(ME, body({ title: 'T', ...input })))
      expect(err.code).toBe('NOT_FOUND')
      expect(err.message).toBe(MESSAGES.mediaNotFound)
    }
    expect(mem.videos.size).toBe(0)
    expect(queue.calls).toEqual([])
  })

  it('keeps no row when the job cannot be queued', async () => {
    const hook = mem.addMedia({ userId: ME })
    queue.queue.send = async () => {
      throw new Error('queue is down')
    }
    const err = await rejection(videos.create(ME, body({ title: 'T', sourceMediaId: hook.id })))
    expect(err).toMatchObject({ code: 'INTERNAL', message: MESSAGES.createVideoFailed })
    expect(mem.videos.size).toBe(0)
  })
})

/** A processed video of `userId` with its output and thumbnail on disk. */
async function processedVideo(userId = ME, title = 'Launch day') {
  const hook = mem.addMedia({ userId })
  const row = await mem.repo.insert({ userId, title, layout: 'single', sourceMediaId: hook.id })
  const output = mem.addMedia({ userId, width: 1080, height: 1920 })
  const thumbnailKey = `${userId}/${output.id}.jpg`
  for (const [key, content] of [
    [output.storageKey, 'mp4 bytes 0123456789'],
    [thumbnailKey, 'jpeg'],
  ] as const) {
    mkdirSync(path.dirname(storage.absolutePath(key)), { recursive: true })
    writeFileSync(storage.absolutePath(key), content)
  }
  mem.videos.set(row.id, {
    ...row,
    state: 'processed',
    progress: 100,
    outputMediaId: output.id,
    thumbnailKey,
    processedAt: now,
  })
  return { id: row.id, output, thumbnailKey }
}

describe('reading videos', () => {
  it('lists only the user’s videos, newest first', async () => {
    const hook = mem.addMedia({ userId: ME })
    const first = await videos.create(ME, body({ title: 'First', sourceMediaId: hook.id }))
    const second = await mem.repo.insert({
      userId: ME,
      title: 'Second',
      layout: 'single',
      sourceMediaId: hook.id,
      createdAt: new Date(now.getTime() + 1000),
    })
    await processedVideo(OTHER)
    expect((await videos.list(ME)).map((v) => v.id)).toEqual([second.id, first.id])
    expect(await videos.list('nobody')).toEqual([])
  })

  it('answers 404 for another user’s video on every read', async () => {
    const theirs = await processedVideo(OTHER)
    for (const read of [videos.get, videos.file, videos.thumbnail]) {
      const err = await rejection(read(ME, theirs.id))
      expect(err).toMatchObject({ code: 'NOT_FOUND', message: 'Video not found' })
    }
    expect((await rejection(videos.get(ME, 'nope'))).code).toBe('NOT_FOUND')
  })

  it('serves the rendered file (named after the title) and the thumbnail once processed', async () => {
    const { id } = await processedVideo(ME, 'A/B test')
    const file = await videos.file(ME, id)
    expect(file).toMatchObject({ contentType: 'video/mp4', fileName: 'A-B test.mp4', sizeBytes: 20 })
    expect(await text(file.open({ start: 4, end: 8 }))).toBe('bytes')
    const thumbnail = await videos.thumbnail(ME, id)
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', sizeBytes: 4 })
  })

  it('says "Video has not been processed yet" before that, and that the file is missing when it is', async () => {
    const hook = mem.addMedia({ userId: ME })
    const queued = await videos.create(ME, body({ title: 'T', sourceMediaId: hook.id }))
    expect(await rejection(videos.file(ME, queued.id))).toMatchObject({
      code: 'CONFLICT',
      message: 'Video has not been processed yet',
    })
    const { id, output } = await processedVideo()
    rmSync(storage.absolutePath(output.storageKey))
    expect(await rejection(videos.file(ME, id))).toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.mediaFileMissing,
    })
  })
})

describe('deleting a video', () => {
  it('removes the row, the output media row, both files and the render folder, and tells the browser', async () => {
    const { id, output, thumbnailKey } = await processedVideo()
    await videos.remove(ME, id)
    expect(mem.videos.has(id)).toBe(false)
    expect(mem.media.has(output.id)).toBe(false)
    expect(existsSync(storage.absolutePath(output.storageKey))).toBe(false)
    expect(existsSync(storage.absolutePath(thumbnailKey))).toBe(false)
    expect(cleared).toEqual([id])
    expect(queue.calls).toEqual([{ op: 'cancel', name: 'video.render', singletonKey: id, inTransaction: true }])
    expect(bus.published).toEqual([{ userId: ME, event: { type: 'video.deleted', videoId: id } }])
  })

  it('refuses while a post uses the rendered file, and deletes nothing', async () => {
    const { id, output } = await processedVideo()
    mem.usedByPost.add(output.id)
    const err = await rejection(videos.remove(ME, id))
    expect(err).toMatchObject({ code: 'CONFLICT', message: MESSAGES.mediaInUse })
    expect(mem.videos.has(id)).toBe(true)
    expect(mem.media.has(output.id)).toBe(true)
    expect(existsSync(storage.absolutePath(output.storageKey))).toBe(true)
    expect(bus.published).toEqual([])
  })

  it('keeps the rendered file when another video was made from it (Library), and removes the rest', async () => {
    const { id, output, thumbnailKey } = await processedVideo()
    const reused = await videos.create(ME, body({ title: 'Made from it', sourceMediaId: output.id }))
    await videos.remove(ME, id)
    expect(mem.videos.has(id)).toBe(false)
    expect(mem.media.has(output.id)).toBe(true)
    expect(existsSync(storage.absolutePath(output.storageKey))).toBe(true)
    expect(existsSync(storage.absolutePath(thumbnailKey))).toBe(false)
    expect(mem.videos.get(reused.id)?.sourceMediaId).toBe(output.id)
  })

  it('logs a file that cannot be removed instead of failing (product.md §8)', async () => {
    const { id } = await processedVideo()
    storage.remove = async () => {
      throw new Error('EACCES')
    }
    await videos.remove(ME, id)
    expect(mem.videos.has(id)).toBe(false)
    expect(warnings.some((w) => w.includes('EACCES'))).toBe(true)
  })

  it('answers 404 for another user’s video and leaves it alone', async () => {
    const theirs = await processedVideo(OTHER)
    expect(await rejection(videos.remove(ME, theirs.id))).toMatchObject({ code: 'NOT_FOUND' })
    expect(mem.videos.has(theirs.id)).toBe(true)
  })
})

describe('retrying a failed render', () => {
  it('queues a failed video again with fresh attempts and its job due now', async () => {
    const hook = mem.addMedia({ userId: ME })
    const row = await mem.repo.insert({ userId: ME, title: 'T', layout: 'single', sourceMediaId: hook.id })
    mem.videos.set(row.id, { ...row, state: 'failed', attempts: 3, errorMessage: 'damaged' })
    const video = await videos.retry(ME, row.id)
    expect(video).toMatchObject({ state: 'queued', errorMessage: null, progress: 0 })
    expect(mem.videos.get(row.id)).toMatchObject({ attempts: 0 })
    expect(queue.calls).toEqual([
      {
        op: 'reschedule',
        name: 'video.render',
        payload: { videoId: row.id },
        singletonKey: row.id,
        startAfter: now,
        inTransaction: true,
      },
    ])
  })

  it('refuses anything but a failed video (409) and other users’ videos (404)', async () => {
    const { id } = await processedVideo()
    expect(await rejection(videos.retry(ME, id))).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.onlyFailedCanRetry,
    })
    expect(mem.videos.get(id)!.state).toBe('processed')
    expect(await rejection(videos.retry(OTHER, id))).toMatchObject({ code: 'NOT_FOUND' })
    expect(queue.calls).toEqual([])
  })
})
