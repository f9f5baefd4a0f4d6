import Fastify, { type FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLocalMediaStorage, type MediaStorage } from '../../integrations/storage'
import { registerErrorHandling } from '../../http/errors'
import type { MediaRepository, MediaRow } from './media.repository'
import { mediaRoutes } from './media.routes'
import { createMediaService } from './media.service'
import { PRESIGNED_URL_SECONDS, storageOrigins } from './serve-file'
import type { UploadStore } from './upload-store'

/**
 * GET/HEAD of a stored file (media.routes → sendStoredFile): with storage that hands out presigned URLs (S3), a 302
 * there once the file is known to be the person's; with storage that does not (local), the bytes and Range as before.
 * The storage is local disk with a stand-in for S3's presigning.
 */
const root = mkdtempSync(path.join(tmpdir(), 'serve-file-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

type PresignOptions = Parameters<MediaStorage['presignedUrl']>[1]
let presigning: boolean
const presigned: { key: string; options: PresignOptions }[] = []
const rows = new Map<string, MediaRow>()
let app: FastifyInstance
const local = createLocalMediaStorage(path.join(root, 'media'))

/** Local storage whose `presignedUrl` answers like S3's when `presigning` is on. */
const storage: MediaStorage = {
  ...local,
  async presignedUrl(key, options) {
    if (!presigning) return null
    presigned.push({ key, options })
    return `https://bucket.example/${key}?X-Amz-Expires=${options.expiresInSeconds}&X-Amz-Signature=abc`
  },
}

const repo: MediaRepository = {
  insert: () => Promise.reject(new Error('not used')),
  findForUser: async (userId, id) => {
    const row = rows.get(id)
    return row?.userId === userId ? row : undefined
  },
  deleteForUser: () => Promise.reject(new Error('not used')),
}

beforeAll(async () => {
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // A stand-in for the session guard.
  app.addHook('preHandler', async (request) => {
    const user = request.headers['x-test-user']
    if (typeof user === 'string') request.user = { id: user, email: `${user}@example.com` }
  })
  const media = createMediaService({
    repo,
    storage,
    uploads: {} as UploadStore,
    inspect: () => Promise.reject(new Error('not used')),
    clock: () => new Date(),
    log: { info: () => undefined, warn: () => undefined },
  })
  await app.register(mediaRoutes, { prefix: '/api', media })
})
afterAll(() => app.close())

beforeEach(() => {
  presigning = true
  presigned.length = 0
})

async function video(userId: string, originalName = 'Launch day.mp4'): Promise<MediaRow> {
  const id = randomUUID()
  const row: MediaRow = {
    id,
    userId,
    originalName,
    storageKey: `${userId}/${id}.mp4`,
    contentType: 'video/mp4',
    sizeBytes: 10,
    durationMs: 3_000,
    width: 720,
    height: 1280,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    stockClipId: null,
    createdAt: new Date(),
  }
  await storage.write(row.storageKey, new TextEncoder().encode('0123456789'))
  rows.set(id, row)
  return row
}

const get = (url: string, user: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: { 'x-test-user': user, ...headers } })

describe('a stored file on storage with presigned URLs', () => {
  it('redirects its owner to a short-lived URL that answers with the type and disposition, never cached', async () => {
    const row = await video('alice')
    const res = await get(`/api/media/${row.id}/file`, 'alice', { range: 'bytes=0-3' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`https://bucket.example/${row.storageKey}?X-Amz-Expires=900&X-Amz-Signature=abc`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toBe('')
    expect(presigned).toEqual([
      {
        key: row.storageKey,
        options: {
          expiresInSeconds: PRESIGNED_URL_SECONDS,
          contentType: 'video/mp4',
          contentDisposition: `inline; filename="Launch day.mp4"; filename*=UTF-8''Launch%20day.mp4`,
        },
      },
    ])
    expect(PRESIGNED_URL_SECONDS).toBeLessThanOrEqual(15 * 60)
  })

  it('redirects a HEAD too', async () => {
    const row = await video('alice')
    const res = await get(`/api/media/${row.id}/file`, 'alice', {}, 'HEAD')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toContain(row.storageKey)
  })

  it('answers 404 for someone else’s file, without signing anything', async () => {
    const row = await video('alice')
    const res = await get(`/api/media/${row.id}/file`, 'mallory')
    expect(res.statusCode).toBe(404)
    expect(res.headers.location).toBeUndefined()
    expect(presigned).toEqual([])
  })

  it('answers 404 when the object is gone, without a redirect to nothing', async () => {
    const row = await video('alice')
    await storage.remove(row.storageKey)
    const res = await get(`/api/media/${row.id}/file`, 'alice')
    expect(res.statusCode).toBe(404)
    expect(presigned).toEqual([])
  })
})

describe('a stored file on storage without presigned URLs (local)', () => {
  it('sends the bytes, whole or the Range asked for', async () => {
    presigning = false
    const row = await video('alice')
    const whole = await get(`/api/media/${row.id}/file`, 'alice')
    expect(whole.statusCode).toBe(200)
    expect(whole.body).toBe('0123456789')
    expect(whole.headers['cache-control']).toBe('private, max-age=3600')
    const slice = await get(`/api/media/${row.id}/file`, 'alice', { range: 'bytes=2-5' })
    expect(slice.statusCode).toBe(206)
    expect(slice.body).toBe('2345')
    expect(slice.headers['content-range']).toBe('bytes 2-5/10')
  })
})

describe('storageOrigins (the page CSP’s media-src and img-src)', () => {
  it('is the bucket’s origin when files are served by presigned URL, and nothing on local storage', async () => {
    presigning = true
    expect(await storageOrigins(storage)).toEqual(['https://bucket.example'])
    expect(await storageOrigins(local)).toEqual([])
  })
})
