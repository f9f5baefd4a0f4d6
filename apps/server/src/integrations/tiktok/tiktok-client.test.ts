import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { isTiktokError, type TiktokError } from './errors'
import { RATE_WINDOW_MS } from './pacer'
import { CREATOR_INFO_MAX_WAIT_MS, CREATOR_INFO_RETRY_DELAY_MS, createTiktokClient } from './tiktok-client'
import { createFakeClock, createFakeFetch, envelope, jsonAnswer } from './testing/fake-fetch'

function setup() {
  const fake = createFakeFetch()
  const clock = createFakeClock()
  const client = createTiktokClient({
    apiBase: 'https://api.test/',
    authBase: 'https://auth.test',
    clientKey: 'client key',
    clientSecret: 's3cret',
    redirectUri: 'https://app.test/auth/tiktok/callback',
    fetch: fake.fetch,
    now: clock.now,
    sleep: clock.sleep,
  })
  return { fake, clock, client }
}

const tokenBody = (overrides: Record<string, unknown> = {}) => ({
  access_token: 'act.new',
  expires_in: 7200,
  open_id: 'open-1',
  refresh_expires_in: 15_552_000,
  refresh_token: 'rft.new',
  scope: 'user.info.basic,video.publish, video.list',
  token_type: 'Bearer',
  ...overrides,
})

describe('OAuth', () => {
  it('builds the authorize URL with literal commas between scopes', () => {
    const { client } = setup()
    expect(client.authorizeUrl({ state: 'a b&c', scopes: ['user.info.basic', 'video.publish'] })).toBe(
      'https://auth.test/v2/auth/authorize/?client_key=client%20key&response_type=code' +
        '&scope=user.info.basic,video.publish&redirect_uri=https%3A%2F%2Fapp.test%2Fauth%2Ftiktok%2Fcallback&state=a%20b%26c',
    )
  })

  it('exchanges a code with the exact form headers and computes expiries from the answer', async () => {
    const { fake, clock, client } = setup()
    fake.answer(jsonAnswer(200, tokenBody()))
    const tokens = await client.exchangeCode('code/with+chars')
    const [call] = fake.calls
    expect(call?.url).toBe('https://api.test/v2/oauth/token/')
    expect(call?.method).toBe('POST')
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(call?.headers['cache-control']).toBe('no-cache')
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      client_key: 'client key',
      client_secret: 's3cret',
      code: 'code/with+chars',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.test/auth/tiktok/callback',
    })
    expect(tokens).toEqual({
      openId: 'open-1',
      scopes: ['user.info.basic', 'video.publish', 'video.list'],
      accessToken: 'act.new',
      accessTokenExpiresAt: new Date(clock.time + 7_200_000),
      refreshToken: 'rft.new',
      refreshTokenExpiresAt: new Date(clock.time + 15_552_000_000),
    })
  })

  it('uses the classic lifetimes when TikTok sends them: nothing is hard-coded', async () => {
    const { fake, clock, client } = setup()
    fake.answer(jsonAnswer(200, tokenBody({ expires_in: 86_400, refresh_expires_in: 31_536_000 })))
    const tokens = await client.refreshTokens('rft.old')
    expect(tokens.accessTokenExpiresAt.getTime() - clock.time).toBe(86_400_000)
    expect(tokens.refreshTokenExpiresAt.getTime() - clock.time).toBe(31_536_000_000)
  })

  it('refresh sends the refresh grant and returns the rotated refresh token', async () => {
    const { fake, client } = setup()
    fake.answer(jsonAnswer(200, tokenBody({ refresh_token: 'rft.rotated' })))
    const tokens = await client.refreshTokens('rft.old')
    expect(Object.fromEntries(new URLSearchParams(fake.calls[0]?.body))).toEqual({
      client_key: 'client key',
      client_secret: 's3cret',
      grant_type: 'refresh_token',
      refresh_token: 'rft.old',
    })
    expect(tokens.refreshToken).toBe('rft.rotated')
  })

  it('revokes with the access token; an empty body or {} is success', async () => {
    const { fake, client } = setup()
    fake.answer(new Response('', { status: 200 }), jsonAnswer(200, {}))
    await client.revoke('act.1')
    await client.revoke('act.2')
    expect(fake.calls[0]?.url).toBe('https://api.test/v2/oauth/revoke/')
    expect(Object.fromEntries(new URLSearchParams(fake.calls[1]?.body))).toEqual({
      client_key: 'client key',
      client_secret: 's3cret',
      token: 'act.2',
    })
  })
})

describe('user info', () => {
  it('asks only for the fields the granted scopes allow, with literal commas', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { user: { open_id: 'o1', display_name: 'Tik Toker', avatar_url: 'https://a/1.jpg' } }))
    const user = await client.userInfo('act.1', ['user.info.basic', 'video.publish'])
    expect(fake.calls[0]?.url).toBe(
      'https://api.test/v2/user/info/?fields=open_id,union_id,avatar_url,avatar_url_100,avatar_large_url,display_name',
    )
    expect(fake.calls[0]?.method).toBe('GET')
    expect(fake.calls[0]?.headers.authorization).toBe('Bearer act.1')
    expect(user).toEqual({ openId: 'o1', displayName: 'Tik Toker', avatarUrl: 'https://a/1.jpg' })
  })

  it('adds profile and stats fields only with their scopes', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { user: { open_id: 'o1', username: 'toker', follower_count: 12, is_verified: false } }))
    const user = await client.userInfo('act.1', ['user.info.basic', 'user.info.profile', 'user.info.stats'])
    const fields = new URL(fake.calls[0]?.url ?? '').searchParams.get('fields')?.split(',')
    expect(fields).toContain('username')
    expect(fields).toContain('follower_count')
    expect(user).toEqual({ openId: 'o1', username: 'toker', followerCount: 12, isVerified: false })
  })

  it('without user.info.basic it does not call TikTok and asks for reauthorization', async () => {
    const { fake, client } = setup()
    await expect(client.userInfo('act.1', ['video.publish'])).rejects.toMatchObject({ kind: 'reauth_required' })
    expect(fake.calls).toHaveLength(0)
  })
})

describe('direct post', () => {
  it('reads creator info', async () => {
    const { fake, client } = setup()
    fake.answer(
      envelope(200, {
        creator_avatar_url: 'https://a/x.jpg',
        creator_username: 'tiktok',
        creator_nickname: 'TikTok Official',
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: true,
        max_video_post_duration_sec: 300,
      }),
    )
    expect(await client.creatorInfo('act.1')).toEqual({
      avatarUrl: 'https://a/x.jpg',
      username: 'tiktok',
      nickname: 'TikTok Official',
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 300,
    })
    expect(fake.calls[0]?.url).toBe('https://api.test/v2/post/publish/creator_info/query/')
    expect(fake.calls[0]?.headers['content-type']).toBe('application/json; charset=UTF-8')
  })

  it('inits a FILE_UPLOAD with the chunk plan and returns it with the upload URL', async () => {
    const { fake, client } = setup()
    fake.answer(
      envelope(200, {
        publish_id: 'v_pub_file~v2-1.123456789',
        upload_url: 'https://upload.test/video/?upload_id=67890&upload_token=Xza123',
      }),
    )
    const result = await client.initDirectPost('act.1', {
      postInfo: { title: 'a #cat video', privacyLevel: 'MUTUAL_FOLLOW_FRIENDS', disableComment: true, isAigc: false },
      source: { kind: 'file', size: 200_000_000 },
    })
    expect(JSON.parse(fake.calls[0]?.body ?? '')).toEqual({
      post_info: {
        title: 'a #cat video',
        privacy_level: 'MUTUAL_FOLLOW_FRIENDS',
        disable_comment: true,
        brand_content_toggle: false,
        is_aigc: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 200_000_000, chunk_size: 10_000_000, total_chunk_count: 20 },
    })
    expect(result.publishId).toBe('v_pub_file~v2-1.123456789')
    expect(result.uploadUrl).toBe('https://upload.test/video/?upload_id=67890&upload_token=Xza123')
    expect(result.chunks?.totalChunkCount).toBe(20)
  })

  it('inits a PULL_FROM_URL without an upload URL', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { publish_id: 'v_pub_url~v2.1' }))
    const result = await client.initDirectPost('act.1', {
      postInfo: { privacyLevel: 'SELF_ONLY', brandContentToggle: false, brandOrganicToggle: true },
      source: { kind: 'url', url: 'https://cdn.test/v.mp4' },
    })
    expect(result).toEqual({ publishId: 'v_pub_url~v2.1' })
    expect(JSON.parse(fake.calls[0]?.body ?? '').source_info).toEqual({
      source: 'PULL_FROM_URL',
      video_url: 'https://cdn.test/v.mp4',
    })
  })

  it('refuses a caption over 2200 UTF-16 code units before calling TikTok', async () => {
    const { fake, client } = setup()
    const init = client.initDirectPost('act.1', {
      postInfo: { privacyLevel: 'SELF_ONLY', title: '😀'.repeat(1101) },
      source: { kind: 'file', size: 1000 },
    })
    await expect(init).rejects.toMatchObject({ kind: 'rejected', code: 'title_too_long' })
    expect(fake.calls).toHaveLength(0)
  })
})

describe('status', () => {
  it('keeps every digit of publicaly_available_post_id', async () => {
    const { fake, client } = setup()
    fake.answer(
      jsonAnswer(
        200,
        '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7478907398077074696],"uploaded_bytes":10000},' +
          '"error":{"code":"ok","message":"","log_id":"L"}}',
      ),
    )
    const status = await client.fetchStatus('act.1', 'v_pub_file~v2-1.1')
    expect(status).toEqual({ status: 'PUBLISH_COMPLETE', publicPostIds: ['7478907398077074696'], uploadedBytes: 10000 })
    expect(Number('7478907398077074696').toString()).not.toBe('7478907398077074696')
    expect(JSON.parse(fake.calls[0]?.body ?? '')).toEqual({ publish_id: 'v_pub_file~v2-1.1' })
  })

  it('keeps several ids, spaced, and ids that already arrive as strings', async () => {
    const { fake, client } = setup()
    fake.answer(
      jsonAnswer(
        200,
        '{"error":{"code":"ok","message":"","log_id":"L"},"data":{"status":"PUBLISH_COMPLETE",\n' +
          '"publicaly_available_post_id": [ 7678907398077074696 ,\n 7678907398077074697,"7678907398077074698" ]}}',
      ),
    )
    expect((await client.fetchStatus('act.1', 'p')).publicPostIds).toEqual([
      '7678907398077074696',
      '7678907398077074697',
      '7678907398077074698',
    ])
  })

  it('reports FAILED with its reason and an empty id list', async () => {
    const { fake, client } = setup()
    fake.answer(
      envelope(200, { status: 'FAILED', fail_reason: 'picture_size_check_failed', publicaly_available_post_id: [] }),
    )
    expect(await client.fetchStatus('act.1', 'p')).toEqual({
      status: 'FAILED',
      failReason: 'picture_size_check_failed',
      publicPostIds: [],
    })
  })
})

describe('display API', () => {
  it('lists videos with literal-comma fields and keeps ids as strings', async () => {
    const { fake, client } = setup()
    fake.answer(
      jsonAnswer(
        200,
        '{"data":{"videos":[{"id":"7478907398077074696","title":"a","view_count":12},{"id":7478907398077074697}],' +
          '"cursor":1700000000000,"has_more":true},"error":{"code":"ok","message":"","log_id":"L"}}',
      ),
    )
    const page = await client.listVideos('act.1', { cursor: 1_690_000_000_000, maxCount: 5 })
    expect(fake.calls[0]?.url).toMatch(/\/v2\/video\/list\/\?fields=id,create_time,[a-z_,]+view_count$/)
    expect(JSON.parse(fake.calls[0]?.body ?? '')).toEqual({ max_count: 5, cursor: 1_690_000_000_000 })
    expect(page).toEqual({
      videos: [{ id: '7478907398077074696', title: 'a', viewCount: 12 }, { id: '7478907398077074697' }],
      cursor: 1_700_000_000_000,
      hasMore: true,
    })
    await expect(client.listVideos('act.1', { maxCount: 21 })).rejects.toThrow(RangeError)
  })

  it('queries ids 20 at a time', async () => {
    const { fake, client } = setup()
    const ids = Array.from({ length: 25 }, (_, i) => `74789073980770746${String(i).padStart(2, '0')}`)
    fake.answer(
      envelope(200, { videos: ids.slice(0, 20).map((id) => ({ id })) }),
      envelope(200, { videos: ids.slice(20).map((id) => ({ id })) }),
    )
    const videos = await client.queryVideos('act.1', ids)
    expect(videos.map((v) => v.id)).toEqual(ids)
    expect(JSON.parse(fake.calls[1]?.body ?? '')).toEqual({ filters: { video_ids: ids.slice(20) } })
    expect(await client.queryVideos('act.1', [])).toEqual([])
    expect(fake.calls).toHaveLength(2)
  })
})

describe('pacing (tiktok-api.md §4.3)', () => {
  const init = (client: ReturnType<typeof setup>['client'], token: string) =>
    client.initDirectPost(token, {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'url', url: 'https://cdn.test/v.mp4' },
    })

  it('the 7th init within a minute waits until the window frees instead of being sent', async () => {
    const { fake, clock, client } = setup()
    const start = clock.time
    const sentAt: number[] = []
    for (let i = 0; i < 7; i++) {
      fake.answer(() => {
        sentAt.push(clock.time)
        return envelope(200, { publish_id: `p${i}` })
      })
    }
    for (let i = 0; i < 6; i++) {
      await init(client, 'act.1')
      clock.time += 1_000
    }
    expect(clock.sleeps).toEqual([])
    await init(client, 'act.1')
    expect(sentAt).toHaveLength(7)
    expect(sentAt[6]).toBe(start + RATE_WINDOW_MS)
    expect(clock.sleeps).toEqual([RATE_WINDOW_MS - 6_000])
  })

  it('windows are per access token and per endpoint', async () => {
    const { fake, clock, client } = setup()
    for (let i = 0; i < 12; i++) fake.answer(envelope(200, { publish_id: `p${i}` }))
    for (let i = 0; i < 6; i++) await init(client, 'act.a')
    for (let i = 0; i < 6; i++) await init(client, 'act.b')
    for (let i = 0; i < 8; i++) fake.answer(envelope(200, { status: 'PROCESSING_UPLOAD' }))
    for (let i = 0; i < 8; i++) await client.fetchStatus('act.a', 'p')
    expect(clock.sleeps).toEqual([])
  })

  it('status/fetch is paced at 30 per minute', async () => {
    const { fake, clock, client } = setup()
    for (let i = 0; i < 31; i++) fake.answer(envelope(200, { status: 'PROCESSING_UPLOAD' }))
    for (let i = 0; i < 31; i++) await client.fetchStatus('act.1', 'p')
    expect(clock.sleeps).toEqual([RATE_WINDOW_MS])
  })

  it('concurrent callers queue behind the window and all get through', async () => {
    const { fake, clock, client } = setup()
    for (let i = 0; i < 13; i++) fake.answer(envelope(200, { publish_id: `p${i}` }))
    const results = await Promise.all(Array.from({ length: 13 }, () => init(client, 'act.1')))
    expect(results).toHaveLength(13)
    expect(clock.time - createFakeClock().time).toBeGreaterThanOrEqual(2 * RATE_WINDOW_MS)
  })
})

describe('creator_info at its 20 a minute (tiktok-api.md §3.1, §4.3)', () => {
  const creator = {
    creator_avatar_url: '',
    creator_username: 'u',
    creator_nickname: 'n',
    privacy_level_options: ['SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 60,
  }
  const tooMany = () => envelope(429, {}, 'rate_limit_exceeded', 'Rate limit exceeded')

  async function refusal(work: Promise<unknown>): Promise<TiktokError> {
    const error = await work.then(
      () => undefined,
      (err: unknown) => err,
    )
    if (!isTiktokError(error)) throw new Error(`expected a TiktokError, got ${String(error)}`)
    return error
  }

  it('is paced 2 below the limit: the 19th request of a minute waits for the window', async () => {
    const { fake, clock, client } = setup()
    const start = clock.time
    for (let i = 0; i < 19; i++) fake.answer(envelope(200, creator))
    for (let i = 0; i < 18; i++) await client.creatorInfo('act.1')
    expect(clock.sleeps).toEqual([])
    clock.time = start + RATE_WINDOW_MS - 3_000
    await client.creatorInfo('act.1')
    expect(clock.sleeps).toEqual([3_000])
    expect(fake.calls).toHaveLength(19)
  })

  it('someone is waiting: a longer wait than a few seconds is refused at once, with the message, nothing sent', async () => {
    const { fake, clock, client } = setup()
    for (let i = 0; i < 18; i++) fake.answer(envelope(200, creator))
    for (let i = 0; i < 18; i++) await client.creatorInfo('act.1')
    clock.time += 10_000
    const error = await refusal(client.creatorInfo('act.1'))
    expect(error).toMatchObject({ kind: 'rate_limited', message: MESSAGES.tiktokRateLimited })
    expect(error.retryAfterMs).toBe(RATE_WINDOW_MS - 10_000)
    expect(error.retryAfterMs).toBeGreaterThan(CREATOR_INFO_MAX_WAIT_MS)
    expect(fake.calls).toHaveLength(18)
    expect(clock.sleeps).toEqual([])
    // Another token has its own window.
    fake.answer(envelope(200, creator))
    await client.creatorInfo('act.2')
  })

  it("TikTok's 429 is tried once more after a short wait", async () => {
    const { fake, clock, client } = setup()
    fake.answer(tooMany(), envelope(200, creator))
    expect((await client.creatorInfo('act.1')).nickname).toBe('n')
    expect(fake.calls).toHaveLength(2)
    expect(clock.sleeps).toEqual([CREATOR_INFO_RETRY_DELAY_MS])
  })

  it('a second 429 says too many requests (not "not answering") and is not tried a third time', async () => {
    const { fake, clock, client } = setup()
    fake.answer(tooMany(), tooMany())
    const error = await refusal(client.creatorInfo('act.1'))
    expect(error).toMatchObject({ kind: 'rate_limited', httpStatus: 429, message: MESSAGES.tiktokRateLimited })
    expect(error.message).toBe('TikTok says too many requests were made for this account. Try again in a minute.')
    expect(fake.calls).toHaveLength(2)
    expect(clock.sleeps).toEqual([CREATOR_INFO_RETRY_DELAY_MS])
  })

  it('other failures are not retried here', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(500, {}, 'internal_error'))
    expect((await refusal(client.creatorInfo('act.1'))).kind).toBe('transient')
    expect(fake.calls).toHaveLength(1)
  })
})
