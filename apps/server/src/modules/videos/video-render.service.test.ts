import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES, type ServerEvent } from '@hookpost/shared'
import { createLocalMediaStorage, StorageNotFoundError, type LocalMediaStorage } from '../../integrations/storage'
import {
  RenderError,
  type RenderOptions,
  type RenderPlan,
  type RenderResult,
} from '../../integrations/ffmpeg/render/types'
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from './render-rules'
import { createRenderWorkspaces } from './render-workspace'
import { memoryVideosRepository } from './testing/memory-videos-repository'
import { quietLog, recordingBus, recordingQueue } from './testing/video-fakes'
import { createVideoRenderService, type RenderFunction } from './video-render.service'

/**
 * The render job with a fake renderer, an in-memory repository and real folders: claims, progress, keeping the
 * output, the retry rule, losing the claim, shutdown and the sweep.
 */
const root = mkdtempSync(path.join(tmpdir(), 'video-render-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const USER = 'user-1'
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface FakeRender {
  fn: RenderFunction
  plans: RenderPlan[]
  options: RenderOptions[]
}

/** Writes the output and thumbnail where the plan says, reporting progress on the way, like the real renderer. */
function fakeRender(
  behaviour: (plan: RenderPlan, options: RenderOptions, call: number) => Promise<void> = async () => {},
) {
  const fake: FakeRender = {
    plans: [],
    options: [],
    fn: async (plan, options) => {
      fake.plans.push(plan)
      fake.options.push(options)
      await behaviour(plan, options, fake.plans.length)
      for (const p of [0, 25, 50, 75, 100]) options.onProgress?.(p)
      writeFileSync(plan.outputPath, 'rendered mp4 bytes')
      writeFileSync(plan.thumbnailPath, 'jpeg bytes')
      const result: RenderResult = { durationMs: 3_000, width: 1080, height: 1920, sizeBytes: 18, elapsedMs: 5 }
      return result
    },
  }
  return fake
}

/** Never finishes unless aborted: a long render. */
function hangingRender(): FakeRender & { started: Promise<void> } {
  let started!: () => void
  const fake = {
    plans: [] as RenderPlan[],
    options: [] as RenderOptions[],
    started: new Promise<void>((resolve) => (started = resolve)),
    fn: (plan: RenderPlan, options: RenderOptions) =>
      new Promise<RenderResult>((_, reject) => {
        fake.plans.push(plan)
        fake.options.push(options)
        options.onProgress?.(10)
        started()
        options.signal?.addEventListener('abort', () =>
          reject(new RenderError('The video could not be rendered: it was stopped', 'aborted', true)),
        )
      }),
  }
  return fake
}

let dir: string
let storage: LocalMediaStorage
let mem: ReturnType<typeof memoryVideosRepository>
let queue: ReturnType<typeof recordingQueue>
let bus: ReturnType<typeof recordingBus>
let now: Date

beforeEach(() => {
  dir = mkdtempSync(path.join(root, 'case-'))
  storage = createLocalMediaStorage(path.join(dir, 'media'))
  mem = memoryVideosRepository()
  queue = recordingQueue()
  bus = recordingBus()
  now = new Date('2026-11-22T10:00:00Z')
})

function service(render: FakeRender, settings: Partial<RenderSettings> = {}) {
  return createVideoRenderService({
    repo: mem.repo,
    queue: queue.queue,
    storage,
    workspaces: createRenderWorkspaces(path.join(dir, 'renders')),
    render: render.fn,
    ffmpegPath: '/usr/bin/ffmpeg',
    events: bus.bus,
    clock: () => now,
    log: quietLog,
    settings: { ...DEFAULT_RENDER_SETTINGS, progressEventMs: 0, ...settings },
  })
}

/** A stored source file and its media row. */
function source(overrides: Parameters<typeof mem.addMedia>[0] = { userId: USER }) {
  const row = mem.addMedia(overrides)
  const file = path.join(dir, 'media', row.storageKey)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, 'source bytes')
  return row
}

async function queuedVideo(overrides: Parameters<typeof mem.repo.insert>[0] | object = {}) {
  const hook = source()
  return mem.repo.insert({
    userId: USER,
    title: 'Launch day',
    layout: 'single',
    sourceMediaId: hook.id,
    textOverlays: [
      {
        version: 2,
        anchor: null,
        style: 'outline',
        startMs: null,
        endMs: null,
        id: 'o1',
        text: 'Wait for it',
        position: 'top',
        color: '#ffffff',
        fontSize: 120,
        fontWeight: 'bold',
        target: 'both',
      },
    ],
    ...overrides,
  })
}

const events = (type: ServerEvent['type']) => bus.published.filter((p) => p.event.type === type).map((p) => p.event)

describe('rendering a queued video', () => {
  it('renders it, keeps the output as a media file of the user’s, and tells the browser', async () => {
    const video = await queuedVideo()
    const render = fakeRender()
    await service(render).render()

    expect(render.plans).toHaveLength(1)
    const plan = render.plans[0]!
    const hook = mem.media.get(video.sourceMediaId)!
    expect(plan).toMatchObject({
      layout: 'single',
      demo: null,
      overlays: video.textOverlays,
      hook: {
        path: storage.absolutePath(hook.storageKey),
        width: 720,
        height: 1280,
        durationMs: 3000,
        fps: 30,
        hasAudio: true,
      },
    })
    expect(render.options[0]).toMatchObject({ ffmpegPath: '/usr/bin/ffmpeg', timeoutMs: 180_000 })
    expect(render.options[0]!.signal).toBeInstanceOf(AbortSignal)

    const row = mem.videos.get(video.id)!
    expect(row).toMatchObject({ state: 'processed', progress: 100, attempts: 1, processedAt: now, errorMessage: null })
    const output = mem.media.get(row.outputMediaId!)!
    expect(output).toMatchObject({
      userId: USER,
      originalName: 'Launch day.mp4',
      storageKey: `${USER}/${row.outputMediaId}.mp4`,
      contentType: 'video/mp4',
      sizeBytes: 'rendered mp4 bytes'.length,
      durationMs: 3_000,
      width: 1080,
      height: 1920,
      fps: 30,
      videoCodec: 'h264',
      audioCodec: 'aac',
    })
    expect(readFileSync(storage.absolutePath(output.storageKey), 'utf8')).toBe('rendered mp4 bytes')
    expect(row.thumbnailKey).toBe(`${USER}/${row.outputMediaId}.jpg`)
    expect(readFileSync(storage.absolutePath(row.thumbnailKey!), 'utf8')).toBe('jpeg bytes')
    // The scratch folder is gone.
    expect(readdirSync(path.join(dir, 'renders'))).toEqual([])

    const progress = events('video.progress')
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((e) => e.type === 'video.progress' && e.videoId === video.id)).toBe(true)
    const updates = events('video.updated')
    expect(updates.map((e) => e.type === 'video.updated' && e.video.state)).toEqual(['rendering', 'processed'])
    const last = updates.at(-1)!
    expect(last.type === 'video.updated' && last.video).toMatchObject({
      processed: true,
      outputMediaId: row.outputMediaId,
      processedVideoUrl: `/api/videos/${video.id}/file`,
    })
    expect(bus.published.every((p) => p.userId === USER)).toBe(true)
    expect(queue.calls).toEqual([])
  })

  it('never renders a processed video again, and a duplicate job during a render does nothing', async () => {
    const video = await queuedVideo()
    const render = fakeRender(() => sleep(50))
    const renders = service(render)
    await Promise.all([renders.render(), renders.render()])
    await renders.render()
    expect(render.plans).toHaveLength(1)
    expect(mem.videos.get(video.id)!.state).toBe('processed')
    expect([...mem.media.values()].filter((m) => m.width === 1080)).toHaveLength(1)
  })

  it('gives a hook + demo render both sources with their own facts, and a silent demo stays silent', async () => {
    const demo = source({ userId: USER, width: 1920, height: 1080, audioCodec: null, durationMs: 5000, fps: 25 })
    await queuedVideo({ layout: 'sequence', demoMediaId: demo.id })
    const render = fakeRender()
    await service(render).render()
    expect(render.plans[0]).toMatchObject({
      layout: 'sequence',
      hook: { width: 720, height: 1280, hasAudio: true },
      demo: {
        path: storage.absolutePath(demo.storageKey),
        width: 1920,
        height: 1080,
        durationMs: 5000,
        fps: 25,
        hasAudio: false,
      },
    })
  })

  it('renders from local copies when the storage is remote (S3), held until the render ends, then gone', async () => {
    const demo = source({ userId: USER, durationMs: 5000 })
    const video = await queuedVideo({ layout: 'sequence', demoMediaId: demo.id })
    const downloads = path.join(dir, 'downloads')
    mkdirSync(downloads)
    const local = storage
    // S3's withLocalFile: a temporary download, deleted once `use` settles.
    storage = {
      ...local,
      async withLocalFile(key, use) {
        const copy = path.join(downloads, key.replaceAll('/', '_'))
        copyFileSync(local.absolutePath(key), copy)
        try {
          return await use(copy)
        } finally {
          rmSync(copy)
        }
      },
    }
    let seen: boolean[] = []
    const render = fakeRender(async (plan) => {
      seen = [plan.hook.path, plan.demo!.path].map((p) => p.startsWith(downloads) && existsSync(p))
    })
    await service(render).render()
    expect(seen).toEqual([true, true])
    expect(mem.videos.get(video.id)!.state).toBe('processed')
    expect(readdirSync(downloads)).toEqual([])
  })

  it('fails for good, with the message, when a source is gone by the time it is fetched', async () => {
    const video = await queuedVideo()
    const local = storage
    storage = {
      ...local,
      withLocalFile: (key) => Promise.reject(new StorageNotFoundError(key)),
    }
    const render = fakeRender()
    await service(render).render()
    expect(render.plans).toEqual([])
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'failed', errorMessage: MESSAGES.mediaFileMissing })
  })

  it('writes progress into the row now and then while rendering (the heartbeat)', async () => {
    await queuedVideo()
    const beats: number[] = []
    const render = fakeRender(async (_plan, options) => {
      options.onProgress?.(37)
      // Until two heartbeats were written (a timer-based wait would be flaky on a busy machine); none → test timeout.
      while (beats.length < 2) await sleep(10)
    })
    const heartbeat = mem.repo.heartbeatInternal
    mem.repo.heartbeatInternal = async (...args) => {
      beats.push(args[2])
      return heartbeat(...args)
    }
    await service(render, { progressWriteMs: 30 }).render()
    expect(beats.length).toBeLessThan(10)
    expect(beats).toContain(37)
  })

  it('throttles progress events', async () => {
    await queuedVideo()
    const render = fakeRender(async (_plan, options) => {
      for (let i = 0; i < 100; i++) options.onProgress?.(i)
    })
    await service(render, { progressEventMs: 60_000 }).render()
    // The first report, the final 100s, and nothing in between.
    const percents = events('video.progress').map((e) => e.type === 'video.progress' && e.percent)
    expect(percents[0]).toBe(0)
    expect(percents.filter((p) => p !== 0 && p !== 100)).toEqual([])
  })
})

describe('the retry rule', () => {
  it('retries a failing render after 2 s and 4 s, then fails with a message, and is never processed', async () => {
    const video = await queuedVideo()
    const failure = new RenderError('The video could not be rendered: ffmpeg crashed', 'Segmentation fault', true)
    const render = fakeRender(async () => {
      throw failure
    })
    const renders = service(render)

    await renders.render()
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'queued', attempts: 1 })
    expect(queue.calls).toEqual([
      {
        op: 'reschedule',
        name: 'video.render',
        payload: { videoId: video.id },
        singletonKey: video.id,
        startAfter: new Date(now.getTime() + 2_000),
        inTransaction: true,
      },
    ])
    const queuedEvent = events('video.updated').at(-1)!
    expect(queuedEvent.type === 'video.updated' && queuedEvent.video).toMatchObject({
      state: 'queued',
      errorMessage: null,
    })

    // Not before its back-off, whichever job wakes it (ADR 055).
    now = new Date(now.getTime() + 1_999)
    await renders.render()
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'queued', attempts: 1 })
    now = new Date(now.getTime() + 1)
    await renders.render()
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'queued', attempts: 2 })
    expect(queue.calls[1]?.startAfter).toEqual(new Date(now.getTime() + 4_000))

    now = new Date(now.getTime() + 4_000)
    await renders.render()
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'failed', attempts: 3, errorMessage: failure.message })
    expect(queue.calls).toHaveLength(2)
    const failed = events('video.updated').at(-1)!
    expect(failed.type === 'video.updated' && failed.video).toMatchObject({
      state: 'failed',
      processed: false,
      errorMessage: failure.message,
      processedVideoUrl: null,
    })
    // Another job for it finds nothing to do; nothing was kept, and the source is untouched.
    await renders.render()
    expect(render.plans).toHaveLength(3)
    expect(mem.media.size).toBe(1)
    expect(existsSync(storage.absolutePath(mem.media.get(video.sourceMediaId)!.storageKey))).toBe(true)
    expect(readdirSync(path.join(dir, 'renders'))).toEqual([])
  })

  it('does not retry what cannot succeed (a damaged source)', async () => {
    const video = await queuedVideo()
    const render = fakeRender(async () => {
      throw new RenderError(
        'The video could not be rendered: the source video is damaged',
        'moov atom not found',
        false,
      )
    })
    await service(render).render()
    expect(mem.videos.get(video.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorMessage: 'The video could not be rendered: the source video is damaged',
    })
    expect(queue.calls).toEqual([])
  })

  it('fails at once, without rendering, when a source file is missing on disk', async () => {
    const video = await queuedVideo()
    rmSync(storage.absolutePath(mem.media.get(video.sourceMediaId)!.storageKey))
    const render = fakeRender()
    await service(render).render()
    expect(render.plans).toHaveLength(0)
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'failed', errorMessage: MESSAGES.mediaFileMissing })
  })

  it('retries when the scratch folder cannot be made, instead of leaving the video claimed', async () => {
    const video = await queuedVideo()
    writeFileSync(path.join(dir, 'renders'), 'not a folder')
    const render = fakeRender()
    await service(render).render()
    expect(render.plans).toHaveLength(0)
    expect(mem.videos.get(video.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      errorMessage: MESSAGES.renderFailed,
    })
    expect(queue.calls).toEqual([expect.objectContaining({ op: 'reschedule', singletonKey: video.id })])
  })

  it('treats a "success" without an output file as a failure, never as processed', async () => {
    const video = await queuedVideo()
    const render: FakeRender = {
      plans: [],
      options: [],
      fn: async (plan) => {
        render.plans.push(plan)
        return { durationMs: 3_000, width: 1080, height: 1920, sizeBytes: 0, elapsedMs: 1 }
      },
    }
    await service(render).render()
    expect(mem.videos.get(video.id)).toMatchObject({
      state: 'queued',
      outputMediaId: null,
      errorMessage: MESSAGES.renderFailed,
    })
    expect(mem.media.size).toBe(1)
  })
})

describe('losing the claim', () => {
  it('stops a render whose video was deleted meanwhile, and keeps nothing', async () => {
    const video = await queuedVideo()
    const render = hangingRender()
    const running = service(render, { progressWriteMs: 20 }).render()
    await render.started
    await mem.repo.deleteForUser(USER, video.id)
    await running
    expect(render.options[0]!.signal!.aborted).toBe(true)
    expect(mem.media.size).toBe(1)
    expect(readdirSync(path.join(dir, 'renders'))).toEqual([])
    expect(queue.calls).toEqual([])
  })

  it('keeps nothing when the video went away just as the render finished', async () => {
    const video = await queuedVideo()
    const render = fakeRender(async () => {
      await mem.repo.deleteForUser(USER, video.id)
    })
    await service(render).render()
    expect(mem.media.size).toBe(1)
    expect(readdirSync(path.join(dir, 'media', USER))).toHaveLength(1)
  })
})

describe('stopping and dead workers', () => {
  it('gives a render back at shutdown: queued again, due now, the attempt refunded', async () => {
    const video = await queuedVideo()
    const render = hangingRender()
    const renders = service(render, { stopGraceMs: 10 })
    const running = renders.render()
    await render.started
    await renders.stop()
    await running
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'queued', attempts: 0, errorMessage: null })
    expect(queue.calls).toEqual([
      expect.objectContaining({ op: 'reschedule', singletonKey: video.id, startAfter: now, inTransaction: true }),
    ])
    expect(() => renders.render()).toThrow(/stopping/)
  })

  it('gives a render back when the stop comes while the attempt is being prepared', async () => {
    const video = await queuedVideo()
    let release!: () => void
    let entered!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const preparing = new Promise<void>((resolve) => (entered = resolve))
    const find = mem.repo.findRenderInputsInternal
    mem.repo.findRenderInputsInternal = async (id) => {
      entered()
      await gate
      return find(id)
    }
    const render = fakeRender(async (_plan, options) => {
      if (options.signal?.aborted) throw new RenderError('stopped', 'stopped before ffmpeg started', true)
    })
    const renders = service(render, { stopGraceMs: 0 })
    const running = renders.render()
    await preparing
    const stopping = renders.stop()
    // stop() aborts after its 0 ms grace timer; this longer timer fires after it, so the attempt resumes stopped.
    await sleep(20)
    release()
    await Promise.all([running, stopping])
    expect(mem.videos.get(video.id)).toMatchObject({ state: 'queued', attempts: 0 })
    expect(mem.media.size).toBe(1)
  })

  it('the sweep queues renders whose lease expired, fails them after the last attempt, and re-sends lost jobs', async () => {
    const renders = service(fakeRender(), { leaseMs: 60_000, queuedGraceMs: 60_000 })
    const old = new Date(now.getTime() - 61_000)
    // Made first, and said so: videos made in the same millisecond would take their turn in the order of their ids.
    const orphan = await queuedVideo({ state: 'rendering', attempts: 1, updatedAt: old, createdAt: old })
    const worn = await queuedVideo({ state: 'rendering', attempts: 3, updatedAt: old })
    // Someone else's, so this person is not at the cap of renders running (ADR 055).
    const alive = await queuedVideo({
      userId: 'user-2',
      state: 'rendering',
      attempts: 1,
      updatedAt: new Date(now.getTime() - 5_000),
    })
    const lost = await queuedVideo({ state: 'queued', updatedAt: old })
    const waiting = await queuedVideo({ state: 'queued', updatedAt: now })
    const done = await queuedVideo({ state: 'processed', updatedAt: old })

    expect(await renders.sweep()).toEqual({ requeued: 1, failed: 1, resent: 1 })
    expect(mem.videos.get(orphan.id)).toMatchObject({ state: 'queued', attempts: 1, updatedAt: now })
    expect(mem.videos.get(worn.id)).toMatchObject({ state: 'failed', errorMessage: MESSAGES.renderInterrupted })
    expect(mem.videos.get(alive.id)!.state).toBe('rendering')
    expect(mem.videos.get(waiting.id)!.state).toBe('queued')
    expect(mem.videos.get(done.id)!.state).toBe('processed')
    expect(queue.calls).toEqual([
      expect.objectContaining({ op: 'reschedule', singletonKey: orphan.id, startAfter: now, inTransaction: true }),
      expect.objectContaining({ op: 'send', singletonKey: lost.id, inTransaction: false }),
    ])
    // Announced to the owner.
    const states = events('video.updated').map((e) => e.type === 'video.updated' && [e.video.id, e.video.state])
    expect(states).toEqual([
      [orphan.id, 'queued'],
      [worn.id, 'failed'],
    ])

    // The requeued orphan then renders normally.
    await renders.render()
    expect(mem.videos.get(orphan.id)).toMatchObject({ state: 'processed', attempts: 2 })
  })

  it('at start on the only worker, treats every render in flight as orphaned', async () => {
    const renders = service(fakeRender())
    const orphan = await queuedVideo({ state: 'rendering', attempts: 1, updatedAt: new Date(now.getTime() - 1_000) })
    expect(await renders.sweep({ orphanedBefore: now })).toMatchObject({ requeued: 1 })
    expect(mem.videos.get(orphan.id)!.state).toBe('queued')
  })
})
