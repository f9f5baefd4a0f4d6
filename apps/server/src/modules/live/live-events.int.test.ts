import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MESSAGES } from '@hookpost/shared'
import { session } from '../../db/schema'
import type { Runtime } from '../../entrypoints/runtime'
import { inject, openEventStream, signUp } from '../../testing/http-test-kit'
import { eventually, startApiProcess, startTestServer, type TestServer } from '../../testing/test-runtime'
import { MAX_STREAMS_PER_USER } from './live-events.routes'

/**
 * GET /api/events over real sockets: a stream ends with the session it was opened with (sign-out, password reset,
 * expiry) within seconds, not at the 15-second safety check, and a user's streams are capped (ADR 021). On PostgreSQL
 * (TEST_DATABASE_URL) also across two API processes.
 */
let server: TestServer
let base: string
/** The clock session expiry is judged by, moved by the expiry test. */
let sessionClockOffsetMs = 0

beforeAll(async () => {
  server = await startTestServer({}, { sessions: { clock: () => new Date(Date.now() + sessionClockOffsetMs) } })
  base = (await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')
})
afterAll(async () => {
  await server?.close()
})

/** Resolves with how long the stream took to end, or fails after `ms`. */
async function endsWithin(stream: { ended: Promise<void> }, ms: number): Promise<number> {
  const started = Date.now()
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    stream.ended,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
  return Date.now() - started
}

/** A stream that must stay open: it gets a ping-free second and is still readable. */
async function stillOpen(stream: { ended: Promise<void> }) {
  const outcome = await Promise.race([
    stream.ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('open'), 1_000)),
  ])
  expect(outcome).toBe('open')
}

async function resetLinkToken(email: string): Promise<string> {
  const mail = await eventually(async () => {
    const res = await inject(server, 'GET', '/api/dev/outbox')
    const mails = (res.json() as { mails: { to: string; text: string; status: string }[] }).mails
    // Sign-up mails a verification link first: take the reset mail.
    return mails.find((m) => m.to === email && m.status === 'sent' && m.text.includes('reset-password?token='))
  })
  const match = /reset-password\?token=(\S+)/.exec(mail.text)
  return decodeURIComponent(match![1]!)
}

describe(`live event streams and sessions (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('end within seconds of signing out; the reconnect is refused with 401; other sessions keep theirs', async () => {
    const me = await signUp(server)
    const other = await signUp(server)
    const stream = await openEventStream(base, me.cookie)
    const theirs = await openEventStream(base, other.cookie)
    expect(stream.status).toBe(200)

    const signOut = await inject(server, 'POST', '/api/auth/sign-out', me.cookie)
    expect(signOut.statusCode).toBe(200)
    expect(await endsWithin(stream, 5_000)).toBeLessThan(5_000)
    const again = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } })
    expect(again.status).toBe(401)

    await stillOpen(theirs)
    theirs.close()
  })

  it('all end when the password is reset (every session of that user), and only theirs', async () => {
    const me = await signUp(server)
    const email = (await inject(server, 'GET', '/api/auth/session', me.cookie)).json<{ user: { email: string } }>().user
      .email
    const onLaptop = await openEventStream(base, me.cookie)
    const secondSignIn = await inject(server, 'POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'correct horse 1',
      rememberMe: false,
    })
    const phoneCookie = (secondSignIn.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ')
    const onPhone = await openEventStream(base, phoneCookie)
    const bystander = await signUp(server)
    const theirs = await openEventStream(base, bystander.cookie)

    await inject(server, 'POST', '/api/auth/forgot-password', undefined, { email })
    const token = await resetLinkToken(email)
    const reset = await inject(server, 'POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'new password 12',
      confirmPassword: 'new password 12',
    })
    expect(reset.statusCode).toBe(200)
    await endsWithin(onLaptop, 5_000)
    await endsWithin(onPhone, 5_000)
    await stillOpen(theirs)
    theirs.close()
  })

  it('ends when its session expires while it is open', async () => {
    const me = await signUp(server)
    const [row] = await server.runtime.database.db.select().from(session).where(eq(session.userId, me.userId))
    // Two seconds before the session's expiry, by the clock sessions are judged by.
    sessionClockOffsetMs = row!.expiresAt.getTime() - Date.now() - 2_000
    try {
      const stream = await openEventStream(base, me.cookie)
      expect(stream.status).toBe(200)
      const took = await endsWithin(stream, 6_000)
      expect(took).toBeGreaterThan(1_000)
    } finally {
      sessionClockOffsetMs = 0
    }
  })

  it(`refuses a user's stream past ${MAX_STREAMS_PER_USER} with 429 and a clear message; closing one makes room`, async () => {
    const me = await signUp(server)
    const streams = []
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openEventStream(base, me.cookie))
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200))
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyEventStreams })

    streams[0]!.close()
    const room = await eventually(async () => {
      const next = await openEventStream(base, me.cookie)
      if (next.status === 200) return next
      return undefined
    }, 5_000)
    for (const stream of [...streams, room]) stream.close()
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'end in another API process: the database tells every process about deleted sessions',
    async () => {
      const other: Runtime = await startApiProcess(server)
      try {
        const otherBase = (await other.http!.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')
        const me = await signUp(server)
        const stream = await openEventStream(otherBase, me.cookie)
        expect(stream.status).toBe(200)
        await inject(server, 'POST', '/api/auth/sign-out', me.cookie)
        await endsWithin(stream, 5_000)
      } finally {
        await other.stop()
      }
    },
  )
})
