import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  CLIENT_KEY,
  connect,
  errorCode,
  init,
  makeSandbox,
  photoBody,
  photoInit,
  postInfo,
  type TestSandbox,
} from '../testing/harness'

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox({ allowedPullPrefixes: ['http://localhost:3000/'] })
})
afterEach(async () => {
  await t.close()
})

const url = `/sandbox/admin/clients/${CLIENT_KEY}/url-properties`
const add = (type: string, value: string, headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'POST', url, headers, payload: { type, value } })
const list = async () =>
  (await t.app.inject({ method: 'GET', url, headers: ADMIN })).json().url_properties as Array<{
    type: string
    value: string
  }>

describe('verified URL properties (tiktok-api.md §3.6)', () => {
  it('lists the configured prefix, adds and removes domains and prefixes', async () => {
    expect(await list()).toEqual([
      { type: 'url_prefix', value: 'http://localhost:3000/', added_at: expect.any(String) },
    ])
    expect((await add('domain', 'Static.Example.com')).json().url_property).toMatchObject({
      type: 'domain',
      value: 'static.example.com',
    })
    expect((await add('url_prefix', 'https://cdn.example.net/hookpost/')).statusCode).toBe(201)
    expect((await add('domain', 'static.example.com')).statusCode).toBe(409)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${url}?type=domain&value=static.example.com`,
      headers: ADMIN,
    })
    expect(removed.statusCode).toBe(200)
    expect((await list()).map((p) => p.value)).toEqual(['http://localhost:3000/', 'https://cdn.example.net/hookpost/'])
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `${url}?type=domain&value=nope.example`,
      headers: ADMIN,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses malformed properties (400), unknown clients (404) and a missing admin key (401)', async () => {
    for (const [type, value] of [
      ['domain', 'https://static.example.com'],
      ['domain', 'static.example.com/path'],
      ['url_prefix', 'static.example.com/'],
      ['url_prefix', 'https://static.example.com/media'],
      ['url_prefix', 'ftp://static.example.com/'],
      ['folder', 'static.example.com'],
    ] as const) {
      expect([type, value, (await add(type, value)).statusCode]).toEqual([type, value, 400])
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/admin/clients/nobody/url-properties',
      headers: ADMIN,
    })
    expect(unknown.statusCode).toBe(404)
    expect((await add('domain', 'a.example', {})).statusCode).toBe(401)
  })

  it('a domain covers its subdomains and every path, not its parent; a prefix covers exactly what starts with it', async () => {
    await add('domain', 'static.example.com')
    await add('url_prefix', 'https://cdn.example.net/hookpost/')
    const c = await connect(t.app)
    const verdict = async (image: string) => {
      t.clock.advance(11_000)
      const res = await photoInit(t.app, c.accessToken, photoBody([image], { post: { privacy_level: 'SELF_ONLY' } }))
      return errorCode(res)
    }
    expect(await verdict('https://static.example.com/a/b.jpg')).toBe('ok')
    expect(await verdict('https://video.static.example.com/x.jpg')).toBe('ok')
    expect(await verdict('https://example.com/x.jpg')).toBe('url_ownership_unverified')
    expect(await verdict('https://notstatic.example.com/x.jpg')).toBe('url_ownership_unverified')
    expect(await verdict('https://cdn.example.net/hookpost/slides/1.jpg')).toBe('ok')
    expect(await verdict('https://cdn.example.net/other/1.jpg')).toBe('url_ownership_unverified')
    expect(await verdict('http://localhost:3000/api/media/x.jpg')).toBe('ok')
    // Videos pulled from a URL use the same properties.
    const video = await init(t.app, c.accessToken, {
      post_info: postInfo({ privacy_level: 'SELF_ONLY' }),
      source_info: { source: 'PULL_FROM_URL', video_url: 'https://video.static.example.com/v.mp4' },
    })
    expect(errorCode(video)).toBe('ok')
  })

  it('a reset forgets added properties but keeps the configured ones', async () => {
    await add('domain', 'static.example.com')
    await t.app.inject({
      method: 'DELETE',
      url: `${url}?type=url_prefix&value=${encodeURIComponent('http://localhost:3000/')}`,
      headers: ADMIN,
    })
    expect((await list()).map((p) => p.value)).toEqual(['static.example.com'])
    await t.app.inject({ method: 'POST', url: '/sandbox/admin/reset', headers: ADMIN })
    expect((await list()).map((p) => p.value)).toEqual(['http://localhost:3000/'])
  })
})
