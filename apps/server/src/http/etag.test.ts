import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCompression } from './compression'
import { registerJsonEtags } from './etag'
import { ifNoneMatchMatches, jsonEtag } from '../lib/weak-etag'

let app: FastifyInstance
let posts = [{ id: 'p1', title: 'First' }]

beforeAll(async () => {
  app = Fastify()
  await registerCompression(app)
  registerJsonEtags(app)
  app.get('/posts', async () => ({ posts, padding: 'x'.repeat(2048) }))
  app.post('/posts', async () => ({ posts }))
  app.get('/session', async (_request, reply) => reply.header('cache-control', 'no-store').send({ user: 'me' }))
  app.get('/missing', async (_request, reply) => reply.code(404).send({ code: 'NOT_FOUND' }))
  app.get('/csv', async (_request, reply) => reply.type('text/csv').send('a,b\n'))
})
afterAll(async () => {
  await app.close()
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('If-None-Match', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(ifNoneMatchMatches('W/"abc"', 'W/"abc"')).toBe(true)
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(ifNoneMatchMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(ifNoneMatchMatches('*', 'W/"abc"')).toBe(true)
    expect(ifNoneMatchMatches('W/"abcd"', 'W/"abc"')).toBe(false)
    expect(ifNoneMatchMatches(undefined, 'W/"abc"')).toBe(false)
  })

  it('a weak tag over the bytes: equal JSON, equal tag; any change, another', () => {
    expect(jsonEtag('{"a":1}')).toBe(jsonEtag(Buffer.from('{"a":1}')))
    expect(jsonEtag('{"a":1}')).not.toBe(jsonEtag('{"a":2}'))
    expect(jsonEtag('{"a":1}')).toMatch(/^W\/"[\w-]+"$/)
  })
})

describe('ETags on JSON reads', () => {
  it('tags a JSON answer and asks the browser to check it every time', async () => {
    const res = await get('/posts')
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe(jsonEtag(res.body))
    expect(res.headers['cache-control']).toBe('private, no-cache')
  })

  it('answers 304 with no body when the browser holds the same answer, compressed or not', async () => {
    const first = await get('/posts', { 'accept-encoding': 'br' })
    expect(first.headers['content-encoding']).toBe('br')
    const etag = first.headers.etag as string
    const again = await get('/posts', { 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['content-encoding']).toBeUndefined()
  })

  it('sends the new answer with a new tag once the data changed', async () => {
    const before = await get('/posts')
    posts = [...posts, { id: 'p2', title: 'Second' }]
    const after = await get('/posts', { 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json<{ posts: unknown[] }>().posts).toHaveLength(2)
  })

  it('leaves writes, errors, no-store answers and non-JSON alone', async () => {
    const write = await app.inject({ method: 'POST', url: '/posts' })
    expect(write.headers.etag).toBeUndefined()
    const session = await get('/session', { 'if-none-match': '*' })
    expect(session.statusCode).toBe(200)
    expect(session.headers.etag).toBeUndefined()
    expect(session.headers['cache-control']).toBe('no-store')
    const missing = await get('/missing', { 'if-none-match': '*' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
    expect((await get('/csv')).headers.etag).toBeUndefined()
  })
})
