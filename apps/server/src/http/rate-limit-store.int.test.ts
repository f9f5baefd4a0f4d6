import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AI_GENERATE_PER_MINUTE, MESSAGES } from '@hookpost/shared'
import type { Runtime } from '../entrypoints/runtime'
import { inject, signUp } from '../testing/http-test-kit'
import { startApiProcess, startTestServer, type TestServer } from '../testing/test-runtime'

/**
 * The rate limits count in the database (ADR 061): what one API process counted, another sees, and a restart
 * forgets nothing. Before, each process kept its own counts in memory, so the cluster of ADR 053 allowed twice the
 * limit and a restart started every count over.
 */
const PER_ADDRESS = 3
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_MAX: String(PER_ADDRESS) })
})
afterAll(async () => {
  await server?.close()
})

const signInAs = (email: string) =>
  inject(server, 'POST', '/api/auth/sign-in', undefined, { email, password: 'not the password 1' })

describe('rate limits kept in the database', () => {
  it('a restart keeps the per-address count: the next sign-in past the limit is refused', async () => {
    // A different address each time, so only the per-address limit counts (the per-email one is 5 per address).
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await signInAs(`nobody.${i}@example.com`)
      expect(res.statusCode, res.body).toBe(401)
    }
    await server.restart()
    const refused = await signInAs('nobody.after@example.com')
    expect(refused.statusCode, refused.body).toBe(429)
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('two API processes share one person’s AI requests a minute', async () => {
    const other: Runtime = await startApiProcess(server)
    try {
      const me = await signUp(server)
      const ask = (on: 'first' | 'second', i: number) =>
        (on === 'first' ? server.runtime.http! : other.http!).inject({
          method: 'POST',
          url: '/api/generate/slideshow',
          headers: { 'content-type': 'application/json', cookie: me.cookie },
          payload: JSON.stringify({ topic: `Sourdough starter ${i}`, points: 3 }),
        })
      for (let i = 0; i < AI_GENERATE_PER_MINUTE; i++) {
        const res = await ask(i % 2 === 0 ? 'first' : 'second', i)
        expect(res.statusCode, `${i}: ${res.body}`).toBe(200)
      }
      for (const on of ['first', 'second'] as const) {
        const refused = await ask(on, AI_GENERATE_PER_MINUTE)
        expect(refused.statusCode, `${on}: ${refused.body}`).toBe(429)
      }
    } finally {
      await other.stop()
    }
  })
})
