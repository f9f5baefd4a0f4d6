import { Upload } from '@tus/server'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { createLocalMediaStorage } from '../../integrations/storage'
import { AppError } from '../../lib/errors'
import { parseProbe, type Inspection } from '../../integrations/ffmpeg/inspect'
import { ffprobeJson, type VideoFixture } from '../../integrations/ffmpeg/testing/ffprobe-fixtures'
import type { MediaRepository, MediaRow } from './media.repository'
import { cleanFileName, createMediaService, rejectionFor, type MediaService } from './media.service'
import { createUploadStore, newUploadId, OWNER_METADATA_KEY, type UploadStore } from './upload-store'

/** The repository as a map: the service's rules are under test here, not SQL (media.int.test.ts covers that). */
function memoryRepo(): MediaRepository & { rows: Map<string, MediaRow>; usedByPost: Set<string> } {
  const rows = new Map<string, MediaRow>()
  const usedByPost = new Set<string>()
  return {
    rows,
    usedByPost,
    async insert(row) {
      const full = { audioCodec: null, createdAt: new Date(), ...row, id: row.id! } as MediaRow
      rows.set(full.id, full)
      return full
    },
    async findForUser(userId, id) {
      const row = rows.get(id)
      return row?.userId === userId ? row : undefined
    },
    async deleteForUser(userId, id) {
      if (usedByPost.has(id)) return 'in-use'
      const row = rows.get(id)
      if (row?.userId !== userId) return undefined
      rows.delete(id)
      return row
    },
  }
}

const video = (f: VideoFixture = {}): Inspection => ({
  kind: 'video',
  container: 'mp4',
  sizeBytes: 10,
  facts: parseProbe(ffprobeJson(f)),
})

// @tus/file-store creates its folder asynchronously from its constructor (and throws if that fails): removing a
// folder right after a test could race it, so everything goes at the end.
const root = mkdtempSync(path.join(tmpdir(), 'media-service-'))
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100))
  rmSync(root, { recursive: true, force: true })
})

let dir: string
let uploads: UploadStore
let repo: ReturnType<typeof memoryRepo>
let inspection: Inspection | Error
let service: MediaService
const mediaDir = () => path.join(dir, 'media')

beforeEach(() => {
  dir = mkdtempSync(path.join(root, 'case-'))
  uploads = createUploadStore({ directory: path.join(dir, 'uploads') })
  repo = memoryRepo()
  inspection = video()
  service = createMediaService({
    repo,
    storage: createLocalMediaStorage(mediaDir()),
    uploads,
    inspect: async () => {
      if (inspection instanceof Error) throw inspection
      return inspection
    },
    clock: () => new Date('2026-11-22T12:00:00Z'),
    log: { info: () => undefined, warn: () => undefined },
  })
})

async function finishedUpload(owner = 'user-1', sent = 10, size = 10) {
  const id = newUploadId()
  await uploads.datastore.create(
    new Upload({ id, size, offset: 0, metadata: { filename: 'My clip.mp4', [OWNER_METADATA_KEY]: owner } }),
  )
  await uploads.datastore.write(Readable.from([Buffer.alloc(sent, 7)]), id, 0)
  return id
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

const leftovers = () => ({
  uploads: readdirSync(path.join(dir, 'uploads')).filter((n) => n !== '.claimed'),
  claimed: readdirSync(path.join(dir, 'uploads', '.claimed')),
  media: existsSync(mediaDir()) ? readdirSync(mediaDir(), { recursive: true }) : [],
})

describe('finalize', () => {
  it('keeps a good video under <userId>/<id>.mp4 with its facts, and the upload is gone', async () => {
    const media = await service.finalize('user-1', await finishedUpload())
    expect(media).toMatchObject({
      originalName: 'My clip.mp4',
      contentType: 'video/mp4',
      sizeBytes: 10,
      durationMs: 2000,
      width: 1080,
      height: 1920,
      fps: 30,
    })
    expect(repo.rows.get(media.id)?.storageKey).toBe(`user-1/${media.id}.mp4`)
    expect(leftovers()).toEqual({ uploads: [], claimed: [], media: ['user-1', `user-1/${media.id}.mp4`] })
    expect(await service.openForUpload('user-1', media.id)).toEqual({
      storageKey: `user-1/${media.id}.mp4`,
      sizeBytes: 10,
      contentType: 'video/mp4',
      durationMs: 2000,
    })
  })

  it.each<[string, Inspection, string]>([
    ['not a video', { kind: 'not-a-video' }, MESSAGES.notAVideo],
    ['unreadable', { kind: 'unreadable', detail: 'moov atom not found' }, MESSAGES.videoUnreadable],
    [
      '10 fps',
      video({ avgFrameRate: '10/1' }),
      `${MESSAGES.videoOutsideTiktokLimits}: the frame rate is 10 fps; TikTok needs 23–60 fps`,
    ],
    [
      'MKV',
      { kind: 'matroska' },
      `${MESSAGES.videoOutsideTiktokLimits}: it is a Matroska (MKV) file; TikTok needs MP4, MOV or WebM`,
    ],
  ])('refuses %s with its message and stores nothing', async (_name, result, message) => {
    inspection = result
    const err = await failure(service.finalize('user-1', await finishedUpload()))
    expect(err.code).toBe('VALIDATION_FAILED')
    expect(err.message).toBe(message)
    expect(repo.rows.size).toBe(0)
    expect(leftovers()).toEqual({ uploads: [], claimed: [], media: [] })
  })

  it('joins several TikTok problems into one sentence and lists them in details', async () => {
    inspection = video({ avgFrameRate: '10/1', width: 200, height: 356 })
    const err = await failure(service.finalize('user-1', await finishedUpload()))
    expect(err.message).toBe(
      `${MESSAGES.videoOutsideTiktokLimits}: the frame rate is 10 fps; TikTok needs 23–60 fps. ` +
        'Also, the picture is 200×356 px; TikTok needs 360–4096 px on each side',
    )
    expect(err.details).toHaveLength(2)
  })

  it('answers 404 for another user’s upload and leaves it alone', async () => {
    const id = await finishedUpload('user-2')
    const err = await failure(service.finalize('user-1', id))
    expect([err.code, err.message]).toEqual(['NOT_FOUND', MESSAGES.uploadNotFound])
    expect(await uploads.find(id)).toMatchObject({ complete: true })
  })

  it('answers 409 for an unfinished upload and keeps it resumable', async () => {
    const id = await finishedUpload('user-1', 4, 10)
    const err = await failure(service.finalize('user-1', id))
    expect([err.code, err.message]).toEqual(['CONFLICT', MESSAGES.uploadIncomplete])
    expect(await uploads.find(id)).toMatchObject({ offset: 4 })
  })

  it('keeps the upload when the check itself could not run (ffprobe missing)', async () => {
    inspection = new Error('ffprobe could not be started')
    const id = await finishedUpload()
    await expect(service.finalize('user-1', id)).rejects.toThrow('ffprobe could not be started')
    expect(await uploads.find(id)).toMatchObject({ complete: true })
  })

  it('a second finalise of the same upload finds nothing', async () => {
    const id = await finishedUpload()
    await service.finalize('user-1', id)
    const err = await failure(service.finalize('user-1', id))
    expect(err.code).toBe('NOT_FOUND')
  })
})

describe('remove', () => {
  it('deletes the row and the file; 409 while a post uses it; 404 for someone else', async () => {
    const media = await service.finalize('user-1', await finishedUpload())
    expect((await failure(service.remove('user-2', media.id))).code).toBe('NOT_FOUND')
    repo.usedByPost.add(media.id)
    expect(await failure(service.remove('user-1', media.id))).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.mediaInUse,
    })
    repo.usedByPost.clear()
    await service.remove('user-1', media.id)
    expect(repo.rows.size).toBe(0)
    expect(leftovers().media).toEqual(['user-1'])
  })
})

describe('openForUpload', () => {
  it('says the file is missing when the disk lost it', async () => {
    const media = await service.finalize('user-1', await finishedUpload())
    rmSync(path.join(mediaDir(), 'user-1', `${media.id}.mp4`))
    expect(await failure(service.openForUpload('user-1', media.id))).toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.mediaFileMissing,
    })
  })
})

describe('rejectionFor / cleanFileName', () => {
  it('accepts a TikTok-ready video', () => {
    expect(rejectionFor(video())).toBeNull()
  })

  it.each([
    ['C:\\Users\\me\\clip.mov', 'clip.mov'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\nc.mp4', 'abc.mp4'],
    ['   ', 'video.mp4'],
    [null, 'video.mp4'],
  ])('%j → %j', (name, clean) => expect(cleanFileName(name, 'mp4')).toBe(clean))
})
