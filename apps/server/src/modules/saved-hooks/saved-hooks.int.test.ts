import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { MESSAGES, savedHookListSchema, savedHookResponseSchema, type SavedHook } from '@hookpost/shared'
import { savedHook, user } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

/** Saved hooks over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): two people, their lists. */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }

beforeAll(async () => {
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
})
afterAll(async () => {
  await server?.close()
})

const style = { position: 'top', color: '#ffcc00', fontSize: 120, fontWeight: 'bold' } as const

async function save(cookie: string, text: string, overrides: Record<string, unknown> = {}): Promise<SavedHook> {
  const res = await inject(server, 'POST', '/api/saved-hooks', cookie, { text, ...style, ...overrides })
  expect(res.statusCode, res.body).toBe(201)
  return savedHookResponseSchema.parse(res.json()).hook
}

async function list(cookie: string): Promise<SavedHook[]> {
  const res = await inject(server, 'GET', '/api/saved-hooks', cookie)
  expect(res.statusCode).toBe(200)
  return savedHookListSchema.parse(res.json()).hooks
}

async function rows(): Promise<number> {
  const [row] = await server.runtime.database.db.select({ n: count() }).from(savedHook)
  return row?.n ?? 0
}

describe('saved hooks', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/saved-hooks'],
      ['POST', '/api/saved-hooks'],
      ['DELETE', '/api/saved-hooks/5b0c3f1e-3d3c-4d7e-9d59-6f7b7f0e0f00'],
    ] as const) {
      const res = await inject(server, method, url, undefined, method === 'POST' ? { text: 'Hi', ...style } : undefined)
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('saves trimmed text with its style, lists each person’s own newest first, and deletes', async () => {
    const first = await save(me.cookie, '  Stop scrolling 🛑  ')
    expect(first).toMatchObject({ text: 'Stop scrolling 🛑', ...style })
    const second = await save(me.cookie, 'Wait for it', { position: 'center', color: '#ffffff', fontSize: 96 })
    const theirs = await save(other.cookie, 'Their hook')

    expect(await list(me.cookie)).toEqual([second, first])
    expect(await list(other.cookie)).toEqual([theirs])
    const [stored] = await server.runtime.database.db.select().from(savedHook).where(eq(savedHook.id, first.id))
    expect(stored).toMatchObject({ userId: me.userId, text: 'Stop scrolling 🛑', fontSize: 120, fontWeight: 'bold' })

    const removed = await inject(server, 'DELETE', `/api/saved-hooks/${first.id}`, me.cookie)
    expect(removed.statusCode).toBe(204)
    expect(await list(me.cookie)).toEqual([second])
    const again = await inject(server, 'DELETE', `/api/saved-hooks/${first.id}`, me.cookie)
    expect(again.statusCode).toBe(404)
  })

  it('answers 404 for another person’s hook (or a malformed id) and deletes nothing', async () => {
    const theirs = await save(other.cookie, 'Keep mine')
    const before = await rows()
    for (const id of [theirs.id, 'not-a-uuid']) {
      const res = await inject(server, 'DELETE', `/api/saved-hooks/${id}`, me.cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MESSAGES.savedHookNotFound })
    }
    expect(await rows()).toBe(before)
    expect((await list(other.cookie)).map((h) => h.id)).toContain(theirs.id)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await rows()
    for (const bad of [
      { text: '   ', ...style },
      { text: 'x'.repeat(151), ...style },
      { ...style },
      { text: 'Hi', ...style, color: '#123456' },
      { text: 'Hi', ...style, fontSize: 20 },
      { text: 'Hi', ...style, position: 'middle' },
      { text: 'Hi', ...style, fontWeight: 'black' },
    ]) {
      const res = await inject(server, 'POST', '/api/saved-hooks', me.cookie, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    }
    const blank = await inject(server, 'POST', '/api/saved-hooks', me.cookie, { text: ' ', ...style })
    expect(blank.json()).toMatchObject({ message: 'Please enter text for the overlay' })
    expect(await rows()).toBe(before)
  })

  it('goes with its person when the account is deleted (ON DELETE CASCADE)', async () => {
    const leaver = await signUp(server)
    await save(leaver.cookie, 'Bye')
    await server.runtime.database.db.delete(user).where(eq(user.id, leaver.userId))
    const [left] = await server.runtime.database.db
      .select({ n: count() })
      .from(savedHook)
      .where(eq(savedHook.userId, leaver.userId))
    expect(left?.n).toBe(0)
  })

  it('is in the API reference', async () => {
    const res = await inject(server, 'GET', '/api/docs/json')
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> }
    // Fastify documents a prefixed '/' route with its trailing slash (as /api/videos/); both forms are served.
    expect(Object.keys(doc.paths['/api/saved-hooks/'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/api/saved-hooks/{id}'] ?? {})).toEqual(['delete'])
  })
})
