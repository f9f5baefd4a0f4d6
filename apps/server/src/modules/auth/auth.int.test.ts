import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { MESSAGES } from '@hookpost/shared'
import { cookieHeader, eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

let server: TestServer
const json = { 'content-type': 'application/json' }

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

function inject(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie?: string) {
  return server.runtime.http!.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
}

async function signUp(email: string, password = 'correct horse 1') {
  const res = await inject('POST', '/api/auth/sign-up', {
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
  })
  expect(res.statusCode).toBe(200)
  return cookieHeader(res.headers['set-cookie'])
}

async function countUsers(email: string): Promise<number> {
  const result = await server.runtime.database.db.execute(
    sql`select count(*)::int as n from "user" where email = ${email}`,
  )
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n)
}

/** The reset mails sent to `email`, newest first (sign-up also mails a confirmation link). */
async function outboxFor(email: string) {
  const res = await inject('GET', '/api/dev/outbox')
  const mails = (res.json() as { mails: { to: string; subject: string; text: string; status: string }[] }).mails
  return mails.filter((m) => m.to === email && m.subject === 'Reset your Hookpost password')
}

/** Asks for a reset link and returns its token once the mail went out. */
async function requestReset(email: string, previous = 0): Promise<string> {
  expect((await inject('POST', '/api/auth/forgot-password', { email })).statusCode).toBe(200)
  const mails = await eventually(async () => {
    const sent = (await outboxFor(email)).filter((m) => m.status === 'sent')
    return sent.length > previous ? sent : undefined
  })
  return resetLink(mails[0]!.text)
}

function resetWith(token: string, password = 'new password 1') {
  return inject('POST', '/api/auth/reset-password', { token, password, confirmPassword: password })
}

function resetLink(text: string): string {
  const match = /http\S+reset-password\?token=(\S+)/.exec(text)
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`)
  return decodeURIComponent(match[1])
}

describe(`auth (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('signs up, creates a trial profile and a session cookie', async () => {
    const cookie = await signUp('Maya@Example.com')
    expect(cookie).toMatch(/hookpost\.session_token=/)
    const session = await inject('GET', '/api/auth/session', undefined, cookie)
    expect(session.json()).toMatchObject({ user: { email: 'maya@example.com' } })
    const profile = await inject('GET', '/api/profile', undefined, cookie)
    expect(profile.statusCode).toBe(200)
    const p = profile.json() as { plan: string; trialEndsAt: string; timeZone: string | null }
    expect(p.plan).toBe('trial')
    expect(p.timeZone).toBeNull()
    const days = (Date.parse(p.trialEndsAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14)
  })

  it.each([
    [{ password: 'short', confirmPassword: 'short' }, MESSAGES.passwordTooShort],
    [{ password: 'long enough 1', confirmPassword: 'different 12' }, MESSAGES.passwordsDoNotMatch],
    [{ password: 'long enough 1', confirmPassword: 'long enough 1', acceptTerms: false }, MESSAGES.termsRequired],
    [{ email: 'not-an-email', password: 'long enough 1', confirmPassword: 'long enough 1' }, MESSAGES.emailInvalid],
  ])('refuses a bad sign-up %j with the spec message, creating nothing', async (override, message) => {
    const email = 'bad-signup@example.com'
    const res = await inject('POST', '/api/auth/sign-up', { email, acceptTerms: true, ...override })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message })
    expect(await countUsers(email)).toBe(0)
  })

  it('refuses a second account with the same email', async () => {
    await signUp('twice@example.com')
    const res = await inject('POST', '/api/auth/sign-up', {
      email: 'twice@example.com',
      password: 'another pass 1',
      confirmPassword: 'another pass 1',
      acceptTerms: true,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken })
    expect(await countUsers('twice@example.com')).toBe(1)
  })

  it('signs in: remember me gives a persistent cookie, otherwise a browser-session cookie', async () => {
    await signUp('remember@example.com')
    const remembered = await inject('POST', '/api/auth/sign-in', {
      email: 'remember@example.com',
      password: 'correct horse 1',
      rememberMe: true,
    })
    expect(remembered.statusCode).toBe(200)
    const persistent = ([] as string[])
      .concat(remembered.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('hookpost.session_token='))
    expect(persistent).toMatch(/Max-Age=\d+/i)

    const browserSession = await inject('POST', '/api/auth/sign-in', {
      email: 'remember@example.com',
      password: 'correct horse 1',
      rememberMe: false,
    })
    const sessionCookie = ([] as string[])
      .concat(browserSession.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('hookpost.session_token='))
    expect(sessionCookie).toBeDefined()
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i)
  })

  it('refuses a wrong password and an unknown email with the same message', async () => {
    await signUp('wrongpw@example.com')
    const wrong = await inject('POST', '/api/auth/sign-in', { email: 'wrongpw@example.com', password: 'not the one 1' })
    const unknown = await inject('POST', '/api/auth/sign-in', {
      email: 'nobody@example.com',
      password: 'not the one 1',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials })
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('signs out: the cookie no longer opens the profile', async () => {
    const cookie = await signUp('signout@example.com')
    expect((await inject('GET', '/api/profile', undefined, cookie)).statusCode).toBe(200)
    const out = await inject('POST', '/api/auth/sign-out', {}, cookie)
    expect(out.statusCode).toBe(200)
    const after = await inject('GET', '/api/profile', undefined, cookie)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.notAuthenticated })
  })

  it('checks a reset link without using it: good until used or expired, unknown and bad input refused', async () => {
    await signUp('check-link@example.com', 'old password 1')
    const token = await requestReset('check-link@example.com')
    const check = (body: unknown) => inject('POST', '/api/auth/reset-password/check', body)

    const good = await check({ token })
    expect(good.statusCode).toBe(200)
    expect(good.json()).toEqual({ valid: true })
    // Checking again changes nothing: the link still resets the password.
    expect((await check({ token })).json()).toEqual({ valid: true })
    expect((await check({ token: `${token}x` })).json()).toEqual({ valid: false })
    expect((await check({ token: 'not-a-token' })).json()).toEqual({ valid: false })

    for (const body of [{}, { token: '' }, { token: 'x'.repeat(513) }, { token: 42 }]) {
      const bad = await check(body)
      expect(bad.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await check({ token })).json()).toEqual({ valid: true })

    const reset = await resetWith(token)
    expect(reset.statusCode).toBe(200)
    expect((await check({ token })).json()).toEqual({ valid: false })

    // An expired link (more than an hour old) is refused by the check as by the reset.
    const later = await requestReset('check-link@example.com', 1)
    expect((await check({ token: later })).json()).toEqual({ valid: true })
    await server.runtime.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${later}`}`,
    )
    expect((await check({ token: later })).json()).toEqual({ valid: false })
    expect((await resetWith(later)).statusCode).toBe(400)
  })

  it('resets a password by mail: the link works once, the old password stops working', async () => {
    await signUp('reset@example.com', 'old password 1')
    const asked = await inject('POST', '/api/auth/forgot-password', { email: 'reset@example.com' })
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ message: MESSAGES.resetRequested })

    // Delivered by the worker (mail.send job), not by the request.
    const mail = await eventually(async () => (await outboxFor('reset@example.com')).find((m) => m.status === 'sent'))
    const token = resetLink(mail.text)

    const mismatch = await inject('POST', '/api/auth/reset-password', {
      token,
      password: 'new password 1',
      confirmPassword: 'new password 2',
    })
    expect(mismatch.json()).toMatchObject({ message: MESSAGES.passwordsDoNotMatch })

    const reset = await inject('POST', '/api/auth/reset-password', {
      token,
      password: 'new password 1',
      confirmPassword: 'new password 1',
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ message: MESSAGES.passwordResetDone })

    const oldPw = await inject('POST', '/api/auth/sign-in', { email: 'reset@example.com', password: 'old password 1' })
    expect(oldPw.statusCode).toBe(401)
    const newPw = await inject('POST', '/api/auth/sign-in', { email: 'reset@example.com', password: 'new password 1' })
    expect(newPw.statusCode).toBe(200)

    const reused = await inject('POST', '/api/auth/reset-password', {
      token,
      password: 'third password 1',
      confirmPassword: 'third password 1',
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.resetTokenInvalid })
    const stillNew = await inject('POST', '/api/auth/sign-in', {
      email: 'reset@example.com',
      password: 'new password 1',
    })
    expect(stillNew.statusCode).toBe(200)
  })

  it('a new reset request makes the link mailed before stop working', async () => {
    await signUp('twice-reset@example.com', 'old password 1')
    const first = await requestReset('twice-reset@example.com')
    const second = await requestReset('twice-reset@example.com', 1)
    expect(second).not.toBe(first)
    const old = await resetWith(first)
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.resetTokenInvalid })
    expect((await resetWith(second)).statusCode).toBe(200)
  })

  it('a successful reset makes every other outstanding reset link stop working', async () => {
    const cookie = await signUp('many-links@example.com', 'old password 1')
    const userId = (await inject('GET', '/api/auth/session', undefined, cookie)).json<{ user: { id: string } }>().user
      .id
    const token = await requestReset('many-links@example.com')
    // Another link still outstanding (asked for at the same moment from another tab, or by an older version).
    const other = 'other-outstanding-token-0123456789'
    await server.runtime.database.db.execute(
      sql`insert into verification (id, identifier, value, expires_at) values (${`v-${other}`}, ${`reset-password:${other}`}, ${userId}, now() + interval '1 hour')`,
    )
    expect((await resetWith(token)).statusCode).toBe(200)
    const refused = await resetWith(other, 'third password 1')
    expect(refused.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.resetTokenInvalid })
    const rows = await server.runtime.database.db.execute(
      sql`select count(*)::int as n from verification where value = ${userId} and identifier like 'reset-password:%'`,
    )
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0)
    expect(
      (await inject('POST', '/api/auth/sign-in', { email: 'many-links@example.com', password: 'new password 1' }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses the most common passwords at sign-up and reset, whatever their case', async () => {
    const res = await inject('POST', '/api/auth/sign-up', {
      email: 'common@example.com',
      password: 'Password123',
      confirmPassword: 'Password123',
      acceptTerms: true,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.passwordTooCommon,
      details: [{ path: 'password', message: MESSAGES.passwordTooCommon }],
    })
    expect(await countUsers('common@example.com')).toBe(0)

    await signUp('common-reset@example.com', 'old password 1')
    const token = await requestReset('common-reset@example.com')
    const common = await resetWith(token, 'QWERTYUIOP')
    expect(common.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.passwordTooCommon })
    // Nothing changed: the link is still good for a better password.
    expect((await resetWith(token, 'a much better one 7')).statusCode).toBe(200)
  })

  it('refuses an expired reset token', async () => {
    await signUp('expired@example.com', 'old password 1')
    await inject('POST', '/api/auth/forgot-password', { email: 'expired@example.com' })
    const mail = await eventually(async () => (await outboxFor('expired@example.com'))[0])
    const token = resetLink(mail.text)
    await server.runtime.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${token}`}`,
    )
    const res = await inject('POST', '/api/auth/reset-password', {
      token,
      password: 'new password 1',
      confirmPassword: 'new password 1',
    })
    expect(res.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.resetTokenInvalid })
    const old = await inject('POST', '/api/auth/sign-in', { email: 'expired@example.com', password: 'old password 1' })
    expect(old.statusCode).toBe(200)
  })

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const res = await inject('POST', '/api/auth/forgot-password', { email: 'ghost@example.com' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: MESSAGES.resetRequested })
    await new Promise((r) => setTimeout(r, 300))
    expect(await outboxFor('ghost@example.com')).toEqual([])
  })

  it('answers malformed JSON, oversized bodies and wrong content types with clear errors', async () => {
    const malformed = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: '{"email": "a@b.co",',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: MESSAGES.malformedJson })

    const huge = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: json,
      payload: JSON.stringify({
        email: 'huge@example.com',
        password: 'x'.repeat(100_000),
        confirmPassword: 'x',
        acceptTerms: true,
      }),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge })
    expect(await countUsers('huge@example.com')).toBe(0)

    const form = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co&password=x',
    })
    expect(form.statusCode).toBe(415)
    expect(form.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('keeps the profile private and validates the time zone', async () => {
    expect((await inject('GET', '/api/profile')).statusCode).toBe(401)
    const cookie = await signUp('zone@example.com')
    const bad = await inject('PUT', '/api/profile', { timeZone: 'Mars/Olympus_Mons' }, cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please choose a valid time zone' })
    expect((await inject('GET', '/api/profile', undefined, cookie)).json()).toMatchObject({ timeZone: null })
    const good = await inject('PUT', '/api/profile', { timeZone: 'America/New_York' }, cookie)
    expect(good.statusCode).toBe(200)
    expect(good.json()).toMatchObject({ timeZone: 'America/New_York', email: 'zone@example.com' })
  })
})

describe('auth rate limiting', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({ AUTH_RATE_LIMIT_MAX: '3' })
  })
  afterAll(async () => {
    await limited?.close()
  })

  it('keeps accounts, sessions and profiles across a restart', async () => {
    const cookie = await signUp('restart@example.com')
    await inject('PUT', '/api/profile', { timeZone: 'America/Chicago' }, cookie)
    await server.restart()
    const session = await inject('GET', '/api/auth/session', undefined, cookie)
    expect(session.json()).toMatchObject({ user: { email: 'restart@example.com' } })
    const profile = await inject('GET', '/api/profile', undefined, cookie)
    expect(profile.json()).toMatchObject({ timeZone: 'America/Chicago' })
    const signIn = await inject('POST', '/api/auth/sign-in', {
      email: 'restart@example.com',
      password: 'correct horse 1',
      rememberMe: false,
    })
    expect(signIn.statusCode).toBe(200)
  })

  it('shows the development outbox only to this machine', async () => {
    const local = await server.runtime.http!.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    for (const url of ['/dev/outbox', '/api/dev/outbox']) {
      const remote = await server.runtime.http!.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })
      expect(remote.statusCode, url).toBe(404)
      expect(remote.body).not.toContain('reset-password')
    }
  })

  it('answers 429 with a clear message after the limit, per client address', async () => {
    const attempt = () =>
      limited.runtime.http!.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: json,
        payload: JSON.stringify({ email: 'rl@example.com', password: 'whatever 1' }),
      })
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401)
    const blocked = await attempt()
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests })
  })
})
