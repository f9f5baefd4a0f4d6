import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import {
  createdVideoListSchema,
  createdVideoResponseSchema,
  instantToZoned,
  MESSAGES,
  type CreatedVideo,
  type ServerEvent,
} from '@hookpost/shared'
import { createdVideo, mediaFile } from '../../db/schema'
import { createRuntime } from '../../entrypoints/runtime'
import { RENDER_MESSAGES, RenderError } from '../../integrations/ffmpeg/render'
import { getStoredFile, inject, openEventStream, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../testing/tiktok-sandbox'
import { connectCreator } from '../publishing/testing/publishing-test-kit'
import type { RenderSettings } from './render-rules'
import type { RenderFunction } from './video-render.service'

/**
 * The video studio end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the real job queue
 * and the real ffmpeg renderer: create → render (progress and state on the live stream) → play, download, thumbnail
 * → schedule → delete. Short clips keep it quick; back-offs and the lease are shortened.
 */
// A stop stops a render at once: the in-process stand-in for a worker going away mid-render.
const SETTINGS: Partial<RenderSettings> = {
  retryBaseMs: 200,
  progressEventMs: 100,
  progressWriteMs: 500,
  stopGraceMs: 0,
}
/** What the server logged (info and warnings), for the tests that look at what happened inside. */
const logged: string[] = []
const log = {
  info: (msg: string) => void logged.push(msg),
  warn: (msg: string) => void logged.push(msg),
  error: (msg: string, err?: unknown) => void logged.push(`${msg} ${String(err)}`),
}

let sandbox: TestSandbox
let server: TestServer
let fixtureDir: string
let hookClip: string
let demoClip: string
let address: string

const start = (render?: RenderFunction) =>
  createRuntime({
    mode: 'all',
    config: server.config,
    log,
    httpLogger: false,
    videos: SETTINGS,
    ...(render ? { render } : {}),
  })

/** Stops the whole server and starts it again on the same data (as after Ctrl-C and `npm start`). */
async function restart(render?: RenderFunction) {
  await server.runtime.stop()
  server.runtime = await start(render)
  address = await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
}

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'videos-int-'))
  hookClip = path.join(fixtureDir, 'hook.mp4')
  demoClip = path.join(fixtureDir, 'demo.mp4')
  const made = Promise.all([
    makeVideo(hookClip, { seconds: 1.5, width: 360, height: 640 }),
    makeVideo(demoClip, { seconds: 1, width: 640, height: 360, audio: false }),
  ])
  sandbox = await startTestSandbox()
  server = await startTestServer(sandbox.env)
  await server.runtime.stop()
  server.runtime = await start()
  address = await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
  await made
})
afterAll(async () => {
  await server?.close()
  await sandbox?.close()
  rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db
/** Whether media storage (local or S3) holds `key`. */
const isStored = async (key: string) => (await server.storage.size(key)) !== null

/** A signed-in person with a portrait hook clip (1.5 s, with sound) and a landscape demo (1 s, silent). */
async function person() {
  const { cookie, userId } = await signUp(server)
  const hookId = await storeMedia(server, userId, hookClip, {
    durationMs: 1_500,
    width: 360,
    height: 640,
    originalName: 'hook.mp4',
  })
  const demoId = await storeMedia(server, userId, demoClip, {
    durationMs: 1_000,
    width: 640,
    height: 360,
    audioCodec: null,
    originalName: 'demo.mp4',
  })
  return { cookie, userId, hookId, demoId }
}

const overlays = [
  {
    version: 2,
    anchor: null,
    style: 'outline',
    startMs: null,
    endMs: null,
    id: 'o1',
    text: 'Stop scrolling 👀',
    position: 'top',
    color: '#ffffff',
    fontSize: 120,
    fontWeight: 'bold',
    target: 'both',
  },
  {
    version: 2,
    anchor: null,
    style: 'outline',
    startMs: null,
    endMs: null,
    id: 'o2',
    text: 'The fastest way to plan a week of posts',
    position: 'bottom',
    color: '#ffcc00',
    fontSize: 96,
    fontWeight: 'normal',
    target: 'hook',
  },
] as const

async function createVideo(cookie: string, body: Record<string, unknown>) {
  const res = await inject(server, 'POST', '/api/videos', cookie, { title: 'Launch day', ...body })
  expect(res.statusCode, res.body).toBe(201)
  return createdVideoResponseSchema.parse(res.json()).video
}

async function getVideo(cookie: string, id: string): Promise<CreatedVideo> {
  const res = await inject(server, 'GET', `/api/videos/${id}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return createdVideoResponseSchema.parse(res.json()).video
}

/** Waits until the video is processed or failed, as the API reports it. */
function settled(cookie: string, id: string, ms = 45_000) {
  return eventually(async () => {
    const video = await getVideo(cookie, id)
    return video.state === 'processed' || video.state === 'failed' ? video : undefined
  }, ms)
}

async function row(id: string) {
  const [found] = await db().select().from(createdVideo).where(eq(createdVideo.id, id))
  return found
}

async function mediaRow(id: string) {
  const [found] = await db().select().from(mediaFile).where(eq(mediaFile.id, id))
  return found
}

async function renderJobs(videoId: string) {
  const result = await db().execute(
    sql`select state from pgboss.job where name = 'video.render' and singleton_key = ${videoId}`,
  )
  return (result as unknown as { rows: { state: string }[] }).rows
}

describe('creating and rendering a video', () => {
  it('renders a single video with two overlays: progress, then processed, on the live stream; play, download, thumbnail', async () => {
    const me = await person()
    const other = await signUp(server)
    const stream = await openEventStream(address, me.cookie)
    const otherStream = await openEventStream(address, other.cookie)
    let created: CreatedVideo
    try {
      created = await createVideo(me.cookie, {
        description: 'We are live',
        sourceMediaId: me.hookId,
        textOverlays: overlays,
      })
      expect(created).toMatchObject({
        title: 'Launch day',
        description: 'We are live',
        layout: 'single',
        state: 'queued',
        processed: false,
        processedVideoUrl: null,
        downloadUrl: null,
        thumbnailUrl: null,
        outputMediaId: null,
        durationMs: null,
        source: { mediaId: me.hookId, originalName: 'hook.mp4' },
        demo: null,
        textOverlays: overlays,
      })

      const done = await eventually(
        async () =>
          stream.events.find(
            (e): e is Extract<ServerEvent, { type: 'video.updated' }> =>
              e.type === 'video.updated' &&
              e.video.id === created.id &&
              (e.video.state === 'processed' || e.video.state === 'failed'),
          ),
        45_000,
      )
      expect(done.video).toMatchObject({ state: 'processed', processed: true, progress: 100, errorMessage: null })
      const firstProgress = stream.events.findIndex((e) => e.type === 'video.progress' && e.videoId === created.id)
      expect(firstProgress).toBeGreaterThanOrEqual(0)
      expect(firstProgress).toBeLessThan(stream.events.indexOf(done))
      const percents = stream.events.flatMap((e) => (e.type === 'video.progress' ? [e.percent] : []))
      expect(percents.every((p) => p >= 0 && p <= 100)).toBe(true)
      expect(percents.at(-1)).toBe(100)
      const states = stream.events.flatMap((e) => (e.type === 'video.updated' ? [e.video.state] : []))
      expect(states).toEqual(['queued', 'rendering', 'processed'])
      expect(otherStream.events).toEqual([])
    } finally {
      stream.close()
      otherStream.close()
    }

    const video = await getVideo(me.cookie, created.id)
    expect(video).toMatchObject({
      processed: true,
      processedVideoUrl: `/api/videos/${video.id}/file`,
      downloadUrl: `/api/videos/${video.id}/download`,
      thumbnailUrl: `/api/videos/${video.id}/thumbnail`,
    })
    expect(video.processedAt).not.toBeNull()
    expect(Math.abs(video.durationMs! - 1_500)).toBeLessThanOrEqual(100)
    const list = createdVideoListSchema.parse((await inject(server, 'GET', '/api/videos', me.cookie)).json())
    expect(list.videos.map((v) => v.id)).toEqual([video.id])

    // The output is a 1080×1920 MP4 media file of the user's, stored like an upload.
    const output = (await mediaRow(video.outputMediaId!))!
    expect(output).toMatchObject({
      userId: me.userId,
      originalName: 'Launch day.mp4',
      contentType: 'video/mp4',
      width: 1080,
      height: 1920,
      videoCodec: 'h264',
      audioCodec: 'aac',
    })
    expect(await isStored(output.storageKey)).toBe(true)
    const asMedia = await inject(server, 'GET', `/api/media/${video.outputMediaId}`, me.cookie)
    expect(asMedia.json()).toMatchObject({ media: { width: 1080, height: 1920 } })

    // Local storage: the app sends the bytes; S3: it redirects to a presigned URL on the bucket, which sends them.
    const file = await getStoredFile(server, video.processedVideoUrl!, me.cookie)
    expect(file.redirected).toBe(server.config.storage.kind === 's3')
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('video/mp4')
    expect(file.headers['accept-ranges']).toBe('bytes')
    expect(Number(file.headers['content-length'])).toBe(output.sizeBytes)
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(file.headers['content-disposition']).toMatch(/^inline; /)

    const slice = await getStoredFile(server, video.processedVideoUrl!, me.cookie, { range: 'bytes=0-99' })
    expect(slice.statusCode).toBe(206)
    expect(slice.headers['content-range']).toBe(`bytes 0-99/${output.sizeBytes}`)
    expect(slice.rawPayload).toHaveLength(100)
    expect(slice.rawPayload.equals(file.rawPayload.subarray(0, 100))).toBe(true)
    const head = await inject(server, 'HEAD', video.processedVideoUrl!, me.cookie)
    // On S3, HEAD answers the redirect too (a presigned URL is signed for GET only).
    expect(head.statusCode).toBe(server.config.storage.kind === 's3' ? 302 : 200)
    if (server.config.storage.kind === 'local') expect(Number(head.headers['content-length'])).toBe(output.sizeBytes)

    const download = await getStoredFile(server, video.downloadUrl!, me.cookie)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Launch day.mp4"; filename*=UTF-8''Launch%20day.mp4`,
    )
    expect(download.rawPayload.equals(file.rawPayload)).toBe(true)

    const thumbnail = await getStoredFile(server, video.thumbnailUrl!, me.cookie)
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/jpeg')
    expect([...thumbnail.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('renders hook + demo in sequence as long as both together, and split as long as the longer', async () => {
    const me = await person()
    const sequence = await createVideo(me.cookie, {
      sourceMediaId: me.hookId,
      demoMediaId: me.demoId,
      textOverlays: [overlays[0], { ...overlays[1], target: 'demo' }],
    })
    const split = await createVideo(me.cookie, { sourceMediaId: me.hookId, demoMediaId: me.demoId, layout: 'split' })
    expect(sequence).toMatchObject({ layout: 'sequence', demo: { mediaId: me.demoId, originalName: 'demo.mp4' } })
    expect(split.layout).toBe('split')

    const renderedSequence = await settled(me.cookie, sequence.id)
    expect(renderedSequence.state).toBe('processed')
    expect(Math.abs(renderedSequence.durationMs! - 2_500)).toBeLessThanOrEqual(100)
    const renderedSplit = await settled(me.cookie, split.id)
    expect(renderedSplit.state).toBe('processed')
    expect(Math.abs(renderedSplit.durationMs! - 1_500)).toBeLessThanOrEqual(100)
  })

  it('renders a landscape primary video fitted to 9:16 as asked (blurred fill by default, or cropped)', async () => {
    const me = await person()
    const blurred = await createVideo(me.cookie, { title: 'Wide', sourceMediaId: me.demoId })
    expect(blurred.fit).toBe('blur')
    expect(blurred.cropFocus).toBe(50)
    const cropped = await createVideo(me.cookie, {
      title: 'Wide crop',
      sourceMediaId: me.demoId,
      fit: 'crop',
      cropFocus: 20,
    })
    expect(cropped).toMatchObject({ fit: 'crop', cropFocus: 20 })
    const rows = await db()
      .select({ id: createdVideo.id, fit: createdVideo.fit, cropFocus: createdVideo.cropFocus })
      .from(createdVideo)
    expect(rows.find((r) => r.id === cropped.id)).toMatchObject({ fit: 'crop', cropFocus: 20 })
    for (const video of [blurred, cropped]) {
      const done = await settled(me.cookie, video.id)
      expect(done.state).toBe('processed')
      // The output's own probe facts, measured when it was stored.
      expect(await mediaRow(done.outputMediaId!)).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' })
    }
  })

  it('refuses a fit it does not know or a crop focus outside 0–100, and stores nothing', async () => {
    const me = await person()
    const [before] = await db().select({ n: count() }).from(createdVideo)
    for (const bad of [{ fit: 'stretch' }, { fit: 'crop', cropFocus: 101 }, { fit: 'crop', cropFocus: 12.5 }]) {
      const res = await inject(server, 'POST', '/api/videos', me.cookie, {
        title: 'Wide',
        sourceMediaId: me.demoId,
        ...bad,
      })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
    const [after] = await db().select({ n: count() }).from(createdVideo)
    expect(after!.n).toBe(before!.n)
  })

  it('checks the form: a title and a source are required, overlay text must not be blank', async () => {
    const me = await person()
    const noTitle = await inject(server, 'POST', '/api/videos', me.cookie, { title: '  ', sourceMediaId: me.hookId })
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().message).toBe('Please enter a title for your video')
    const noSource = await inject(server, 'POST', '/api/videos', me.cookie, { title: 'T', sourceMediaId: '' })
    expect(noSource.json().message).toBe('Please upload a video, select one from your library, or choose a demo video')
    const blank = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'T',
      sourceMediaId: me.hookId,
      textOverlays: [{ ...overlays[0], text: '   ' }],
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('Please enter text for the overlay')
  })

  it('checks overlay times (ADR 031): start before end, end within the video; a refused body stores nothing', async () => {
    const me = await person()
    const [before] = await db().select({ n: count() }).from(createdVideo)
    const tooLate = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'T',
      sourceMediaId: me.hookId,
      textOverlays: [{ ...overlays[0], startMs: 500, endMs: 600_000 }],
    })
    expect(tooLate.statusCode).toBe(400)
    expect(tooLate.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The overlay must end by the end of the video',
      details: [{ path: 'textOverlays.0.endMs', message: 'The overlay must end by the end of the video' }],
    })
    const backwards = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'T',
      sourceMediaId: me.hookId,
      textOverlays: [{ ...overlays[0], startMs: 1000, endMs: 500 }],
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().message).toBe('The overlay must end after it starts')
    // A version 1 overlay is what the API used to take: it now needs the version 2 fields.
    const { version: _v, style: _s, anchor: _a, startMs: _st, endMs: _e, ...v1 } = overlays[0]
    const old = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'T',
      sourceMediaId: me.hookId,
      textOverlays: [{ ...v1, fontSize: 48 }],
    })
    expect(old.statusCode).toBe(400)
    const [after] = await db().select({ n: count() }).from(createdVideo)
    expect(after!.n).toBe(before!.n)
  })
})

describe('whose videos', () => {
  it("answers 404 for another user's video on every route, and for their media as a source", async () => {
    const owner = await person()
    const video = await createVideo(owner.cookie, { sourceMediaId: owner.hookId })
    await settled(owner.cookie, video.id)
    const intruder = await person()
    for (const [method, url] of [
      ['GET', `/api/videos/${video.id}`],
      ['DELETE', `/api/videos/${video.id}`],
      ['POST', `/api/videos/${video.id}/retry`],
      ['GET', `/api/videos/${video.id}/file`],
      ['GET', `/api/videos/${video.id}/download`],
      ['GET', `/api/videos/${video.id}/thumbnail`],
      ['GET', '/api/videos/not-a-uuid'],
    ] as const) {
      const res = await inject(server, method, url, intruder.cookie)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json(), `${method} ${url}`).toEqual({ code: 'NOT_FOUND', message: 'Video not found' })
    }
    const theirSource = await inject(server, 'POST', '/api/videos', intruder.cookie, {
      title: 'Mine now',
      sourceMediaId: owner.hookId,
    })
    expect(theirSource.statusCode).toBe(404)
    expect(theirSource.json().message).toBe(MESSAGES.mediaNotFound)
    const theirDemo = await inject(server, 'POST', '/api/videos', intruder.cookie, {
      title: 'Mine now',
      sourceMediaId: intruder.hookId,
      demoMediaId: owner.demoId,
    })
    expect(theirDemo.statusCode).toBe(404)
    expect((await inject(server, 'GET', '/api/videos', intruder.cookie)).json()).toEqual({ videos: [] })
    expect((await getVideo(owner.cookie, video.id)).state).toBe('processed')

    const anonymous = await inject(server, 'GET', '/api/videos')
    expect(anonymous.statusCode).toBe(401)
    const anonymousFile = await inject(server, 'GET', `/api/videos/${video.id}/file`)
    expect(anonymousFile.statusCode).toBe(401)
  })
})

describe('a render that fails', () => {
  it('ends failed with a message and never processed; the source stays usable; Retry renders it again', async () => {
    const me = await person()
    const corrupt = await storeMedia(server, me.userId, hookClip, { durationMs: 1_500, width: 360, height: 640 })
    const stored = (await mediaRow(corrupt))!
    await server.storage.write(stored.storageKey, Buffer.alloc(4_096, 7))
    const video = await createVideo(me.cookie, { sourceMediaId: corrupt, textOverlays: overlays })

    const failed = await settled(me.cookie, video.id)
    expect(failed).toMatchObject({
      state: 'failed',
      processed: false,
      outputMediaId: null,
      processedVideoUrl: null,
      downloadUrl: null,
      thumbnailUrl: null,
    })
    // A source ffmpeg cannot read is not retried: one attempt, and the renderer's words for the person.
    expect(failed.errorMessage).toBe(RENDER_MESSAGES.unreadableSource)
    expect((await row(video.id))!.attempts).toBe(1)
    const notYet = await inject(server, 'GET', `/api/videos/${video.id}/file`, me.cookie)
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json().message).toBe('Video has not been processed yet')
    // No output was kept: the user's media files are the sources only.
    const files = await db().select().from(mediaFile).where(eq(mediaFile.userId, me.userId))
    expect(files).toHaveLength(3)
    // A source is untouched and still plays.
    expect((await getStoredFile(server, `/api/media/${me.hookId}/file`, me.cookie)).statusCode).toBe(200)

    // Retry: only when failed. With the file repaired, it renders.
    const repaired = path.join(fixtureDir, 'repaired.mp4')
    await makeVideo(repaired, { seconds: 1.5, width: 360, height: 640 })
    await server.storage.copyIn(repaired, stored.storageKey)
    const retried = await inject(server, 'POST', `/api/videos/${video.id}/retry`, me.cookie)
    expect(retried.statusCode).toBe(200)
    expect(retried.json().video).toMatchObject({ state: 'queued', errorMessage: null })
    const rendered = await settled(me.cookie, video.id)
    expect(rendered.state).toBe('processed')
    const again = await inject(server, 'POST', `/api/videos/${video.id}/retry`, me.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(MESSAGES.onlyFailedCanRetry)
  })
})

describe('scheduling and deleting', () => {
  it('schedules the rendered file with POST /api/posts; the video cannot be deleted while the post uses it', async () => {
    const me = await person()
    const video = await settled(me.cookie, (await createVideo(me.cookie, { sourceMediaId: me.hookId })).id)
    const { open_id: openId } = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, me.cookie, openId)
    const { date, time } = instantToZoned(new Date(Date.now() + 2 * 86_400_000), 'UTC')
    const scheduled = await inject(server, 'POST', '/api/posts', me.cookie, {
      accountId,
      mediaId: video.outputMediaId,
      title: video.title,
      description: 'From the studio',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: true,
      allowStitch: true,
      date,
      time,
      timeZone: 'UTC',
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    expect(scheduled.json().post).toMatchObject({ state: 'scheduled', media: { originalName: 'Launch day.mp4' } })

    const refused = await inject(server, 'DELETE', `/api/videos/${video.id}`, me.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: MESSAGES.mediaInUse })
    expect((await getVideo(me.cookie, video.id)).processed).toBe(true)
    const output = (await mediaRow(video.outputMediaId!))!
    expect(await isStored(output.storageKey)).toBe(true)

    // Deleting a source a created video uses is refused with words that say so.
    const source = await inject(server, 'DELETE', `/api/media/${me.hookId}`, me.cookie)
    expect(source.statusCode).toBe(409)
    expect(source.json().message).toBe(MESSAGES.mediaUsedByVideo)
  })

  it('deletes the video, its output media row and its files, and tells the browser', async () => {
    const me = await person()
    const video = await settled(me.cookie, (await createVideo(me.cookie, { sourceMediaId: me.hookId })).id)
    const stored = (await row(video.id))!
    const output = (await mediaRow(video.outputMediaId!))!
    expect(await isStored(output.storageKey)).toBe(true)
    expect(await isStored(stored.thumbnailKey!)).toBe(true)
    const stream = await openEventStream(address, me.cookie)
    try {
      const res = await inject(server, 'DELETE', `/api/videos/${video.id}`, me.cookie)
      expect(res.statusCode).toBe(204)
      await eventually(async () =>
        stream.events.some((e) => e.type === 'video.deleted' && e.videoId === video.id) ? true : undefined,
      )
    } finally {
      stream.close()
    }
    expect(await row(video.id)).toBeUndefined()
    expect(await mediaRow(video.outputMediaId!)).toBeUndefined()
    expect(await isStored(output.storageKey)).toBe(false)
    expect(await isStored(stored.thumbnailKey!)).toBe(false)
    expect((await inject(server, 'GET', `/api/videos/${video.id}`, me.cookie)).statusCode).toBe(404)
    // The sources are the user's still.
    expect(await mediaRow(me.hookId)).toBeDefined()
    expect(existsSync(path.join(server.config.dataDir, 'renders', video.id))).toBe(false)
  })

  it('deletes a video that is still queued or rendering, and its job with it', async () => {
    const me = await person()
    const video = await createVideo(me.cookie, { sourceMediaId: me.hookId })
    expect((await inject(server, 'DELETE', `/api/videos/${video.id}`, me.cookie)).statusCode).toBe(204)
    expect(await row(video.id)).toBeUndefined()
    // Whatever the worker was doing with it, nothing is left behind.
    await eventually(async () =>
      (await renderJobs(video.id)).every((j) => !['created', 'retry', 'active'].includes(j.state)) ? true : undefined,
    )
    const files = await db().select().from(mediaFile).where(eq(mediaFile.userId, me.userId))
    expect(files).toHaveLength(2)
  })
})

describe('workers that stop or die', () => {
  it('queues a render again when the server stops mid-render, and finishes it after the restart', async () => {
    const me = await person()
    // A render that runs until it is stopped, so the server goes away in the middle of it on any machine.
    let began!: () => void
    const begun = new Promise<void>((resolve) => (began = resolve))
    const endless: RenderFunction = (_plan, options) =>
      new Promise((_resolve, reject) => {
        const stopped = () => reject(new RenderError(RENDER_MESSAGES.stopped, 'stopped by the caller', true))
        if (options.signal?.aborted) return stopped()
        options.signal?.addEventListener('abort', stopped)
        began()
      })
    let videoId: string
    await restart(endless)
    try {
      videoId = (await createVideo(me.cookie, { sourceMediaId: me.hookId, textOverlays: overlays })).id
      await begun
      expect((await row(videoId))!.state).toBe('rendering')
    } finally {
      // Back to the real renderer.
      await restart()
    }
    expect(logged).toContain(`[videos] video ${videoId}: render stopped at shutdown; queued again`)
    const done = await settled(me.cookie, videoId)
    expect(done.state).toBe('processed')
    // The stopped attempt was given back, not counted.
    expect((await row(videoId))!.attempts).toBe(1)
  })

  it('the sweep picks up a render a dead worker left in `rendering`', async () => {
    const me = await person()
    // What a worker killed mid-render leaves: the row claimed, its job done with, no heartbeat for a while.
    const [orphan] = await db()
      .insert(createdVideo)
      .values({
        userId: me.userId,
        title: 'Orphan',
        layout: 'single',
        sourceMediaId: me.hookId,
        state: 'rendering',
        attempts: 1,
        progress: 40,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning()
    expect(await server.runtime.renders.sweep()).toMatchObject({ requeued: 1 })
    const done = await settled(me.cookie, orphan!.id)
    expect(done.state).toBe('processed')
    expect((await row(orphan!.id))!.attempts).toBe(2)
  })
})
