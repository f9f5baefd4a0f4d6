import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  apiPost,
  bearer,
  connect,
  errorCode,
  fetchStatus,
  makeSandbox,
  postVideo,
  tokenRequest,
  type TestSandbox,
} from '../testing/harness'

let t: TestSandbox
let dice: number[]
beforeEach(async () => {
  dice = []
  t = await makeSandbox({ random: () => dice.shift() ?? 0.99 })
})
afterEach(async () => {
  await t.close()
})

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: ADMIN, ...(payload === undefined ? {} : { payload: payload as object }) })

describe('admin API', () => {
  it('needs x-sandbox-admin-key = a registered client secret', async () => {
    for (const headers of [{}, { 'x-sandbox-admin-key': 'wrong' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/admin/creators', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } })
    }
  })

  it('creates and lists creators; 409 for a taken username, 400 for a bad one', async () => {
    const created = await admin('POST', '/sandbox/admin/creators', {
      display_name: 'Dee',
      username: 'dee',
      is_private: true,
    })
    expect(created.statusCode).toBe(201)
    const creator = created.json().creator
    expect(creator).toEqual({
      open_id: expect.any(String),
      union_id: expect.any(String),
      display_name: 'Dee',
      username: 'dee',
      avatar_url: `http://sandbox.test/avatars/${creator.open_id}.svg`,
      bio_description: expect.any(String),
      is_verified: false,
      is_private: true,
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
      banned: false,
      created_at: new Date(t.clock.now()).toISOString(),
    })
    expect((await admin('POST', '/sandbox/admin/creators', { username: 'DEE' })).statusCode).toBe(409)
    expect((await admin('POST', '/sandbox/admin/creators', { username: 'a b' })).statusCode).toBe(400)
    expect((await admin('POST', '/sandbox/admin/creators', { display_name: 'x' })).statusCode).toBe(400)
    const list = await admin('GET', '/sandbox/admin/creators')
    expect(list.json().creators).toEqual([creator])
  })

  it('updates a creator and lists its videos', async () => {
    const c = await connect(t.app, { username: 'eve' })
    const patched = await admin('PATCH', `/sandbox/admin/creators/${c.openId}`, {
      is_private: true,
      max_video_post_duration_sec: 60,
    })
    expect(patched.json().creator).toMatchObject({ is_private: true, max_video_post_duration_sec: 60 })
    const publishId = await postVideo(t.app, c.accessToken, { post: { privacy_level: 'SELF_ONLY', title: 'hello' } })
    const videos = await admin('GET', `/sandbox/admin/creators/${c.openId}/videos`)
    expect(videos.json().videos).toEqual([
      expect.objectContaining({
        publish_id: publishId,
        title: 'hello',
        privacy_level: 'SELF_ONLY',
        status: 'PROCESSING_UPLOAD',
      }),
    ])
    expect((await admin('GET', '/sandbox/admin/creators/nope/videos')).statusCode).toBe(404)
  })

  it('expires tokens on demand (access only, or with refresh)', async () => {
    const c = await connect(t.app)
    const info = () =>
      t.app.inject({ method: 'GET', url: '/v2/user/info/?fields=open_id', headers: bearer(c.accessToken) })
    expect((await admin('POST', '/sandbox/admin/tokens/expire', { access_token: c.accessToken })).statusCode).toBe(200)
    expect(errorCode(await info())).toBe('access_token_invalid')
    const refreshed = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: c.refreshToken })
    expect(refreshed.statusCode).toBe(200)

    const { refresh_token } = refreshed.json()
    await admin('POST', '/sandbox/admin/tokens/expire', { open_id: c.openId, include_refresh: true })
    const dead = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token })
    expect(dead.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('returns the internal publish record', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken)
    const res = await admin('GET', `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`)
    expect(res.json().publish).toMatchObject({ publishId, receivedBytes: 2048, status: 'PROCESSING_UPLOAD' })
    expect((await admin('GET', '/sandbox/admin/publishes/nope')).statusCode).toBe(404)
  })
})

describe('faults', () => {
  it('server_error_rate 1 → 500 internal_error on API routes, not on admin or pages', async () => {
    const c = await connect(t.app)
    const set = await admin('PUT', '/sandbox/admin/faults', { server_error_rate: 1 })
    expect(set.json()).toEqual({ faults: { server_error_rate: 1 } })
    const res = await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ data: {}, error: { code: 'internal_error' } })
    const token = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: c.refreshToken })
    expect(token.statusCode).toBe(500)
    expect(token.json()).toMatchObject({ error: 'server_error' })
    expect((await admin('GET', '/sandbox/admin/creators')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200)

    await admin('DELETE', '/sandbox/admin/faults')
    expect((await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)).statusCode).toBe(200)
  })

  it('a rate between 0 and 1 fails the requests whose random draw is below it', async () => {
    const c = await connect(t.app)
    await admin('PUT', '/sandbox/admin/faults', { server_error_rate: 0.5 })
    dice.push(0.2, 0.7)
    expect((await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)).statusCode).toBe(500)
    expect((await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)).statusCode).toBe(200)
  })

  it('rate_limit_rate → 429 rate_limit_exceeded; paths limit the faults to the listed endpoints', async () => {
    const c = await connect(t.app)
    await admin('PUT', '/sandbox/admin/faults', { rate_limit_rate: 1, paths: ['/v2/post/publish/status/fetch/'] })
    expect((await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)).statusCode).toBe(200)
    const limited = await fetchStatus(t.app, c.accessToken, 'x')
    expect(limited.statusCode).toBe(429)
    expect(errorCode(limited)).toBe('rate_limit_exceeded')
  })

  it('latency_ms delays API answers', async () => {
    const c = await connect(t.app)
    await admin('PUT', '/sandbox/admin/faults', { latency_ms: 150 })
    const started = performance.now()
    expect((await apiPost(t.app, '/v2/post/publish/creator_info/query/', c.accessToken)).statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('refuses unknown fault settings', async () => {
    expect((await admin('PUT', '/sandbox/admin/faults', { server_error_rate: 2 })).statusCode).toBe(400)
    expect((await admin('PUT', '/sandbox/admin/faults', { explode: true })).statusCode).toBe(400)
    expect((await admin('PUT', '/sandbox/admin/faults', { fail_next_publish: 'not_a_reason' })).statusCode).toBe(400)
  })
})
