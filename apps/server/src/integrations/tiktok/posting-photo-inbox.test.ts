import { describe, expect, it } from 'vitest'
import { isTiktokError, type TiktokError } from './errors'
import { RATE_WINDOW_MS } from './pacer'
import { createTiktokClient } from './tiktok-client'
import { createFakeClock, createFakeFetch, envelope } from './testing/fake-fetch'

function setup() {
  const fake = createFakeFetch()
  const clock = createFakeClock()
  const client = createTiktokClient({
    apiBase: 'https://api.test',
    authBase: 'https://auth.test',
    clientKey: 'key',
    clientSecret: 'secret',
    redirectUri: 'https://app.test/cb',
    fetch: fake.fetch,
    now: clock.now,
    sleep: clock.sleep,
  })
  return { fake, clock, client }
}

const photoInput = (overrides: Record<string, unknown> = {}) => ({
  mode: 'DIRECT_POST' as const,
  postInfo: {
    title: 'Five habits',
    description: 'Swipe for all five #habits',
    privacyLevel: 'SELF_ONLY' as const,
    disableComment: false,
    autoAddMusic: true,
    brandContentToggle: false,
    brandOrganicToggle: true,
  },
  photoUrls: [
    'https://hookpost.example/api/public/photos/s/0.jpg?x',
    'https://hookpost.example/api/public/photos/s/1.jpg?x',
  ],
  coverIndex: 1,
  ...overrides,
})

async function failure(promise: Promise<unknown>): Promise<TiktokError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isTiktokError(err)) throw new Error(`expected a TiktokError, got ${String(err)}`)
  return err
}

describe('initPhotoPost (tiktok-api.md §3.10)', () => {
  it('sends media_type PHOTO with PULL_FROM_URL, the images in order, and title and description apart', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { publish_id: 'p_pub_url~v2.1' }))
    await expect(client.initPhotoPost('act.1', photoInput())).resolves.toEqual({ publishId: 'p_pub_url~v2.1' })
    const call = fake.calls[0]!
    expect(call.url).toBe('https://api.test/v2/post/publish/content/init/')
    expect(call.headers.authorization).toBe('Bearer act.1')
    expect(JSON.parse(call.body)).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        title: 'Five habits',
        description: 'Swipe for all five #habits',
        privacy_level: 'SELF_ONLY',
        disable_comment: false,
        auto_add_music: true,
        brand_content_toggle: false,
        brand_organic_toggle: true,
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_images: photoInput().photoUrls,
        photo_cover_index: 1,
      },
    })
  })

  it('sends no privacy level with MEDIA_UPLOAD (a draft)', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { publish_id: 'p_inbox~1' }))
    await client.initPhotoPost('act.1', photoInput({ mode: 'MEDIA_UPLOAD' }))
    const body = JSON.parse(fake.calls[0]!.body) as { post_mode: string; post_info: Record<string, unknown> }
    expect(body.post_mode).toBe('MEDIA_UPLOAD')
    expect(body.post_info).not.toHaveProperty('privacy_level')
  })

  it('refuses before sending: a title over 90, no images, more than 35, a direct post without privacy', async () => {
    const { fake, client } = setup()
    const long = photoInput()
    long.postInfo.title = 'x'.repeat(91)
    expect((await failure(client.initPhotoPost('t', long))).code).toBe('photo_text_too_long')
    expect((await failure(client.initPhotoPost('t', photoInput({ photoUrls: [] })))).code).toBe('photo_count_invalid')
    const many = Array.from({ length: 36 }, (_, i) => `https://h.example/${i}.jpg`)
    expect((await failure(client.initPhotoPost('t', photoInput({ photoUrls: many })))).code).toBe('photo_count_invalid')
    const noPrivacy = photoInput()
    delete (noPrivacy.postInfo as { privacyLevel?: string }).privacyLevel
    expect((await failure(client.initPhotoPost('t', noPrivacy))).code).toBe('photo_privacy_missing')
    expect(fake.calls).toHaveLength(0)
  })

  it('says which origin TikTok refused and how to verify it (url_ownership_unverified)', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(403, {}, 'url_ownership_unverified'))
    const err = await failure(client.initPhotoPost('t', photoInput()))
    expect(err.code).toBe('url_ownership_unverified')
    expect(err.kind).toBe('rejected')
    expect(err.httpStatus).toBe(403)
    expect(err.message).toContain('Verify https://hookpost.example as a URL property of your TikTok app')
    expect(err.message).toContain('set PUBLIC_URL / the S3 public endpoint to a verified domain')
  })

  it('explains the pending-drafts cap and an outdated TikTok app', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(403, {}, 'spam_risk_too_many_pending_share'), envelope(400, {}, 'app_version_check_failed'))
    expect((await failure(client.initPhotoPost('t', photoInput({ mode: 'MEDIA_UPLOAD' })))).message).toMatch(
      /at most 5 drafts waiting/,
    )
    expect((await failure(client.initPhotoPost('t', photoInput({ mode: 'MEDIA_UPLOAD' })))).message).toMatch(/31\.8/)
  })

  it('paces content/init at 6 a minute per token', async () => {
    const { fake, clock, client } = setup()
    for (let i = 0; i < 7; i++) fake.answer(envelope(200, { publish_id: `p${i}` }))
    const start = clock.now()
    for (let i = 0; i < 7; i++) await client.initPhotoPost('act.same', photoInput())
    expect(clock.now() - start).toBeGreaterThanOrEqual(RATE_WINDOW_MS)
  })
})

describe('initInboxVideo (tiktok-api.md §3.3)', () => {
  it('sends only source_info with the chunk plan and returns the upload URL with its expiry', async () => {
    const { fake, clock, client } = setup()
    fake.answer(envelope(200, { publish_id: 'v_inbox_file~v2.1', upload_url: 'https://up.test/u?x=1' }))
    const init = await client.initInboxVideo('act.1', { source: { kind: 'file', size: 5_000_000 } })
    const call = fake.calls[0]!
    expect(call.url).toBe('https://api.test/v2/post/publish/inbox/video/init/')
    expect(JSON.parse(call.body)).toEqual({
      source_info: { source: 'FILE_UPLOAD', video_size: 5_000_000, chunk_size: 5_000_000, total_chunk_count: 1 },
    })
    expect(init.publishId).toBe('v_inbox_file~v2.1')
    expect(init.uploadUrl).toBe('https://up.test/u?x=1')
    expect(init.uploadUrlExpiresAt?.getTime()).toBe(clock.now() + 3_600_000)
  })

  it('answers scope_not_authorized (no video.upload) as a reconnect', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(401, {}, 'scope_not_authorized'))
    const err = await failure(client.initInboxVideo('t', { source: { kind: 'file', size: 10 } }))
    expect(err.kind).toBe('reauth_required')
  })
})
