import Fastify, { type FastifyInstance } from 'fastify'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCompression } from './compression'
import { COMPRESSION_THRESHOLD_BYTES } from '../lib/answer-encoding'

/** The compression settings on a small app whose routes answer like the real ones (JSON, SSE, files, ranges). */
let app: FastifyInstance
const posts = Array.from({ length: 200 }, (_, i) => ({
  id: `post-${i}`,
  title: `Post number ${i}`,
  state: 'scheduled',
}))
const big = JSON.stringify({ posts })
const video = Buffer.alloc(64 * 1024, 7)

beforeAll(async () => {
  app = Fastify()
  await registerCompression(app)
  app.get('/json', async () => ({ posts }))
  app.get('/small', async () => ({ ok: true }))
  app.get('/events', async (_request, reply) =>
    reply.type('text/event-stream; charset=utf-8').send('data: {"type":"post.updated"}\n\n'.repeat(200)),
  )
  app.get('/video', async (_request, reply) => reply.type('video/mp4').send(video))
  app.get('/image', async (_request, reply) => reply.type('image/png').send(video))
  app.get('/range', async (_request, reply) =>
    reply.code(206).type('text/plain').header('content-range', `bytes 0-4095/${big.length}`).send(big.slice(0, 4096)),
  )
  app.get('/csv', async (_request, reply) => reply.type('text/csv; charset=utf-8').send('a,b\n'.repeat(2000)))
})
afterAll(async () => {
  await app.close()
})

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('response compression', () => {
  it('sends brotli when the browser accepts it, and says the answer varies by Accept-Encoding', async () => {
    const res = await get('/json', 'gzip, deflate, br')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.rawPayload.length).toBeLessThan(big.length / 4)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(big)
  })

  it('sends gzip to a browser without brotli', async () => {
    const res = await get('/json', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(res.rawPayload).toString()).toBe(big)
  })

  it('follows the browser’s preference (q-values) and refuses deflate', async () => {
    expect((await get('/json', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip')
    expect((await get('/json', 'deflate')).headers['content-encoding']).toBeUndefined()
  })

  it('sends the JSON as it is when asked for identity or nothing', async () => {
    for (const accept of ['identity', undefined]) {
      const res = await get('/json', accept)
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(res.body).toBe(big)
    }
  })

  it('leaves answers under the threshold alone', async () => {
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    const res = await get('/small', 'br')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual({ ok: true })
  })

  it('compresses CSV downloads', async () => {
    expect((await get('/csv', 'br')).headers['content-encoding']).toBe('br')
  })

  it('never compresses an event stream, video, images or partial content', async () => {
    for (const url of ['/events', '/video', '/image', '/range']) {
      const res = await get(url, 'br, gzip')
      expect(res.headers['content-encoding'], url).toBeUndefined()
    }
    const range = await get('/range', 'br, gzip')
    expect(range.statusCode).toBe(206)
    expect(range.body).toBe(big.slice(0, 4096))
  })
})
