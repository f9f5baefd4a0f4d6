import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tiktokAccountListSchema } from '@hookpost/shared'
import { seedAccount } from '../modules/analytics/testing/analytics-seed'
import { inject, signUp } from '../testing/http-test-kit'
import { startTestServer, type TestServer } from '../testing/test-runtime'

/**
 * Compression and revalidation over the whole server (ADR 025): the built web app's precompressed files, the SPA's
 * index.html, the API's JSON negotiated by Accept-Encoding, ETag → 304, and the event stream left uncompressed.
 */
const PUBLIC = 'http://localhost:3999'
let server: TestServer
/** Where the server listens: a free port the system picks, so two tiers of the run can hold this file at once. */
let base: string
let webDir: string
const bundle = `console.log(${JSON.stringify('hookpost '.repeat(500))})`
const html = `<!doctype html><title>Hookpost</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`
/** A marketing page as the build prerenders it (ADR 056). */
const pageHtml = (name: string) => `<!doctype html><title>${name}</title><main>${'y'.repeat(2000)}</main>`

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'compression-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  mkdirSync(path.join(webDir, 'pages'))
  // As the build leaves them (apps/web/vite.config.ts, prerender.ts): each text file with its .br and .gz beside it.
  for (const [name, body] of [
    ['index.html', html],
    ['assets/app-1234.js', bundle],
    ['pages/index.html', pageHtml('landing')],
    ['pages/pricing.html', pageHtml('pricing')],
  ] as const) {
    writeFileSync(path.join(webDir, name), body)
    writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(body))
    writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(body))
  }
  writeFileSync(path.join(webDir, 'assets', 'plain-1234.css'), `body{color:red}${' '.repeat(3000)}`)
  server = await startTestServer({ PUBLIC_URL: PUBLIC, WEB_DIST_DIR: webDir })
  base = (await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')
})
afterAll(async () => {
  await server?.close()
  if (webDir) rmSync(webDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  server.runtime.http!.inject({ method: 'GET', url, headers: { host: 'localhost:3999', ...headers } })

describe('the web app’s files', () => {
  it('are sent precompressed in the encoding the browser accepts, cached for a year', async () => {
    const br = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle)

    const gz = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle)

    const plain = await get('/assets/app-1234.js', { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(bundle)
  })

  it('without a precompressed copy are compressed on the way out', async () => {
    const res = await get('/assets/plain-1234.css', { 'accept-encoding': 'br' })
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/^body\{color:red\}/)
  })

  /** A page answered as HTML, precompressed (brotli), with its CSP and no-cache, whose body is `body`. */
  async function expectPage(url: string, body: string) {
    const res = await get(url, { 'accept-encoding': 'br' })
    expect(res.statusCode, url).toBe(200)
    expect(res.headers['content-encoding'], url).toBe('br')
    expect(res.headers['content-type'], url).toMatch(/text\/html/)
    expect(res.headers['cache-control'], url).toBe('no-cache')
    expect(res.headers['content-security-policy'], url).toContain("script-src 'self'")
    expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(body)
  }

  it('serve the SPA’s index.html precompressed on any page path, with its CSP and no-cache', async () => {
    for (const url of ['/dashboard?tab=schedule', '/login', '/features', '/pages']) {
      await expectPage(url, html)
    }
  })

  it('serve a prerendered marketing page in place of the SPA on its path, under the same rules', async () => {
    for (const [url, name] of [
      ['/', 'landing'],
      ['/?from=ad', 'landing'],
      ['/pricing', 'pricing'],
      ['/pricing/', 'pricing'],
    ] as const) {
      await expectPage(url, pageHtml(name))
    }
    const plain = await get('/pricing', { 'accept-encoding': 'identity' })
    expect(plain.body).toBe(pageHtml('pricing'))
  })

  it('a range of a file is sent as stored, not compressed again', async () => {
    const res = await get('/assets/plain-1234.css', { 'accept-encoding': 'br', range: 'bytes=0-9' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('body{color')
  })
})

describe('the API’s JSON', () => {
  it('is compressed as the browser asks (br, gzip, identity) and varies by Accept-Encoding', async () => {
    const me = await signUp(server)
    for (let i = 0; i < 10; i++) await seedAccount(server.runtime.database.db, me.userId, { username: `creator.${i}` })
    const plain = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const br = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie, undefined, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie, undefined, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
  })

  it('answers 304 to a browser holding the same answer, and 200 with a new ETag once it changed', async () => {
    const me = await signUp(server)
    await seedAccount(server.runtime.database.db, me.userId, { username: 'first.creator' })
    const first = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers['cache-control']).toBe('private, no-cache')

    const same = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie, undefined, { 'if-none-match': etag })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')

    await seedAccount(server.runtime.database.db, me.userId, { username: 'second.creator' })
    const changed = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie, undefined, { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(tiktokAccountListSchema.parse(changed.json()).accounts).toHaveLength(2)
  })

  it('another person’s ETag never gets a 304 for different data', async () => {
    const me = await signUp(server)
    const other = await signUp(server)
    await seedAccount(server.runtime.database.db, other.userId, { username: 'their.creator' })
    const theirs = await inject(server, 'GET', '/api/tiktok/accounts', other.cookie)
    const mine = await inject(server, 'GET', '/api/tiktok/accounts', me.cookie, undefined, {
      'if-none-match': theirs.headers.etag as string,
    })
    expect(mine.statusCode).toBe(200)
    expect(tiktokAccountListSchema.parse(mine.json()).accounts).toEqual([])
  })

  it('the live event stream is neither compressed nor tagged', async () => {
    const me = await signUp(server)
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: me.cookie, 'accept-encoding': 'br, gzip', host: 'localhost:3999' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('etag')).toBeNull()
    await res.body?.cancel()
  })
})
