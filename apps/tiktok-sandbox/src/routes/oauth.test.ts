import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  ALL_SCOPES,
  apiPost,
  authorizationCode,
  bearer,
  CLIENT_KEY,
  CLIENT_SECRET,
  createCreator,
  form,
  FORM,
  LOCAL_REDIRECT_URI,
  makeSandbox,
  REDIRECT_URI,
  submitAuthorize,
  tokenRequest,
  type TestSandbox,
} from '../testing/harness'
import { tiktokCodeChallenge } from './oauth'

function authorizeUrl(params: Record<string, string | undefined> = {}): string {
  const query = form({
    client_key: CLIENT_KEY,
    response_type: 'code',
    scope: 'user.info.basic,video.publish',
    redirect_uri: REDIRECT_URI,
    state: 'csrf-1',
    ...params,
  })
  return `/v2/auth/authorize/?${query}`
}

function callback(location: unknown): URL {
  return new URL(String(location))
}

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox()
})
afterEach(async () => {
  await t.close()
})

describe('GET /v2/auth/authorize/', () => {
  it('renders an accessible consent page with the create option preselected when there are no creators', async () => {
    const res = await t.app.inject({ method: 'GET', url: authorizeUrl() })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const page = res.body
    expect(page).toContain('<html lang="en">')
    expect(page).toContain(`<title>Authorize ${CLIENT_KEY} · TikTok Sandbox</title>`)
    expect(page).toMatch(/<h1>Authorize test-app<\/h1>/)
    expect(page).toContain('TikTok Sandbox')
    expect(page).toContain('<legend>Choose a sandbox creator</legend>')
    expect(page).toMatch(/<input type="radio" name="creator" id="creator-new" value="new" checked>/)
    expect(page).toContain('<label for="creator-new">Create a new sandbox creator</label>')
    expect(page).toContain('<label for="new_display_name">Display name</label>')
    expect(page).toContain('<label for="new_username">Username</label>')
    expect(page).toContain('<label for="new_is_private">Private account</label>')
    expect(page).toContain('<button type="submit" name="decision" value="allow" class="primary">Authorize</button>')
    expect(page).toContain('<button type="submit" name="decision" value="deny" class="secondary">Deny</button>')
    expect(page).toContain('user.info.basic')
    expect(page).toContain('video.publish')
    expect(page).not.toMatch(/<script/i)
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('lists existing creators as labelled radio buttons, the first one selected', async () => {
    const ann = await createCreator(t.app, { username: 'ann', display_name: 'Ann Example' })
    await createCreator(t.app, { username: 'bob', display_name: 'Bob <b>' })
    const res = await t.app.inject({ method: 'GET', url: authorizeUrl() })
    expect(res.body).toContain(`<label for="creator-${ann.open_id}">Ann Example (@ann)</label>`)
    expect(res.body).toContain('Bob &lt;b&gt; (@bob)')
    expect(res.body).toContain(`value="${ann.open_id}" checked`)
    expect(res.body).not.toMatch(/value="new" checked/)
  })

  it('shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    for (const url of [
      authorizeUrl({ client_key: 'nope' }),
      authorizeUrl({ redirect_uri: 'https://evil.example/cb' }),
      authorizeUrl({ redirect_uri: `${REDIRECT_URI}/` }),
      authorizeUrl({ redirect_uri: undefined }),
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expect(res.headers.location).toBeUndefined()
      expect(res.body).toContain('role="alert"')
    }
  })

  it('accepts a registered http://localhost redirect URI', async () => {
    const res = await t.app.inject({ method: 'GET', url: authorizeUrl({ redirect_uri: LOCAL_REDIRECT_URI }) })
    expect(res.statusCode).toBe(200)
  })

  it('redirects invalid_scope and unsupported_response_type to the registered redirect_uri', async () => {
    const bad = await t.app.inject({ method: 'GET', url: authorizeUrl({ scope: 'user.info.basic video.publish' }) })
    expect(bad.statusCode).toBe(302)
    const url = callback(bad.headers.location)
    expect(url.origin + url.pathname).toBe(REDIRECT_URI)
    expect(url.searchParams.get('error')).toBe('invalid_scope')
    expect(url.searchParams.get('state')).toBe('csrf-1')

    const type = await t.app.inject({ method: 'GET', url: authorizeUrl({ response_type: 'token' }) })
    expect(callback(type.headers.location).searchParams.get('error')).toBe('unsupported_response_type')
  })
})

describe('POST /v2/auth/authorize/', () => {
  it('deny redirects with access_denied and the state', async () => {
    const res = await submitAuthorize(t.app, { openId: 'new', extra: { decision: 'deny' } })
    expect(res.statusCode).toBe(302)
    const location = String(res.headers.location)
    expect(location).toBe(
      `${REDIRECT_URI}?error=access_denied&error_description=The+user+denied+the+request&state=state-123`,
    )
  })

  it('allow with a new creator redirects with code, granted scopes and state, and creates the creator', async () => {
    const res = await submitAuthorize(t.app, {
      openId: 'new',
      scopes: ['user.info.basic', 'video.publish'],
      extra: { new_display_name: 'Cleo Creator', new_username: 'Cleo_1', new_is_private: 'on' },
    })
    expect(res.statusCode).toBe(302)
    const url = callback(res.headers.location)
    expect(url.origin + url.pathname).toBe(REDIRECT_URI)
    expect(url.searchParams.get('code')).toBeTruthy()
    expect(url.searchParams.get('scopes')).toBe('user.info.basic,video.publish')
    expect(url.searchParams.get('state')).toBe('state-123')
    const list = await t.app.inject({ method: 'GET', url: '/sandbox/admin/creators', headers: ADMIN })
    expect(list.json()).toMatchObject({
      creators: [{ username: 'cleo_1', display_name: 'Cleo Creator', is_private: true }],
    })
  })

  it('re-renders the page with a message for a missing or duplicate username', async () => {
    const missing = await submitAuthorize(t.app, { openId: 'new', extra: { new_display_name: 'No Name' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain('role="alert"')
    expect(missing.body).toContain('Enter a username')
    expect(missing.body).toContain('value="No Name"')

    await createCreator(t.app, { username: 'taken' })
    const duplicate = await submitAuthorize(t.app, { openId: 'new', extra: { new_username: 'Taken' } })
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.body).toContain('@taken is already taken')
  })

  it('does not silently ignore a typed new creator while an existing one is selected', async () => {
    const { open_id } = await createCreator(t.app, { username: 'existing' })
    const res = await submitAuthorize(t.app, { openId: open_id, extra: { new_username: 'fresh' } })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Create a new sandbox creator')
    expect(res.body).toContain('value="fresh"')
  })

  it('requires a creator choice', async () => {
    const res = await submitAuthorize(t.app, { openId: 'not-an-open-id' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Choose a sandbox creator')
  })

  it('grants only the scopes left ticked (user.info.basic always)', async () => {
    const { open_id } = await createCreator(t.app)
    const res = await submitAuthorize(t.app, {
      openId: open_id,
      scopes: ['user.info.basic', 'video.publish', 'video.list'],
      extra: { scope_selection: '1', grant_scope: 'video.list' },
    })
    expect(callback(res.headers.location).searchParams.get('scopes')).toBe('user.info.basic,video.list')
  })
})

describe('POST /v2/oauth/token/', () => {
  it('exchanges a code for tokens once (2026 profile lifetimes)', async () => {
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id, scopes: ['user.info.basic', 'video.publish'] })
    const res = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      access_token: expect.stringMatching(/^act\./),
      expires_in: 7200,
      open_id,
      refresh_expires_in: 15_552_000,
      refresh_token: expect.stringMatching(/^rft\./),
      scope: 'user.info.basic,video.publish',
      token_type: 'Bearer',
    })

    const again = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      error: 'invalid_grant',
      log_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/),
    })
    // Reusing the code revoked what it issued.
    const info = await t.app.inject({
      method: 'GET',
      url: '/v2/user/info/?fields=open_id',
      headers: bearer(body.access_token),
    })
    expect(info.statusCode).toBe(401)
  })

  it('accepts a charset parameter on the form content type', async () => {
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id })
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      payload: form({
        client_key: CLIENT_KEY,
        client_secret: CLIENT_SECRET,
        code,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
      }),
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers the documented errors with HTTP 400', async () => {
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id })
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ grant_type: 'authorization_code', code, redirect_uri: undefined }, 'invalid_request'],
      [{ grant_type: 'authorization_code', code: undefined, redirect_uri: REDIRECT_URI }, 'invalid_request'],
      [
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_secret: 'wrong' },
        'invalid_client',
      ],
      [{ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_key: 'other' }, 'invalid_client'],
      [{ grant_type: 'authorization_code', code, redirect_uri: LOCAL_REDIRECT_URI }, 'invalid_grant'],
      [{ grant_type: 'authorization_code', code: 'made-up', redirect_uri: REDIRECT_URI }, 'invalid_grant'],
      [{ grant_type: 'password', code, redirect_uri: REDIRECT_URI }, 'unsupported_grant_type'],
      [{ grant_type: undefined }, 'invalid_request'],
      [{ grant_type: 'refresh_token', refresh_token: 'rft.nope' }, 'invalid_grant'],
    ]
    for (const [values, error] of cases) {
      const res = await tokenRequest(t.app, values)
      expect(res.statusCode, JSON.stringify(values)).toBe(400)
      expect(res.json(), JSON.stringify(values)).toMatchObject({ error, error_description: expect.any(String) })
    }
    // The mismatch did not burn the code.
    const ok = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses a JSON body as malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/oauth/token/',
      payload: { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'refresh_token' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('expires codes after 5 minutes', async () => {
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id })
    t.clock.advance(5 * 60_000 + 1)
    const res = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    expect(res.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('checks PKCE: code_challenge is the lower-case hex SHA-256 of the verifier', async () => {
    const verifier = 'a'.repeat(20) + '-._~' + 'Z9'.repeat(10)
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id, codeChallenge: tiktokCodeChallenge(verifier) })
    const wrong = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier + 'x',
    })
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' })
    const missing = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    expect(missing.json()).toMatchObject({ error: 'invalid_request' })
    const ok = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses a base64url (RFC 7636) code_challenge at the authorize step', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: authorizeUrl({
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
    })
    expect(callback(res.headers.location).searchParams.get('error')).toBe('invalid_request')
  })
})

describe('refresh and revoke', () => {
  async function tokens(t: TestSandbox) {
    const { open_id } = await createCreator(t.app)
    const code = await authorizationCode(t.app, { openId: open_id, scopes: ALL_SCOPES })
    const res = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    return res.json() as { access_token: string; refresh_token: string; open_id: string }
  }

  it("'2026': a refresh rotates the refresh token and the old one stops working", async () => {
    const first = await tokens(t)
    t.clock.advance(60_000)
    const res = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(res.statusCode).toBe(200)
    const second = res.json()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.access_token).not.toBe(first.access_token)
    expect(second.expires_in).toBe(7200)
    expect(second.refresh_expires_in).toBe(15_552_000 - 60)
    expect(second.open_id).toBe(first.open_id)

    const old = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(old.statusCode).toBe(400)
    expect(old.json()).toMatchObject({ error: 'invalid_grant' })
    const next = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: second.refresh_token })
    expect(next.statusCode).toBe(200)
  })

  it("'classic': 24 h / 365 d and the same refresh token keeps working", async () => {
    const classic = await makeSandbox({ tokenProfile: 'classic' })
    try {
      const first = await tokens(classic)
      const a = await tokenRequest(classic.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
      const b = await tokenRequest(classic.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
      expect(a.statusCode).toBe(200)
      expect(b.statusCode).toBe(200)
      expect(a.json()).toMatchObject({ expires_in: 86_400, refresh_expires_in: 31_536_000 })
    } finally {
      await classic.close()
    }
  })

  it('access tokens expire after expires_in; refresh tokens after refresh_expires_in', async () => {
    const first = await tokens(t)
    const info = () =>
      t.app.inject({ method: 'GET', url: '/v2/user/info/?fields=open_id', headers: bearer(first.access_token) })
    expect((await info()).statusCode).toBe(200)
    t.clock.advance(7200 * 1000)
    const expired = await info()
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toMatchObject({ error: { code: 'access_token_invalid' } })
    t.clock.advance(15_552_000 * 1000)
    const res = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(res.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('a refresh token of another client is refused', async () => {
    const other = await makeSandbox({
      clients: [
        { clientKey: CLIENT_KEY, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] },
        { clientKey: 'other', clientSecret: 'other-secret', redirectUris: [REDIRECT_URI] },
      ],
    })
    try {
      const first = await tokens(other)
      const res = await other.app.inject({
        method: 'POST',
        url: '/v2/oauth/token/',
        headers: FORM,
        payload: form({
          client_key: 'other',
          client_secret: 'other-secret',
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
        }),
      })
      expect(res.json()).toMatchObject({ error: 'invalid_grant' })
    } finally {
      await other.close()
    }
  })

  it('revoke ends the access and refresh tokens of the grant', async () => {
    const first = await tokens(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/oauth/revoke/',
      headers: FORM,
      payload: form({ client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, token: first.access_token }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({})
    const api = await apiPost(t.app, '/v2/post/publish/creator_info/query/', first.access_token)
    expect(api.statusCode).toBe(401)
    const refresh = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' })

    const badClient = await t.app.inject({
      method: 'POST',
      url: '/v2/oauth/revoke/',
      headers: FORM,
      payload: form({ client_key: CLIENT_KEY, client_secret: 'nope', token: first.access_token }),
    })
    expect(badClient.json()).toMatchObject({ error: 'invalid_client' })
  })
})
