import Fastify, { type FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../http/errors'
import { createUploadStore, type UploadStore } from './upload-store'
import { uploadRoutes } from './uploads.routes'

/**
 * The tus mount on its own (no database): a stand-in for the session guard sets the user. The full path, with real
 * sessions and ffprobe, is media.int.test.ts.
 */
const root = mkdtempSync(path.join(tmpdir(), 'upload-routes-'))
let app: FastifyInstance
let uploads: UploadStore

beforeAll(async () => {
  uploads = createUploadStore({ directory: root })
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  app.addHook('preHandler', async (request) => {
    const user = request.headers['x-test-user']
    if (typeof user === 'string') request.user = { id: user, email: `${user}@example.com` }
  })
  await app.register(uploadRoutes, {
    prefix: '/api/uploads',
    uploads,
    // Served under a path behind a proxy: new uploads must point there.
    publicUrl: 'https://hookpost.example/app/',
    maxBytes: 1000,
    storageRoom: async () => null,
  })
})
afterAll(async () => {
  await app.close()
  await new Promise((resolve) => setTimeout(resolve, 100))
  rmSync(root, { recursive: true, force: true })
})

const create = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/uploads', headers: { 'tus-resumable': '1.0.0', ...headers } })

describe('tus upload routes', () => {
  it('answers with a Location relative to PUBLIC_URL’s path and records the owner, not the client’s claim', async () => {
    const forged = Buffer.from('someone-else').toString('base64')
    const res = await create({
      'x-test-user': 'user-1',
      'upload-length': '10',
      'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')},owner ${forged},extra ${forged}`,
    })
    expect(res.statusCode).toBe(201)
    const location = res.headers.location as string
    expect(location).toMatch(/^\/app\/api\/uploads\/[0-9a-f]{32}$/)
    const upload = await uploads.find(location.split('/').pop()!)
    expect(upload).toMatchObject({ ownerId: 'user-1', filename: 'a.mp4', size: 10, offset: 0 })
    // Only the keys we use are kept.
    const stored = await uploads.datastore.getUpload(upload!.id)
    expect(Object.keys(stored.metadata ?? {}).sort()).toEqual(['filename', 'filetype', 'owner'])
  })

  it('refuses a length over the limit at creation with 413 and the spec message', async () => {
    const res = await create({ 'x-test-user': 'user-1', 'upload-length': '1001' })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This video is larger than 500 MB. Please upload a smaller file.',
    })
  })

  it('answers 401 without a user and 404 for malformed or unknown ids', async () => {
    expect((await create({ 'upload-length': '10' })).statusCode).toBe(401)
    for (const id of ['nope', '..%2F..%2Fetc', '0123456789abcdef0123456789abcdef']) {
      const res = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { 'tus-resumable': '1.0.0', 'x-test-user': 'user-1' },
      })
      expect(res.statusCode, id).toBe(404)
    }
  })
})
