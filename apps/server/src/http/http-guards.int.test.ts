import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES, savedHookListSchema, tiktokAccountListSchema } from '@hookpost/shared'
import { inject, signUp } from '../testing/http-test-kit'
import { startTestServer, type TestServer } from '../testing/test-runtime'

/**
 * What every request meets before a route runs (ADR 021), over the whole server with a built web app in place:
 * pages only on PUBLIC_URL's host, no cross-site writes, no NUL or bidi controls in text, and no body read or
 * validated before the session is checked.
 */
const PUBLIC = 'http://localhost:3999'
const FOREIGN = 'https://evil.example'
let server: TestServer
let base: string
let webDir: string

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'guards-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Hookpost</title><div id="root"></div>')
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("hookpost")')
  server = await startTestServer({ PUBLIC_URL: PUBLIC, WEB_DIST_DIR: webDir })
  base = (await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')
})
afterAll(async () => {
  await server?.close()
  if (webDir) rmSync(webDir, { recursive: true, force: true })
})

const page = (url: string, host: string, method: 'GET' | 'HEAD' = 'GET', headers: Record<string, string> = {}) =>
  server.runtime.http!.inject({ method, url, headers: { host, ...headers } })

describe('pages on another host', () => {
  it('are redirected to the same path and query on PUBLIC_URL', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await page('/auth/tiktok/callback?code=c1&state=s1', '127.0.0.1:3999', method)
      expect(res.statusCode).toBe(307)
      expect(res.headers.location).toBe(`${PUBLIC}/auth/tiktok/callback?code=c1&state=s1`)
    }
    expect((await page('/', 'LOCALHOST:3999')).statusCode).toBe(200)
    const home = await page('/dashboard?tab=hooks', 'localhost:3999')
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('<div id="root">')
  })

  it('are judged by the Host, not by an X-Forwarded-Host nobody trusts', async () => {
    const res = await page('/login', '127.0.0.1:3999', 'GET', { 'x-forwarded-host': 'localhost:3999' })
    expect(res.statusCode).toBe(307)
  })

  it('leave the API, assets and the OpenAPI document alone', async () => {
    const health = await page('/api/health', '127.0.0.1:3999')
    expect(health.statusCode).toBe(200)
    expect((await page('/assets/app-1234.js', '127.0.0.1:3999')).statusCode).toBe(200)
    expect((await page('/api/docs/json', '127.0.0.1:3999')).statusCode).toBe(200)
    const signIn = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: '127.0.0.1:3999', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' }),
    })
    expect(signIn.statusCode).toBe(401)
  })
})

describe('cross-site writes', () => {
  const write = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    cookie?: string,
    body?: unknown,
  ) => inject(server, method, url, cookie, body, headers)

  it('are refused with 403 and change nothing: JSON bodies, body-less POSTs, DELETE, tus', async () => {
    const me = await signUp(server)
    const email = `csrf-${Date.now()}@example.com`
    const password = 'correct horse 1'
    const signUpBody = { email, password, confirmPassword: password, acceptTerms: true }

    const foreignSignUp = await write('POST', '/api/auth/sign-up', { origin: FOREIGN }, undefined, signUpBody)
    expect(foreignSignUp.statusCode).toBe(403)
    expect(foreignSignUp.json()).toEqual({
      code: 'FORBIDDEN',
      message: `${MESSAGES.crossSiteRefused} Open Hookpost at ${PUBLIC} and try again.`,
    })
    expect(foreignSignUp.headers['set-cookie']).toBeUndefined()

    const account = { accountName: 'Ana Cooks', accountUsername: 'anacooks' }
    expect((await write('POST', '/api/tiktok/accounts', { origin: FOREIGN }, me.cookie, account)).statusCode).toBe(403)
    const accounts = async () =>
      tiktokAccountListSchema.parse((await inject(server, 'GET', '/api/tiktok/accounts', me.cookie)).json()).accounts
    expect(await accounts()).toHaveLength(0)

    const mine = await write('POST', '/api/tiktok/accounts', { origin: PUBLIC }, me.cookie, account)
    expect(mine.statusCode).toBe(201)
    const id = mine.json<{ account: { id: string } }>().account.id
    expect((await write('DELETE', `/api/tiktok/accounts/${id}`, { origin: 'null' }, me.cookie)).statusCode).toBe(403)
    expect(
      (
        await write('PATCH', `/api/tiktok/accounts/${id}`, { 'sec-fetch-site': 'cross-site' }, me.cookie, {
          niche: 'x',
        })
      ).statusCode,
    ).toBe(403)
    expect(await accounts()).toMatchObject([{ id, niche: '' }])

    // A body-less POST: signing someone out from another site.
    const signOut = await write('POST', '/api/auth/sign-out', { 'sec-fetch-site': 'same-site' }, me.cookie)
    expect(signOut.statusCode).toBe(403)
    expect((await inject(server, 'GET', '/api/auth/session', me.cookie)).json()).toMatchObject({
      user: { id: me.userId },
    })

    // tus creation and PATCH.
    const tus = { 'tus-resumable': '1.0.0', 'upload-length': '10', origin: FOREIGN }
    expect((await write('POST', '/api/uploads', tus, me.cookie)).statusCode).toBe(403)
    expect((await write('PATCH', `/api/uploads/${'a'.repeat(32)}`, tus, me.cookie)).statusCode).toBe(403)

    // Our own pages, and clients that are not browser pages, get through.
    const ours = await write(
      'POST',
      '/api/auth/sign-up',
      { origin: PUBLIC, 'sec-fetch-site': 'same-origin' },
      undefined,
      {
        ...signUpBody,
      },
    )
    expect(ours.statusCode).toBe(200)
    expect((await write('DELETE', `/api/tiktok/accounts/${id}`, {}, me.cookie)).statusCode).toBe(204)
  })
})

describe('text with NUL or bidi controls', () => {
  it('is refused with 400 naming the field, in the body, the query and the path, and nothing is stored', async () => {
    const me = await signUp(server)
    const style = { position: 'top', color: '#ffcc00', fontSize: 48, fontWeight: 'bold' }
    const nul = await inject(server, 'POST', '/api/saved-hooks', me.cookie, { text: 'Stop\u0000 scrolling', ...style })
    expect(nul.statusCode).toBe(400)
    expect(nul.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `“text” ${MESSAGES.forbiddenCharacter} (U+0000)`,
      details: [{ path: 'text', message: `“text” ${MESSAGES.forbiddenCharacter} (U+0000)` }],
    })
    const bidi = await inject(server, 'POST', '/api/saved-hooks', me.cookie, { text: 'gpj.\u202Eexe', ...style })
    expect(bidi.statusCode).toBe(400)
    expect(bidi.json().message).toBe(`“text” ${MESSAGES.forbiddenCharacter} (U+202E)`)
    const list = await inject(server, 'GET', '/api/saved-hooks', me.cookie)
    expect(savedHookListSchema.parse(list.json()).hooks).toEqual([])

    const isolate = await inject(server, 'POST', '/api/tiktok/accounts', me.cookie, {
      accountName: 'Ana',
      accountUsername: 'ana',
      targetAudience: 'busy parents \u2067who cook\u2069',
    })
    expect([isolate.statusCode, isolate.json().details]).toEqual([
      400,
      [{ path: 'targetAudience', message: expect.stringContaining('(U+2067)') }],
    ])

    const query = await inject(server, 'GET', '/api/posts?from=2026-01-01%00', me.cookie)
    expect([query.statusCode, query.json().message]).toEqual([400, `“from” ${MESSAGES.forbiddenCharacter} (U+0000)`])
    const param = await inject(server, 'GET', '/api/posts/%E2%80%AEabc', me.cookie)
    expect([param.statusCode, param.json().message]).toEqual([400, `“id” ${MESSAGES.forbiddenCharacter} (U+202E)`])
  })
})

describe('authentication comes first', () => {
  it('answers 401, not 400, to a bad body without a session', async () => {
    const res = await inject(server, 'POST', '/api/posts', undefined, { title: 42 })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.notAuthenticated })
    const malformed = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/saved-hooks',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    })
    expect(malformed.statusCode).toBe(401)
  })

  it('refuses an unauthenticated 60 KB body with 401 before the body has been sent', async () => {
    // Only the headers and the first kilobyte go out; the rest never does. A server that read the body first would
    // wait for it, and this would time out.
    const status = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(base)
      const socket = net.connect(Number(port), '127.0.0.1')
      const timer = setTimeout(() => {
        socket.destroy()
        reject(new Error('no answer while the body was still owed'))
      }, 5_000)
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1')
        const line = received.split('\r\n')[0]
        if (line && received.includes('\r\n')) {
          clearTimeout(timer)
          socket.destroy()
          resolve(line)
        }
      })
      socket.on('error', reject)
      socket.write(
        'POST /api/saved-hooks HTTP/1.1\r\nHost: localhost:3999\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${60 * 1024}\r\n\r\n` +
          `{"text":"${'x'.repeat(1000)}`,
      )
    })
    expect(status).toBe('HTTP/1.1 401 Unauthorized')
  })
})
