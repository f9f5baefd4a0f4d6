import { describe, expect, it } from 'vitest'
import { describeTiktokCode, TIKTOK_ERROR_TABLE, TiktokError, type TiktokErrorKind } from './errors'
import { createTiktokClient } from './tiktok-client'
import { createFakeClock, createFakeFetch, envelope, jsonAnswer } from './testing/fake-fetch'

function setup() {
  const fake = createFakeFetch()
  const clock = createFakeClock()
  const client = createTiktokClient({
    apiBase: 'https://api.test',
    authBase: 'https://auth.test',
    clientKey: 'key',
    clientSecret: 'secret',
    redirectUri: 'https://app.test/callback',
    fetch: fake.fetch,
    now: clock.now,
    sleep: clock.sleep,
    timeoutMs: 50,
  })
  return { fake, clock, client }
}

async function caught(promise: Promise<unknown>): Promise<TiktokError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TiktokError)
    return error as TiktokError
  }
  throw new Error('expected a TiktokError')
}

/** [code, documented HTTP status, kind] for every v2 code the docs list (tiktok-api.md §3.1–3.7, tiktok-api.md §4.1, §4.2). */
const V2_CODES: [string, number, TiktokErrorKind][] = [
  ['access_token_invalid', 401, 'reauth_required'],
  ['scope_not_authorized', 401, 'reauth_required'],
  ['scope_permission_missed', 400, 'rejected'],
  ['rate_limit_exceeded', 429, 'rate_limited'],
  ['invalid_params', 400, 'rejected'],
  ['invalid_param', 400, 'rejected'],
  ['invalid_file_upload', 400, 'rejected'],
  ['privacy_level_option_mismatch', 403, 'rejected'],
  ['spam_risk_too_many_posts', 403, 'rejected'],
  ['spam_risk_user_banned_from_posting', 403, 'rejected'],
  ['spam_risk_too_many_pending_share', 403, 'rejected'],
  ['reached_active_user_cap', 403, 'rejected'],
  ['unaudited_client_can_only_post_to_private_accounts', 403, 'rejected'],
  ['url_ownership_unverified', 403, 'rejected'],
  ['invalid_publish_id', 400, 'rejected'],
  ['token_not_authorized_for_specified_publish_id', 400, 'rejected'],
  ['publish_not_cancellable', 400, 'rejected'],
  ['app_version_check_failed', 400, 'rejected'],
  ['internal_error', 500, 'transient'],
]

/** tiktok-api.md §1.7 OAuth categories. */
const OAUTH_CODES: [string, TiktokErrorKind][] = [
  ['invalid_grant', 'reauth_required'],
  ['access_denied', 'reauth_required'],
  ['invalid_client', 'rejected'],
  ['invalid_request', 'rejected'],
  ['invalid_scope', 'rejected'],
  ['unauthorized_client', 'rejected'],
  ['unsupported_grant_type', 'rejected'],
  ['unsupported_response_type', 'rejected'],
  ['server_error', 'transient'],
  ['temporarily_unavailable', 'transient'],
]

describe('error classification', () => {
  it.each(V2_CODES)('maps v2 %s (HTTP %i) to %s with the table message', async (code, status, kind) => {
    const { fake, client } = setup()
    fake.answer(envelope(status, {}, code, 'provider says: secret internals'))
    // status/fetch: creator_info tries a 429 once more (tiktok-client.test.ts), which this table test is not about.
    const error = await caught(client.fetchStatus('act.1', 'p1'))
    expect(error).toMatchObject({ kind, code, httpStatus: status, logId: 'LOG123' })
    expect(error.message).toBe(TIKTOK_ERROR_TABLE[code as keyof typeof TIKTOK_ERROR_TABLE].message)
    expect(error.message).not.toContain('secret internals')
    expect(error.providerMessage).toBe('provider says: secret internals')
    if (kind === 'rate_limited') expect(error.retryAfterMs).toBeGreaterThan(0)
    else expect(error.retryAfterMs).toBeUndefined()
  })

  it.each(OAUTH_CODES)('maps the OAuth error %s to %s', async (code, kind) => {
    const { fake, client } = setup()
    fake.answer(jsonAnswer(400, { error: code, error_description: 'The code is bad.', log_id: 'OAUTHLOG' }))
    const error = await caught(client.exchangeCode('code-1'))
    expect(error).toMatchObject({ kind, code, httpStatus: 400, logId: 'OAUTHLOG', providerMessage: 'The code is bad.' })
    expect(error.message).not.toContain('The code is bad.')
  })

  it('keys on error.code, not HTTP status: access_token_invalid with 200 is reauth_required', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, {}, 'access_token_invalid'))
    expect(await caught(client.fetchStatus('act.1', 'p1'))).toMatchObject({ kind: 'reauth_required', httpStatus: 200 })
  })

  it('the spam codes that creator_info returns with HTTP 200 are rejections (tiktok-api.md §3.1)', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, {}, 'spam_risk_too_many_posts'))
    const error = await caught(client.creatorInfo('act.1'))
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe("TikTok's daily post limit for this account has been reached. Try again tomorrow.")
  })

  it('unknown codes: 5xx → transient, 429 → rate limited, anything else → rejected', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(503, {}, 'brand_new_code'), envelope(418, {}, 'brand_new_code'), envelope(429, {}, 'odd'))
    expect(await caught(client.fetchStatus('act.1', 'p1'))).toMatchObject({ kind: 'transient', code: 'brand_new_code' })
    expect(await caught(client.fetchStatus('act.1', 'p1'))).toMatchObject({ kind: 'rejected', code: 'brand_new_code' })
    expect(await caught(client.fetchStatus('act.1', 'p1'))).toMatchObject({ kind: 'rate_limited', code: 'odd' })
  })

  it('5xx without a JSON body, invalid JSON and network failures are transient', async () => {
    const { fake, client } = setup()
    fake.answer(
      new Response('<html>Bad gateway</html>', { status: 502 }),
      new Response('{"data": {', { status: 200 }),
      new Response('', { status: 200 }),
      new TypeError('fetch failed'),
    )
    expect(await caught(client.creatorInfo('act.1'))).toMatchObject({ kind: 'transient', code: 'http_502' })
    expect(await caught(client.creatorInfo('act.1'))).toMatchObject({ kind: 'transient', code: 'invalid_response' })
    expect(await caught(client.creatorInfo('act.1'))).toMatchObject({ kind: 'transient', code: 'invalid_response' })
    const network = await caught(client.creatorInfo('act.1'))
    expect(network).toMatchObject({ kind: 'transient', code: 'network_error' })
    expect(network.cause).toBeInstanceOf(TypeError)
  })

  it('a request that outlives timeoutMs is transient', async () => {
    const { fake, client } = setup()
    fake.answer(
      (_request, signal) =>
        new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    )
    expect(await caught(client.creatorInfo('act.1'))).toMatchObject({ kind: 'transient', code: 'timeout' })
  })

  it('zod rejects malformed bodies as transient, never inventing values', async () => {
    const { fake, client } = setup()
    fake.answer(
      envelope(200, { publish_id: '' }),
      envelope(200, { status: 'SOMETHING_NEW' }),
      jsonAnswer(200, { open_id: 'o', scope: 'user.info.basic', access_token: 'act.1', expires_in: 'soon' }),
      jsonAnswer(200, { data: {}, error: 'not-an-object-or-code' }),
    )
    const init = client.initDirectPost('act.1', {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'url', url: 'https://v.test/a.mp4' },
    })
    expect(await caught(init)).toMatchObject({ kind: 'transient', code: 'invalid_response', httpStatus: 200 })
    expect(await caught(client.fetchStatus('act.1', 'p'))).toMatchObject({ code: 'invalid_response' })
    expect(await caught(client.exchangeCode('c'))).toMatchObject({ kind: 'transient', code: 'invalid_response' })
    // A flat body whose `error` is a non-empty string is an OAuth error; this one's code is unknown → rejected.
    expect(await caught(client.refreshTokens('rft.1'))).toMatchObject({ kind: 'rejected' })
  })

  it('a FILE_UPLOAD init answered without upload_url is an unusable answer, not a made-up URL', async () => {
    const { fake, client } = setup()
    fake.answer(envelope(200, { publish_id: 'v_pub_file~v2-1.1' }))
    const init = client.initDirectPost('act.1', {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size: 1000 },
    })
    expect(await caught(init)).toMatchObject({ kind: 'transient', code: 'invalid_response' })
  })

  it('rate_limited carries the time until the pacing window frees (60 s when nothing else was sent)', async () => {
    const { fake, client, clock } = setup()
    fake.answer(envelope(429, {}, 'rate_limit_exceeded'))
    expect(await caught(client.fetchStatus('act.1', 'p'))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000 })

    fake.answer(envelope(200, { status: 'PROCESSING_UPLOAD' }))
    await client.fetchStatus('act.2', 'p')
    clock.time += 15_000
    fake.answer(envelope(429, {}, 'rate_limit_exceeded'))
    expect(await caught(client.fetchStatus('act.2', 'p'))).toMatchObject({ retryAfterMs: 45_000 })
  })

  it('describes fail reasons for the UI (tiktok-api.md §3.7)', () => {
    expect(describeTiktokCode('spam_risk_too_many_posts')).toEqual({
      kind: 'rejected',
      message: "TikTok's daily post limit for this account has been reached. Try again tomorrow.",
    })
    expect(describeTiktokCode('auth_removed').kind).toBe('reauth_required')
    expect(describeTiktokCode('internal').kind).toBe('transient')
    expect(describeTiktokCode('video_pull_failed').kind).toBe('transient')
    expect(describeTiktokCode('spam_risk_text').kind).toBe('rejected')
    expect(describeTiktokCode('never_heard_of_it').kind).toBe('rejected')
    expect(describeTiktokCode('never_heard_of_it', 500).kind).toBe('transient')
    expect(describeTiktokCode('toString').kind).toBe('rejected')
  })

  it('every table message is a plain English sentence', () => {
    for (const [code, entry] of Object.entries(TIKTOK_ERROR_TABLE)) {
      expect(entry.message, code).toMatch(/^[A-Z].*\.$/)
      expect(entry.message, code).not.toMatch(/_/)
    }
  })
})
