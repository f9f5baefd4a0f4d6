import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  apiPost,
  connect,
  errorCode,
  fetchStatus,
  fileSource,
  init,
  makeSandbox,
  mp4Bytes,
  postInfo,
  postVideo,
  testClient,
  type TestSandbox,
} from '../testing/harness'

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox({ processingMs: 3000, moderationMs: 2000 })
})
afterEach(async () => {
  await t.close()
})

const creatorInfo = (token: string) => apiPost(t.app, '/v2/post/publish/creator_info/query/', token)

describe('POST /v2/post/publish/creator_info/query/', () => {
  it('describes a public creator', async () => {
    const c = await connect(t.app, { username: 'pub', display_name: 'Pub Lic', max_video_post_duration_sec: 300 })
    const res = await creatorInfo(c.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      data: {
        creator_avatar_url: `http://sandbox.test/avatars/${c.openId}.svg`,
        creator_username: 'pub',
        creator_nickname: 'Pub Lic',
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: 300,
      },
      error: { code: 'ok' },
    })
  })

  it('describes a private creator: follower options, duet and stitch disabled', async () => {
    const c = await connect(t.app, { is_private: true, comment_disabled: true })
    const res = await creatorInfo(c.accessToken)
    expect(res.json().data).toMatchObject({
      privacy_level_options: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      comment_disabled: true,
      duet_disabled: true,
      stitch_disabled: true,
      max_video_post_duration_sec: 600,
    })
  })

  it('needs video.publish (401 scope_not_authorized)', async () => {
    const c = await connect(t.app, {}, ['user.info.basic', 'video.list'])
    const res = await creatorInfo(c.accessToken)
    expect(res.statusCode).toBe(401)
    expect(errorCode(res)).toBe('scope_not_authorized')
  })

  it('answers HTTP 200 with spam_risk_user_banned_from_posting for a banned creator', async () => {
    const c = await connect(t.app, { banned: true })
    const res = await creatorInfo(c.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ data: {}, error: { code: 'spam_risk_user_banned_from_posting' } })
    const post = await init(t.app, c.accessToken, { post_info: postInfo(), source_info: fileSource(1000) })
    expect(post.statusCode).toBe(403)
    expect(errorCode(post)).toBe('spam_risk_user_banned_from_posting')
  })

  it('allows 20 calls a minute per token, then 429', async () => {
    const c = await connect(t.app)
    for (let i = 0; i < 20; i++) expect((await creatorInfo(c.accessToken)).statusCode).toBe(200)
    const limited = await creatorInfo(c.accessToken)
    expect(limited.statusCode).toBe(429)
    expect(errorCode(limited)).toBe('rate_limit_exceeded')
  })
})

describe('POST /v2/post/publish/video/init/', () => {
  it('answers publish_id and an upload_url on the sandbox', async () => {
    const c = await connect(t.app)
    const res = await init(t.app, c.accessToken, {
      post_info: postInfo({ privacy_level: 'MUTUAL_FOLLOW_FRIENDS' }),
      source_info: fileSource(50_000_123, 10_000_000, 5),
    })
    expect(res.statusCode).toBe(200)
    const { publish_id, upload_url } = res.json().data
    expect(publish_id).toMatch(/^v_pub_file~v2-1\.\d+$/)
    expect(publish_id.length).toBeLessThanOrEqual(64)
    expect(upload_url).toMatch(/^http:\/\/sandbox\.test\/upload\/\?upload_id=\w+&upload_token=[\w-]+$/)
    expect(upload_url.length).toBeLessThanOrEqual(256)
  })

  it('refuses a bad chunk plan with 400 invalid_params and TikTok’s message', async () => {
    const c = await connect(t.app)
    const size = await init(t.app, c.accessToken, {
      post_info: postInfo(),
      source_info: fileSource(50_000_000, 5_000_000, 10),
    })
    expect(size.statusCode).toBe(400)
    expect(size.json().error).toMatchObject({ code: 'invalid_params', message: 'The chunk size is invalid' })
    const count = await init(t.app, c.accessToken, {
      post_info: postInfo(),
      source_info: fileSource(50_000_123, 10_000_000, 6),
    })
    expect(count.json().error).toMatchObject({ code: 'invalid_params', message: 'The total chunk count is invalid' })
  })

  it('validates post_info: privacy_level must be one of the options (403), title ≤ 2200 UTF-16 units', async () => {
    const c = await connect(t.app, { is_private: true })
    const source = fileSource(1000)
    for (const info of [
      postInfo({ privacy_level: undefined }),
      postInfo({ privacy_level: 'PUBLIC_TO_EVERYONE' }),
      postInfo({ privacy_level: 'EVERYONE' }),
    ]) {
      const res = await init(t.app, c.accessToken, { post_info: info, source_info: source })
      expect(res.statusCode).toBe(403)
      expect(errorCode(res)).toBe('privacy_level_option_mismatch')
    }
    const ok = 'é'.repeat(2200)
    expect(
      (
        await init(t.app, c.accessToken, {
          post_info: postInfo({ privacy_level: 'SELF_ONLY', title: ok }),
          source_info: source,
        })
      ).statusCode,
    ).toBe(200)
    // An emoji is two UTF-16 code units: 1100 of them fit, 1101 do not.
    const long = '😀'.repeat(1101)
    const res = await init(t.app, c.accessToken, {
      post_info: postInfo({ privacy_level: 'SELF_ONLY', title: long }),
      source_info: source,
    })
    expect(res.statusCode).toBe(400)
    expect(errorCode(res)).toBe('invalid_params')
  })

  it('requires post_info, source_info and brand_content_toggle', async () => {
    const c = await connect(t.app)
    for (const body of [
      { source_info: fileSource(1000) },
      { post_info: postInfo() },
      { post_info: postInfo({ brand_content_toggle: undefined }), source_info: fileSource(1000) },
      { post_info: postInfo(), source_info: { source: 'FILE_UPLOAD', video_size: 1000 } },
      { post_info: postInfo(), source_info: { source: 'SOMETHING' } },
    ]) {
      const res = await init(t.app, c.accessToken, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorCode(res)).toBe('invalid_params')
    }
  })

  it('allows 6 inits a minute per token (sliding window), then 429', async () => {
    const c = await connect(t.app)
    const body = { post_info: postInfo(), source_info: fileSource(1000) }
    for (let i = 0; i < 6; i++) {
      expect((await init(t.app, c.accessToken, body)).statusCode).toBe(200)
      t.clock.advance(5000)
    }
    const seventh = await init(t.app, c.accessToken, body)
    expect(seventh.statusCode).toBe(429)
    expect(errorCode(seventh)).toBe('rate_limit_exceeded')
    // The first init leaves the window 60 s after it was made (30 s from now).
    t.clock.advance(30_000)
    expect((await init(t.app, c.accessToken, body)).statusCode).toBe(200)
    // Another token of the same creator has its own window.
    const other = await connect(t.app)
    expect((await init(t.app, other.accessToken, body)).statusCode).toBe(200)
  })

  it('stops at the daily post cap (403 on init, 200 on creator_info) for a rolling 24 h', async () => {
    const capped = await makeSandbox({ dailyPostCap: 2, accessTokenTtlSec: 7 * 86_400 })
    try {
      const c = await connect(capped.app)
      const body = { post_info: postInfo(), source_info: fileSource(1000) }
      expect((await init(capped.app, c.accessToken, body)).statusCode).toBe(200)
      capped.clock.advance(60 * 60_000)
      expect((await init(capped.app, c.accessToken, body)).statusCode).toBe(200)
      const third = await init(capped.app, c.accessToken, body)
      expect(third.statusCode).toBe(403)
      expect(errorCode(third)).toBe('spam_risk_too_many_posts')
      const info = await apiPost(capped.app, '/v2/post/publish/creator_info/query/', c.accessToken)
      expect(info.statusCode).toBe(200)
      expect(errorCode(info)).toBe('spam_risk_too_many_posts')
      // 24 h after the first post one slot frees up.
      capped.clock.advance(23 * 60 * 60_000 + 1)
      expect((await init(capped.app, c.accessToken, body)).statusCode).toBe(200)
    } finally {
      await capped.close()
    }
  })

  it('unaudited client: public account → 403 unaudited_client_can_only_post_to_private_accounts; private → SELF_ONLY only', async () => {
    const u = await makeSandbox({ clients: [testClient({ audited: false })] })
    try {
      const pub = await connect(u.app)
      const selfOnly = { post_info: postInfo({ privacy_level: 'SELF_ONLY' }), source_info: fileSource(1000) }
      const res = await init(u.app, pub.accessToken, selfOnly)
      expect(res.statusCode).toBe(403)
      expect(errorCode(res)).toBe('unaudited_client_can_only_post_to_private_accounts')

      const priv = await connect(u.app, { is_private: true })
      const info = await apiPost(u.app, '/v2/post/publish/creator_info/query/', priv.accessToken)
      expect(info.json().data.privacy_level_options).toEqual(['SELF_ONLY'])
      const followers = await init(u.app, priv.accessToken, {
        post_info: postInfo({ privacy_level: 'FOLLOWER_OF_CREATOR' }),
        source_info: fileSource(1000),
      })
      expect(errorCode(followers)).toBe('privacy_level_option_mismatch')
      expect((await init(u.app, priv.accessToken, selfOnly)).statusCode).toBe(200)
    } finally {
      await u.close()
    }
  })

  it('the unaudited fault turns an audited client into an unaudited one', async () => {
    const c = await connect(t.app)
    await t.app.inject({ method: 'PUT', url: '/sandbox/admin/faults', headers: ADMIN, payload: { unaudited: true } })
    const res = await init(t.app, c.accessToken, { post_info: postInfo(), source_info: fileSource(1000) })
    expect(errorCode(res)).toBe('unaudited_client_can_only_post_to_private_accounts')
  })

  it('PULL_FROM_URL from an unverified prefix → 403 url_ownership_unverified', async () => {
    const c = await connect(t.app)
    const res = await init(t.app, c.accessToken, {
      post_info: postInfo(),
      source_info: { source: 'PULL_FROM_URL', video_url: 'https://cdn.example/v.mp4' },
    })
    expect(res.statusCode).toBe(403)
    expect(errorCode(res)).toBe('url_ownership_unverified')
  })
})

describe('publish status', () => {
  it('walks PROCESSING_UPLOAD → PUBLISH_COMPLETE → public post id (a raw 19-digit JSON number)', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken)
    const first = await fetchStatus(t.app, c.accessToken, publishId)
    expect(first.json().data).toEqual({
      status: 'PROCESSING_UPLOAD',
      publicaly_available_post_id: [],
      uploaded_bytes: 2048,
    })

    t.clock.advance(3000)
    const done = await fetchStatus(t.app, c.accessToken, publishId)
    expect(done.json().data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })

    t.clock.advance(2000)
    const published = await fetchStatus(t.app, c.accessToken, publishId)
    const match = /"publicaly_available_post_id":\[(\d+)\]/.exec(published.body)
    expect(match?.[1]).toMatch(/^7\d{18}$/)
    const admin = await t.app.inject({
      method: 'GET',
      url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
      headers: ADMIN,
    })
    expect(match?.[1]).toBe(admin.json().publish.post_id)
    // JSON.parse loses digits: the reason clients must read the raw text (tiktok-api.md §3.7).
    expect(String(published.json().data.publicaly_available_post_id[0])).not.toBe(match?.[1])
  })

  it('SELF_ONLY posts complete without a public post id', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken, { post: { privacy_level: 'SELF_ONLY' } })
    t.clock.advance(60 * 60_000)
    const res = await fetchStatus(t.app, c.accessToken, publishId)
    expect(res.json().data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })
  })

  it('FAILED with file_format_check_failed when the bytes are not a video', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken, { bytes: Buffer.alloc(4096, 1) })
    expect((await fetchStatus(t.app, c.accessToken, publishId)).json().data.status).toBe('PROCESSING_UPLOAD')
    t.clock.advance(3000)
    expect((await fetchStatus(t.app, c.accessToken, publishId)).json().data).toEqual({
      status: 'FAILED',
      fail_reason: 'file_format_check_failed',
      publicaly_available_post_id: [],
      uploaded_bytes: 4096,
    })
  })

  it('accepts WebM (EBML magic bytes)', async () => {
    const c = await connect(t.app)
    const webm = Buffer.alloc(1000, 0)
    webm.writeUInt32BE(0x1a45dfa3, 0)
    const publishId = await postVideo(t.app, c.accessToken, { bytes: webm })
    t.clock.advance(3000)
    expect((await fetchStatus(t.app, c.accessToken, publishId)).json().data.status).toBe('PUBLISH_COMPLETE')
  })

  it('fail_next_publish fails the next publish only', async () => {
    const c = await connect(t.app)
    await t.app.inject({
      method: 'PUT',
      url: '/sandbox/admin/faults',
      headers: ADMIN,
      payload: { fail_next_publish: 'spam_risk_text' },
    })
    const failing = await postVideo(t.app, c.accessToken)
    const fine = await postVideo(t.app, c.accessToken)
    t.clock.advance(3000)
    expect((await fetchStatus(t.app, c.accessToken, failing)).json().data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'spam_risk_text',
    })
    expect((await fetchStatus(t.app, c.accessToken, fine)).json().data.status).toBe('PUBLISH_COMPLETE')
  })

  it('stuck_processing keeps a publish in PROCESSING_UPLOAD forever', async () => {
    const c = await connect(t.app)
    await t.app.inject({
      method: 'PUT',
      url: '/sandbox/admin/faults',
      headers: ADMIN,
      payload: { stuck_processing: true },
    })
    const publishId = await postVideo(t.app, c.accessToken)
    t.clock.advance(90 * 60_000)
    expect((await fetchStatus(t.app, c.accessToken, publishId)).json().data.status).toBe('PROCESSING_UPLOAD')
    t.clock.advance(7 * 24 * 60 * 60_000)
    const url = `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`
    expect((await t.app.inject({ method: 'GET', url, headers: ADMIN })).json().publish.status).toBe('PROCESSING_UPLOAD')
  })

  it('400 invalid_publish_id and token_not_authorized_for_specified_publish_id', async () => {
    const a = await connect(t.app)
    const b = await connect(t.app)
    const publishId = await postVideo(t.app, a.accessToken)
    const unknown = await fetchStatus(t.app, a.accessToken, 'v_pub_file~v2-1.1')
    expect(unknown.statusCode).toBe(400)
    expect(errorCode(unknown)).toBe('invalid_publish_id')
    const other = await fetchStatus(t.app, b.accessToken, publishId)
    expect(other.statusCode).toBe(400)
    expect(errorCode(other)).toBe('token_not_authorized_for_specified_publish_id')
  })

  it('allows 30 status fetches a minute per token', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken)
    for (let i = 0; i < 30; i++) expect((await fetchStatus(t.app, c.accessToken, publishId)).statusCode).toBe(200)
    expect((await fetchStatus(t.app, c.accessToken, publishId)).statusCode).toBe(429)
    t.clock.advance(60_000)
    expect((await fetchStatus(t.app, c.accessToken, publishId)).statusCode).toBe(200)
  })

  it('fails in-flight publishes with auth_removed when the creator removes access', async () => {
    const c = await connect(t.app)
    const publishId = await postVideo(t.app, c.accessToken)
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/admin/creators/${c.openId}/deauthorize`,
      headers: ADMIN,
      payload: {},
    })
    expect(res.json()).toEqual({ revoked_grants: 1 })
    const admin = await t.app.inject({
      method: 'GET',
      url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
      headers: ADMIN,
    })
    expect(admin.json().publish).toMatchObject({ status: 'FAILED', fail_reason: 'auth_removed' })
    expect((await fetchStatus(t.app, c.accessToken, publishId)).statusCode).toBe(401)
  })
})

describe('POST /v2/post/publish/inbox/video/init/', () => {
  it('uploads to the inbox (SEND_TO_USER_INBOX), needs video.upload and allows 5 pending shares a day', async () => {
    const c = await connect(t.app)
    const inbox = (token: string) =>
      apiPost(t.app, '/v2/post/publish/inbox/video/init/', token, { source_info: fileSource(2048) })
    const res = await inbox(c.accessToken)
    expect(res.statusCode).toBe(200)
    const { publish_id, upload_url } = res.json().data
    expect(publish_id).toMatch(/^v_inbox_file~v2\.\d+$/)
    const url = new URL(upload_url)
    const put = await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      headers: { 'content-type': 'video/mp4', 'content-range': 'bytes 0-2047/2048' },
      payload: mp4Bytes(2048),
    })
    expect(put.statusCode).toBe(201)
    t.clock.advance(3000)
    expect((await fetchStatus(t.app, c.accessToken, publish_id)).json().data).toMatchObject({
      status: 'SEND_TO_USER_INBOX',
      publicaly_available_post_id: [],
    })
    for (let i = 0; i < 4; i++) {
      t.clock.advance(11_000)
      expect((await inbox(c.accessToken)).statusCode).toBe(200)
    }
    t.clock.advance(11_000)
    const sixth = await inbox(c.accessToken)
    expect(sixth.statusCode).toBe(403)
    expect(errorCode(sixth)).toBe('spam_risk_too_many_pending_share')

    const publishOnly = await connect(t.app, {}, ['user.info.basic', 'video.publish'])
    const denied = await inbox(publishOnly.accessToken)
    expect(denied.statusCode).toBe(401)
    expect(errorCode(denied)).toBe('scope_not_authorized')
  })
})

describe('PULL_FROM_URL', () => {
  let server: Server
  let origin: string
  let release: (() => void) | undefined
  beforeEach(async () => {
    server = createServer((req, res) => {
      if (req.url === '/videos/ok.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4Bytes(3000))
      } else if (req.url === '/videos/slow.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' })
        res.write(mp4Bytes(100))
        release = () => res.end(mp4Bytes(100))
      } else if (req.url === '/videos/moved.mp4') {
        res.writeHead(302, { location: '/videos/ok.mp4' }).end()
      } else {
        res.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    release?.()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  async function pullSandbox() {
    return makeSandbox({ allowedPullPrefixes: [`${origin}/videos/`], processingMs: 1000, moderationMs: 0 })
  }

  async function waitFor(check: () => Promise<boolean>) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error('timed out')
  }

  it('downloads from a verified prefix: PROCESSING_DOWNLOAD → PUBLISH_COMPLETE', async () => {
    const p = await pullSandbox()
    try {
      const c = await connect(p.app)
      const res = await init(p.app, c.accessToken, {
        post_info: postInfo(),
        source_info: { source: 'PULL_FROM_URL', video_url: `${origin}/videos/ok.mp4` },
      })
      expect(res.statusCode).toBe(200)
      const { publish_id, upload_url } = res.json().data
      expect(publish_id).toMatch(/^v_pub_url~v2\.\d+$/)
      expect(upload_url).toBeUndefined()
      const status = async () => (await fetchStatus(p.app, c.accessToken, publish_id)).json().data
      expect((await status()).status).toBe('PROCESSING_DOWNLOAD')
      const record = async () =>
        (
          await p.app.inject({
            method: 'GET',
            url: `/sandbox/admin/publishes/${encodeURIComponent(publish_id)}`,
            headers: ADMIN,
          })
        ).json().publish
      await waitFor(async () => (await record()).pullState === 'done')
      expect(await status()).toMatchObject({ status: 'PROCESSING_DOWNLOAD', downloaded_bytes: 3000 })
      p.clock.advance(1000)
      expect(await status()).toMatchObject({ status: 'PUBLISH_COMPLETE', downloaded_bytes: 3000 })
    } finally {
      await p.close()
    }
  })

  it('a redirect or an error answer fails with video_pull_failed', async () => {
    const p = await pullSandbox()
    try {
      const c = await connect(p.app)
      for (const file of ['moved.mp4', 'missing.mp4']) {
        const res = await init(p.app, c.accessToken, {
          post_info: postInfo(),
          source_info: { source: 'PULL_FROM_URL', video_url: `${origin}/videos/${file}` },
        })
        const id = res.json().data.publish_id
        await waitFor(async () => (await fetchStatus(p.app, c.accessToken, id)).json().data.status === 'FAILED')
        expect((await fetchStatus(p.app, c.accessToken, id)).json().data.fail_reason).toBe('video_pull_failed')
      }
    } finally {
      await p.close()
    }
  })

  it('cancel stops a running download (publish_cancelled); a finished one is not cancellable', async () => {
    const p = await pullSandbox()
    try {
      const c = await connect(p.app)
      const res = await init(p.app, c.accessToken, {
        post_info: postInfo(),
        source_info: { source: 'PULL_FROM_URL', video_url: `${origin}/videos/slow.mp4` },
      })
      const id = res.json().data.publish_id
      const cancel = await apiPost(p.app, '/v2/post/publish/cancel/', c.accessToken, { publish_id: id })
      expect(cancel.statusCode).toBe(200)
      expect(errorCode(cancel)).toBe('ok')
      expect((await fetchStatus(p.app, c.accessToken, id)).json().data).toMatchObject({
        status: 'FAILED',
        fail_reason: 'publish_cancelled',
      })
      const again = await apiPost(p.app, '/v2/post/publish/cancel/', c.accessToken, { publish_id: id })
      expect(again.statusCode).toBe(400)
      expect(errorCode(again)).toBe('publish_not_cancellable')
    } finally {
      await p.close()
    }
  })
})
