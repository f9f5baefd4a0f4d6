import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, connect, makeSandbox, mp4Bytes, postVideo, type TestSandbox } from '../testing/harness'
import { parseRange } from './pages'

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox({ processingMs: 1000, moderationMs: 1000 })
})
afterEach(async () => {
  await t.close()
})

describe('human pages', () => {
  it('the home page lists creators with their posts as playable videos', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/' })
    expect(empty.body).toContain('No sandbox creators yet')

    const c = await connect(t.app, { username: 'gia', display_name: 'Gia <Tester>', is_private: true })
    await postVideo(t.app, c.accessToken, { post: { privacy_level: 'FOLLOWER_OF_CREATOR', title: 'Hello #sandbox' } })
    t.clock.advance(5000)
    const res = await t.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    const html = res.body
    expect(html).toContain('<html lang="en">')
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\s*\/?>/)
    expect(html).toContain('<h1>TikTok Sandbox</h1>')
    expect(html).toContain('Gia &lt;Tester&gt;')
    expect(html).toContain('@gia')
    expect(html).toContain('Private account')
    expect(html).toMatch(
      /<video controls preload="metadata" playsinline src="http:\/\/sandbox\.test\/media\/[0-9a-f]{32}"/,
    )
    expect(html).toContain('Hello #sandbox')
    expect(html).toContain('PUBLISH_COMPLETE')
    expect(html).toContain('Followers')
    expect(html).toMatch(/<dt>Post id<\/dt>\s*<dd>7\d{18}<\/dd>/)
    expect(html).toContain('<dt>Views</dt>')
    expect(html).not.toMatch(/<script/i)
    const css = await t.app.inject({ method: 'GET', url: '/sandbox-assets/sandbox.css' })
    expect(css.headers['content-type']).toContain('text/css')
  })

  it('a video page per post id and a creator page per username', async () => {
    const c = await connect(t.app, { username: 'hal' })
    const publishId = await postVideo(t.app, c.accessToken, { post: { title: 'Solo' } })
    const record = await t.app.inject({
      method: 'GET',
      url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
      headers: ADMIN,
    })
    const postId = record.json().publish.post_id as string
    const page = await t.app.inject({ method: 'GET', url: `/videos/${postId}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>Solo</h1>')
    expect((await t.app.inject({ method: 'GET', url: '/creators/hal' })).body).toContain('<h1 id=')
    expect((await t.app.inject({ method: 'GET', url: '/videos/123' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/creators/nobody' })).statusCode).toBe(404)
  })

  it('serves media with Range support', async () => {
    const c = await connect(t.app)
    const bytes = mp4Bytes(5000)
    const publishId = await postVideo(t.app, c.accessToken, { bytes })
    const record = await t.app.inject({
      method: 'GET',
      url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
      headers: ADMIN,
    })
    const url = new URL(record.json().publish.media_url as string).pathname

    const whole = await t.app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['content-type']).toBe('video/mp4')
    expect(whole.rawPayload.equals(bytes)).toBe(true)

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 100-199/5000')
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true)

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } })
    expect(tail.headers['content-range']).toBe('bytes 4990-4999/5000')

    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=6000-' } })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe('bytes */5000')
    expect((await t.app.inject({ method: 'GET', url: '/media/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404)
  })

  it('parses byte ranges', () => {
    expect(parseRange(undefined, 10)).toBeUndefined()
    expect(parseRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 })
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 })
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined()
  })
})
