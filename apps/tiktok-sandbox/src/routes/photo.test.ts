import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adminPublish,
  apiPost,
  connect,
  errorCode,
  fetchStatus,
  fileSource,
  init,
  makeSandbox,
  photoBody,
  photoInit,
  postInfo,
  testClient,
  type TestSandbox,
} from '../testing/harness'
import { startImageServer, waitFor, type ImageServer } from '../testing/image-server'

let images: ImageServer
let t: TestSandbox
const img = (name: string) => `${images.origin}/img/${name}`

beforeEach(async () => {
  images = await startImageServer()
  t = await makeSandbox({
    allowedPullPrefixes: [`${images.origin}/img/`],
    processingMs: 1000,
    moderationMs: 500,
    pullTimeoutMs: 30_000,
  })
})
afterEach(async () => {
  await t.close()
  await images.close()
})

async function settled(token: string, publishId: string) {
  await waitFor(async () => (await adminPublish(t.app, publishId)).pullState !== 'downloading')
  return (await fetchStatus(t.app, token, publishId)).json().data
}

describe('POST /v2/post/publish/content/init/ (photo, DIRECT_POST)', () => {
  it('downloads the images in order, then PUBLISH_COMPLETE and a public post id after moderation', async () => {
    const c = await connect(t.app)
    const urls = [img('ok-1.jpg'), img('ok.webp'), img('ok-3.jpg')]
    const res = await photoInit(t.app, c.accessToken, photoBody(urls, { source: { photo_cover_index: 1 } }))
    expect(res.statusCode).toBe(200)
    const { publish_id } = res.json().data
    expect(publish_id).toMatch(/^p_pub_url~v2\.\d{18}$/)
    expect(res.json().data.upload_url).toBeUndefined()

    const data = await settled(c.accessToken, publish_id)
    expect(images.requests).toEqual(['/img/ok-1.jpg', '/img/ok.webp', '/img/ok-3.jpg'])
    expect(data).toMatchObject({ status: 'PROCESSING_DOWNLOAD', downloaded_bytes: 4096 + 30 + 4096 })
    t.clock.advance(1000)
    const complete = await fetchStatus(t.app, c.accessToken, publish_id)
    expect(complete.json().data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })
    t.clock.advance(500)
    const pub = await fetchStatus(t.app, c.accessToken, publish_id)
    expect(pub.body).toMatch(/"publicaly_available_post_id":\[7\d{18}\]/)

    const record = await adminPublish(t.app, publish_id)
    const photos = record.photos as Array<{ media_url: string; mime_type: string; width: number; height: number }>
    expect(photos.map((p) => [p.mime_type, p.width, p.height])).toEqual([
      ['image/jpeg', 1080, 1920],
      ['image/webp', 1080, 1920],
      ['image/jpeg', 1080, 1920],
    ])
    const media = await t.app.inject({ method: 'GET', url: new URL(photos[1]?.media_url ?? '').pathname })
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('image/webp')
  })

  it('SELF_ONLY completes without a public post id', async () => {
    const c = await connect(t.app)
    const res = await photoInit(
      t.app,
      c.accessToken,
      photoBody([img('ok-1.jpg')], { post: { privacy_level: 'SELF_ONLY' } }),
    )
    const id = res.json().data.publish_id
    await settled(c.accessToken, id)
    t.clock.advance(60_000)
    expect((await fetchStatus(t.app, c.accessToken, id)).json().data).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publicaly_available_post_id: [],
    })
  })

  it('400 invalid_params for each bad field', async () => {
    const c = await connect(t.app)
    const ok = [img('ok-1.jpg')]
    const bad: Array<[string, Record<string, unknown>]> = [
      ['media_type', { ...photoBody(ok), media_type: 'VIDEO' }],
      ['post_mode', { ...photoBody(ok), post_mode: 'DIRECT POST' }],
      ['post_info missing', { ...photoBody(ok), post_info: undefined }],
      ['title 91', photoBody(ok, { post: { title: 'x'.repeat(91) } })],
      ['description 4001', photoBody(ok, { post: { description: 'd'.repeat(4001) } })],
      ['brand_content_toggle', photoBody(ok, { post: { brand_content_toggle: undefined } })],
      ['disable_comment type', photoBody(ok, { post: { disable_comment: 'yes' } })],
      ['source FILE_UPLOAD', photoBody(ok, { source: { source: 'FILE_UPLOAD' } })],
      ['source_info missing', { ...photoBody(ok), source_info: undefined }],
      ['no images', photoBody([])],
      ['36 images', photoBody(Array.from({ length: 36 }, (_, i) => img(`ok-${i}.jpg`)))],
      ['not a URL', photoBody(['not a url'])],
      ['ftp URL', photoBody(['ftp://example.com/a.jpg'])],
      ['cover index missing', photoBody(ok, { source: { photo_cover_index: undefined } })],
      ['cover index out of range', photoBody(ok, { source: { photo_cover_index: 1 } })],
      ['cover index negative', photoBody(ok, { source: { photo_cover_index: -1 } })],
      ['cover index fraction', photoBody(ok, { source: { photo_cover_index: 0.5 } })],
    ]
    for (const [name, body] of bad) {
      t.clock.advance(11_000) // stay inside 6 requests a minute
      const res = await photoInit(t.app, c.accessToken, JSON.parse(JSON.stringify(body)))
      expect([name, res.statusCode, errorCode(res)]).toEqual([name, 400, 'invalid_params'])
    }
    expect(images.requests).toEqual([])
  })

  it('counts the title in code points: 90 emoji (180 UTF-16 units) pass, 35 images pass', async () => {
    const c = await connect(t.app)
    const title = '😀'.repeat(90)
    const res = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg')], { post: { title } }))
    expect(res.statusCode).toBe(200)
    const many = Array.from({ length: 35 }, (_, i) => img(`ok-${i}.jpg`))
    const max = await photoInit(t.app, c.accessToken, photoBody(many, { source: { photo_cover_index: 34 } }))
    expect(max.statusCode).toBe(200)
    const data = await settled(c.accessToken, max.json().data.publish_id)
    expect(data.downloaded_bytes).toBe(35 * 4096)
  })

  it('401 scope_not_authorized without video.publish (direct) or video.upload (draft)', async () => {
    const uploadOnly = await connect(t.app, {}, ['user.info.basic', 'video.upload'])
    const direct = await photoInit(t.app, uploadOnly.accessToken, photoBody([img('ok-1.jpg')]))
    expect([direct.statusCode, errorCode(direct)]).toEqual([401, 'scope_not_authorized'])
    const publishOnly = await connect(t.app, {}, ['user.info.basic', 'video.publish'])
    const draft = await photoInit(
      t.app,
      publishOnly.accessToken,
      photoBody([img('ok-1.jpg')], { mode: 'MEDIA_UPLOAD' }),
    )
    expect([draft.statusCode, errorCode(draft)]).toEqual([401, 'scope_not_authorized'])
  })

  it('403 url_ownership_unverified when any image is outside the verified URL properties', async () => {
    const c = await connect(t.app)
    const res = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg'), `${images.origin}/elsewhere/a.jpg`]))
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'url_ownership_unverified'])
    expect(images.requests).toEqual([])
  })

  it('403 privacy_level_option_mismatch, and privacy_level is required for a direct post', async () => {
    const c = await connect(t.app, { is_private: true })
    const pub = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg')]))
    expect([pub.statusCode, errorCode(pub)]).toEqual([403, 'privacy_level_option_mismatch'])
    const none = await photoInit(
      t.app,
      c.accessToken,
      photoBody([img('ok-1.jpg')], { post: { privacy_level: undefined } }),
    )
    expect([none.statusCode, errorCode(none)]).toEqual([403, 'privacy_level_option_mismatch'])
  })

  it('unaudited client: 403 unaudited_client_can_only_post_to_private_accounts for a public account', async () => {
    const u = await makeSandbox({
      clients: [testClient({ audited: false })],
      allowedPullPrefixes: [`${images.origin}/img/`],
    })
    try {
      const c = await connect(u.app)
      const res = await photoInit(
        u.app,
        c.accessToken,
        photoBody([img('ok-1.jpg')], { post: { privacy_level: 'SELF_ONLY' } }),
      )
      expect([res.statusCode, errorCode(res)]).toEqual([403, 'unaudited_client_can_only_post_to_private_accounts'])
    } finally {
      await u.close()
    }
  })

  it('counts toward the direct daily cap shared with videos (403 spam_risk_too_many_posts)', async () => {
    const capped = await makeSandbox({ dailyPostCap: 1, allowedPullPrefixes: [`${images.origin}/img/`] })
    try {
      const c = await connect(capped.app)
      expect(
        (await init(capped.app, c.accessToken, { post_info: postInfo(), source_info: fileSource(1000) })).statusCode,
      ).toBe(200)
      const res = await photoInit(capped.app, c.accessToken, photoBody([img('ok-1.jpg')]))
      expect([res.statusCode, errorCode(res)]).toEqual([403, 'spam_risk_too_many_posts'])
    } finally {
      await capped.close()
    }
  })

  it('allows 6 inits a minute per token, then 429 rate_limit_exceeded', async () => {
    const c = await connect(t.app)
    const body = photoBody([img('ok-1.jpg')], { post: { privacy_level: 'SELF_ONLY' } })
    for (let i = 0; i < 6; i++) expect((await photoInit(t.app, c.accessToken, body)).statusCode).toBe(200)
    const seventh = await photoInit(t.app, c.accessToken, body)
    expect([seventh.statusCode, errorCode(seventh)]).toEqual([429, 'rate_limit_exceeded'])
  })
})

describe('photo downloads that fail', () => {
  it.each([
    ['an unreachable image (404)', 'photo_pull_failed', 'missing.jpg'],
    ['a redirect', 'photo_pull_failed', 'moved.jpg'],
    ['bytes that are not JPEG or WebP', 'file_format_check_failed', 'text.jpg'],
    ['a picture larger than 1080×1920', 'picture_size_check_failed', 'wide.jpg'],
    ['a file over 20 MB', 'picture_size_check_failed', 'heavy.jpg'],
  ])('%s → FAILED with %s', async (_name, reason, file) => {
    const c = await connect(t.app)
    const res = await photoInit(t.app, c.accessToken, photoBody([img('ok-1.jpg'), img(file)]))
    const data = await settled(c.accessToken, res.json().data.publish_id)
    expect(data).toMatchObject({ status: 'FAILED', fail_reason: reason })
  })

  it('an address nobody answers on (connection refused) → photo_pull_failed', async () => {
    const closed = await startImageServer()
    const deadOrigin = closed.origin
    await closed.close()
    const dead = await makeSandbox({ allowedPullPrefixes: [`${deadOrigin}/`] })
    try {
      const c = await connect(dead.app)
      const res = await photoInit(dead.app, c.accessToken, photoBody([`${deadOrigin}/img/ok-1.jpg`]))
      const id = res.json().data.publish_id
      await waitFor(async () => (await fetchStatus(dead.app, c.accessToken, id)).json().data.status === 'FAILED')
      expect((await fetchStatus(dead.app, c.accessToken, id)).json().data.fail_reason).toBe('photo_pull_failed')
    } finally {
      await dead.close()
    }
  })

  it('a download that outlasts the timeout → photo_pull_failed', async () => {
    const slow = await makeSandbox({ allowedPullPrefixes: [`${images.origin}/img/`], pullTimeoutMs: 200 })
    try {
      const c = await connect(slow.app)
      const res = await photoInit(slow.app, c.accessToken, photoBody([img('hang.jpg')]))
      const id = res.json().data.publish_id
      await waitFor(async () => (await fetchStatus(slow.app, c.accessToken, id)).json().data.status === 'FAILED')
      expect((await fetchStatus(slow.app, c.accessToken, id)).json().data.fail_reason).toBe('photo_pull_failed')
    } finally {
      await slow.close()
    }
  })

  it('cancel stops a running photo download (publish_cancelled)', async () => {
    const c = await connect(t.app)
    const res = await photoInit(t.app, c.accessToken, photoBody([img('hang.jpg')]))
    const id = res.json().data.publish_id
    const cancel = await apiPost(t.app, '/v2/post/publish/cancel/', c.accessToken, { publish_id: id })
    expect(cancel.statusCode).toBe(200)
    expect((await fetchStatus(t.app, c.accessToken, id)).json().data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'publish_cancelled',
    })
  })
})
