import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { ATTEMPT_LIMITS } from './attempt-limits'
import { cookieHeader, eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * Issue 18 item 3 (ADR 020): with every TRUST_PROXY setting, a client that forges X-Forwarded-For is still the same
 * client to the per-address auth limit and to the dev outbox's loopback check; and the per-email limits hold across
 * addresses.
 */

type Route = { remoteAddress: string; headers: Record<string, string> }
const REAL_CLIENT = '198.51.100.7'
const OTHER_CLIENT = '198.51.100.8'
let forgeries = 0
/** A different made-up address each time: what an attacker rotates to dodge a per-address limit. */
const forged = () => `203.0.113.${++forgeries % 250}`

const MODES: {
  trustProxy: string
  /** How a request of `client` reaches the server, with `xff` being what the client itself wrote in the header. */
  routes: Record<string, (client: string, xff: string) => Route>
}[] = [
  {
    trustProxy: 'false',
    routes: { direct: (client, xff) => ({ remoteAddress: client, headers: { 'x-forwarded-for': xff } }) },
  },
  {
    trustProxy: '1',
    routes: {
      // The proxy on this machine appends the address it saw.
      'through the proxy': (client, xff) => ({
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${xff}, ${client}` },
      }),
      // Bypassing the proxy: the client is the peer, and no proxy vouches for its header.
      direct: (client, xff) => ({ remoteAddress: client, headers: { 'x-forwarded-for': xff } }),
    },
  },
  {
    trustProxy: '10.0.0.0/8,127.0.0.1',
    routes: {
      'through two proxies': (client, xff) => ({
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `${xff}, ${client}, 10.0.0.6` },
      }),
      direct: (client, xff) => ({ remoteAddress: client, headers: { 'x-forwarded-for': xff } }),
    },
  },
]

const json = { 'content-type': 'application/json' }

describe.each(MODES)('TRUST_PROXY=$trustProxy', ({ trustProxy, routes }) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_MAX: '3' })
  })
  afterAll(async () => {
    await server?.close()
  })

  function signIn(route: Route, email: string) {
    return server.runtime.http!.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: route.remoteAddress,
      headers: { ...json, ...route.headers },
      payload: JSON.stringify({ email, password: 'not the password 1' }),
    })
  }

  describe.each(Object.entries(routes))('%s', (name, route) => {
    it('a forged X-Forwarded-For is still limited per client address', async () => {
      // A fresh email each time, so only the per-address limit is in play; the client is new for each route.
      const client = name === 'direct' ? `198.51.100.${20 + Object.keys(routes).indexOf(name)}` : REAL_CLIENT
      const tag = `${trustProxy}-${name}`.replace(/\W/g, '')
      for (let i = 0; i < 3; i++) {
        const res = await signIn(route(client, forged()), `xff-${tag}-${i}@example.com`)
        expect(res.statusCode, `attempt ${i + 1}`).toBe(401)
      }
      const blocked = await signIn(route(client, forged()), `xff-${tag}-3@example.com`)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests })
      // Someone else at another address is not affected: the limit is per client, not global.
      const other = await signIn(
        route(name === 'direct' ? OTHER_CLIENT : '198.51.100.99', forged()),
        `o-${tag}@example.com`,
      )
      expect(other.statusCode).toBe(401)
    })

    it('the development outbox refuses a forged loopback address', async () => {
      for (const url of ['/dev/outbox', '/api/dev/outbox']) {
        for (const lie of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
          const r = route('192.0.2.44', lie)
          const res = await server.runtime.http!.inject({ method: 'GET', url, ...r })
          expect(res.statusCode, `${url} with X-Forwarded-For: ${lie}`).toBe(404)
          expect(res.body).not.toContain('outbox')
        }
      }
    })
  })

  it('refuses the outbox to a machine on the local network that bypasses the proxy and claims to be loopback', async () => {
    // With a hop count, a private-network peer is believed; the peer itself must still be this machine.
    const res = await server.runtime.http!.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '192.168.1.50',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(res.statusCode).toBe(404)
  })

  it('shows the outbox to a browser on this machine', async () => {
    const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })
    expect(res.statusCode).toBe(200)
  })
})

describe('per-email limits', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    // Per-address limit out of the way: these tests come from a new address each time anyway.
    server = await startTestServer({ AUTH_RATE_LIMIT_MAX: '1000' }, { clock: () => new Date(now) })
  })
  afterAll(async () => {
    await server?.close()
  })

  let addresses = 0
  const anywhere = () => `192.0.2.${++addresses % 250}`

  function post(url: string, body: unknown) {
    return server.runtime.http!.inject({
      method: 'POST',
      url,
      remoteAddress: anywhere(),
      headers: json,
      payload: JSON.stringify(body),
    })
  }
  const signIn = (email: string, password = 'not the password 1') => post('/api/auth/sign-in', { email, password })

  async function signUp(email: string) {
    const res = await post('/api/auth/sign-up', {
      email,
      password: 'correct horse 1',
      confirmPassword: 'correct horse 1',
      acceptTerms: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    return cookieHeader(res.headers['set-cookie'])
  }

  it('allows 5 sign-in attempts per email in 15 minutes from any addresses, known email or not, any case', async () => {
    await signUp('known@example.com')
    const { max } = ATTEMPT_LIMITS['sign-in']
    for (const email of ['known@example.com', 'unknown@example.com']) {
      for (let i = 0; i < max; i++) {
        const spelled = i % 2 === 0 ? email : `  ${email.toUpperCase()} `
        expect((await signIn(spelled)).statusCode, `${email} attempt ${i + 1}`).toBe(401)
      }
      const blocked = await signIn(email)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests })
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    }
    // The right password does not get through either while the limit holds.
    expect((await signIn('known@example.com', 'correct horse 1')).statusCode).toBe(429)
    // Another email is not affected.
    expect((await signIn('someone-else@example.com')).statusCode).toBe(401)

    now += 15 * 60 * 1000 + 1000
    expect((await signIn('known@example.com', 'correct horse 1')).statusCode).toBe(200)
  })

  it('starts the count over after a successful sign-in', async () => {
    await signUp('forgetful@example.com')
    for (let i = 0; i < 4; i++) expect((await signIn('forgetful@example.com')).statusCode).toBe(401)
    expect((await signIn('forgetful@example.com', 'correct horse 1')).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await signIn('forgetful@example.com')).statusCode).toBe(401)
    expect((await signIn('forgetful@example.com')).statusCode).toBe(429)
  })

  it('mails at most 3 reset links per email an hour, answering alike for unknown addresses', async () => {
    await signUp('resetter@example.com')
    for (const email of ['resetter@example.com', 'ghost-reset@example.com']) {
      for (let i = 0; i < 3; i++) {
        const res = await post('/api/auth/forgot-password', { email: i === 1 ? email.toUpperCase() : email })
        expect(res.statusCode, `${email} request ${i + 1}`).toBe(200)
      }
      const blocked = await post('/api/auth/forgot-password', { email })
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests })
    }
    const mails = await eventually(async () => {
      const res = await server.runtime.http!.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '127.0.0.1',
      })
      const all = res.json<{ mails: { to: string; subject: string; status: string }[] }>().mails
      const resets = all.filter((m) => m.subject === 'Reset your Hookpost password')
      return resets.length >= 3 && resets.every((m) => m.status === 'sent') ? resets : undefined
    })
    expect(mails.map((m) => m.to)).toEqual(Array(3).fill('resetter@example.com'))
  })
})
