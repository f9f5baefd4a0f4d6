import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { MESSAGES, TIKTOK_SCOPE_PURPOSES, tiktokAccountListSchema, type TiktokAccount } from '@hookpost/shared'
import { tiktokAccount, tiktokOauthState } from '../../db/schema'
import { sha256Hex } from '../../lib/crypto'
import { cookieHeader, startTestServer, type TestServer } from '../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../testing/tiktok-sandbox'

let sandbox: TestSandbox
let server: TestServer
const json = { 'content-type': 'application/json' }

beforeAll(async () => {
  sandbox = await startTestSandbox()
  server = await startTestServer(sandbox.env)
})
afterAll(async () => {
  await server?.close()
  await sandbox?.close()
})

function inject(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, body?: unknown) {
  return server.runtime.http!.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : json), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
}

let users = 0
async function signUp(): Promise<string> {
  users++
  const password = 'correct horse 1'
  const res = await server.runtime.http!.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: json,
    payload: JSON.stringify({
      email: `tiktok-${users}-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
      acceptTerms: true,
    }),
  })
  expect(res.statusCode).toBe(200)
  return cookieHeader(res.headers['set-cookie'])
}

async function startConnect(cookie: string, accountId?: string, returnTo?: string): Promise<string> {
  const body = { ...(accountId ? { accountId } : {}), ...(returnTo === undefined ? {} : { returnTo }) }
  const res = await inject('POST', '/api/tiktok/connect', cookie, body)
  expect(res.statusCode).toBe(200)
  return res.json<{ authorizeUrl: string }>().authorizeUrl
}

async function listAccounts(cookie: string): Promise<TiktokAccount[]> {
  const res = await inject('GET', '/api/tiktok/accounts', cookie)
  expect(res.statusCode).toBe(200)
  return tiktokAccountListSchema.parse(res.json()).accounts
}

/** The whole connect flow as the browser drives it: connect → sandbox authorize page → callback page → API. */
async function connect(cookie: string, openId: string, accountId?: string, returnTo?: string) {
  const authorizeUrl = await startConnect(cookie, accountId, returnTo)
  const callback = await sandbox.decide(authorizeUrl, openId)
  const res = await inject('POST', '/api/tiktok/callback', cookie, {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    scopes: callback.searchParams.get('scopes'),
  })
  return { res, callback }
}

async function storedRow(id: string) {
  const [row] = await server.runtime.database.db.select().from(tiktokAccount).where(eq(tiktokAccount.id, id))
  return row!
}

describe('connecting a TikTok account through the sandbox', () => {
  it('sends the browser to the authorize page with a fresh state and never the client secret', async () => {
    const cookie = await signUp()
    const first = new URL(await startConnect(cookie))
    const second = new URL(await startConnect(cookie))
    expect(`${first.origin}${first.pathname}`).toBe(`${sandbox.url}/v2/auth/authorize/`)
    expect(first.searchParams.get('client_key')).toBe('hookpost-sandbox')
    expect(first.searchParams.get('response_type')).toBe('code')
    expect(first.searchParams.get('redirect_uri')).toBe('http://localhost:3999/auth/tiktok/callback')
    // Exactly the scopes the connect buttons explain (issue 19 item 6), in that order.
    expect(first.searchParams.get('scope')).toBe(TIKTOK_SCOPE_PURPOSES.map((s) => s.scope).join(','))
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'))
    expect(first.toString()).not.toContain(sandbox.secret)
  })

  it('stores the creator with encrypted tokens, and a replayed callback changes nothing', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'Maya Moves', username: 'maya.moves' })
    const { res, callback } = await connect(cookie, creator.open_id)
    expect(res.statusCode).toBe(200)
    const account = res.json<{ account: TiktokAccount }>().account
    expect(account).toMatchObject({
      accountName: 'Maya Moves',
      accountUsername: 'maya.moves',
      status: 'active',
      sandbox: true,
    })
    expect(account.scopes).toContain('video.publish')
    expect(JSON.stringify(res.json())).not.toMatch(/act\.|rft\./)

    const row = await storedRow(account.id)
    expect(row.openId).toBe(creator.open_id)
    expect(row.accessTokenEnc).toMatch(/^v1\./)
    expect(row.accessTokenEnc).not.toContain('act.')
    expect(row.refreshTokenEnc).not.toContain('rft.')
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now())

    // The same callback URL again (browser back button, a forwarded link): the state is used up.
    const replay = await inject('POST', '/api/tiktok/callback', cookie, {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().message).toBe(MESSAGES.connectStateInvalid)
    expect(await listAccounts(cookie)).toHaveLength(1)
  })

  it('refuses a tampered state or one from another session, storing nothing', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const authorizeUrl = await startConnect(cookie)
    const callback = await sandbox.decide(authorizeUrl, creator.open_id)
    const code = callback.searchParams.get('code')
    const state = callback.searchParams.get('state')!

    const tampered = await inject('POST', '/api/tiktok/callback', cookie, { code, state: `${state.slice(0, -2)}xx` })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().message).toBe(MESSAGES.connectStateInvalid)

    const intruder = await signUp()
    const stolen = await inject('POST', '/api/tiktok/callback', intruder, { code, state })
    expect(stolen.statusCode).toBe(400)
    expect(await listAccounts(intruder)).toHaveLength(0)
    expect(await listAccounts(cookie)).toHaveLength(0)

    const unauthenticated = await inject('POST', '/api/tiktok/callback', undefined, { code, state })
    expect(unauthenticated.statusCode).toBe(401)
  })

  it('says so when TikTok refuses the code, and the state cannot be retried', async () => {
    const cookie = await signUp()
    const authorizeUrl = new URL(await startConnect(cookie))
    const res = await inject('POST', '/api/tiktok/callback', cookie, {
      code: 'not-a-real-code',
      state: authorizeUrl.searchParams.get('state'),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(MESSAGES.connectFailed)
    expect(await listAccounts(cookie)).toHaveLength(0)
  })

  it('reconnecting the same creator updates the tokens of the one account, never duplicating it', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const first = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const before = await storedRow(first.id)
    // The person renamed it in Hookpost; a reconnect keeps their name.
    await inject('PATCH', `/api/tiktok/accounts/${first.id}`, cookie, { accountName: 'My brand account' })

    const again = await connect(cookie, creator.open_id)
    expect(again.res.statusCode).toBe(200)
    expect(again.res.json().account).toMatchObject({ id: first.id, accountName: 'My brand account' })
    const after = await storedRow(first.id)
    expect(after.refreshTokenEnc).toBeTruthy()
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc)
    expect(await listAccounts(cookie)).toHaveLength(1)
  })
})

describe('accounts', () => {
  it('adds by hand, edits the description, and deletes; another user gets 404 for every id', async () => {
    const cookie = await signUp()
    const created = await inject('POST', '/api/tiktok/accounts', cookie, {
      accountName: '  Bakery  ',
      accountUsername: '@bakery.daily',
    })
    expect(created.statusCode).toBe(201)
    const account = created.json<{ account: TiktokAccount }>().account
    expect(account).toMatchObject({
      accountName: 'Bakery',
      accountUsername: 'bakery.daily',
      status: 'not_connected',
      sandbox: false,
    })

    const missing = await inject('POST', '/api/tiktok/accounts', cookie, { accountName: '', accountUsername: 'x' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().details[0].message).toBe(MESSAGES.requiredFields)

    const edited = await inject('PATCH', `/api/tiktok/accounts/${account.id}`, cookie, {
      targetAudience: 'Busy parents',
      niche: 'Home baking',
      appGoals: 'Sell the sourdough course',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().account).toMatchObject({ niche: 'Home baking', accountName: 'Bakery' })

    const other = await signUp()
    expect((await inject('PATCH', `/api/tiktok/accounts/${account.id}`, other, { niche: 'x' })).statusCode).toBe(404)
    expect((await inject('DELETE', `/api/tiktok/accounts/${account.id}`, other)).statusCode).toBe(404)
    expect((await inject('POST', '/api/tiktok/connect', other, { accountId: account.id })).statusCode).toBe(404)
    expect(await listAccounts(other)).toHaveLength(0)

    expect((await inject('DELETE', `/api/tiktok/accounts/${account.id}`, cookie)).statusCode).toBe(204)
    expect(await listAccounts(cookie)).toHaveLength(0)
    expect((await inject('DELETE', `/api/tiktok/accounts/${account.id}`, cookie)).statusCode).toBe(404)
  })

  it('connecting a hand-added account fills it in instead of adding another', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const manual = (
      await inject('POST', '/api/tiktok/accounts', cookie, { accountName: 'Shop', accountUsername: 'shop' })
    ).json<{ account: TiktokAccount }>().account
    const { res } = await connect(cookie, creator.open_id, manual.id)
    expect(res.statusCode).toBe(200)
    // The person's name stays; the @username is now the creator's own (issue 30: it had been typed by hand).
    expect(res.json().account).toMatchObject({
      id: manual.id,
      status: 'active',
      accountName: 'Shop',
      accountUsername: creator.username,
      sandbox: true,
    })
    expect(await listAccounts(cookie)).toHaveLength(1)
  })

  it('deleting a connected account revokes its token at TikTok', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const accessToken = await server.runtime.tiktokAccounts.accessToken(account.id)
    expect((await inject('DELETE', `/api/tiktok/accounts/${account.id}`, cookie)).statusCode).toBe(204)
    const info = await fetch(`${sandbox.url}/v2/user/info/?fields=open_id`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(info.status).toBe(401)
  })
})

describe('creator info for the composer', () => {
  it('shows what the creator allows, and why they cannot post when TikTok says so', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'Private Pia', is_private: true })
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const res = await inject('GET', `/api/tiktok/accounts/${account.id}/creator-info`, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      nickname: 'Private Pia',
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      duetDisabled: true,
      stitchDisabled: true,
      cannotPostReason: null,
    })
    expect(res.json().maxVideoPostDurationSec).toBeGreaterThan(0)

    // A creator TikTok stopped from posting (another account: one creator_info answer serves a few seconds).
    const bannedCreator = await sandbox.createCreator({ display_name: 'Banned Ben' })
    await sandbox.admin('PATCH', `/sandbox/admin/creators/${bannedCreator.open_id}`, { banned: true })
    const bannedAccount = (await connect(cookie, bannedCreator.open_id)).res.json<{ account: TiktokAccount }>().account
    const banned = await inject('GET', `/api/tiktok/accounts/${bannedAccount.id}/creator-info`, cookie)
    expect(banned.statusCode).toBe(200)
    expect(banned.json().cannotPostReason).toMatch(/.+/)

    const other = await signUp()
    expect((await inject('GET', `/api/tiktok/accounts/${account.id}/creator-info`, other)).statusCode).toBe(404)
  })

  it('refreshes a token TikTok expired early instead of asking for a reconnect', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'Early Expiry' })
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    await sandbox.admin('POST', '/sandbox/admin/tokens/expire', { open_id: creator.open_id })
    const res = await inject('GET', `/api/tiktok/accounts/${account.id}/creator-info`, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ nickname: 'Early Expiry', cannotPostReason: null })
    expect((await listAccounts(cookie)).find((a) => a.id === account.id)?.status).toBe('active')
  })
})

describe("creator info at TikTok's limit of 20 a minute per token (tiktok-api.md §3.1)", () => {
  /** creator_info requests made with the account's token around Hookpost (another process, another tab of ours). */
  async function elsewhere(accountId: string, count: number): Promise<number[]> {
    const token = await server.runtime.tiktokAccounts.accessToken(accountId)
    const statuses: number[] = []
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${sandbox.url}/v2/post/publish/creator_info/query/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      await res.body?.cancel()
      statuses.push(res.status)
    }
    return statuses
  }

  it('a burst of 30 form openings is answered from one request to TikTok', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'Busy Bea' })
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => inject('GET', `/api/tiktok/accounts/${account.id}/creator-info`, cookie)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200))
    expect(new Set(answers.map((a) => a.json().nickname))).toEqual(new Set(['Busy Bea']))
    // TikTok counted one: 19 of its 20 are left this minute.
    expect(await elsewhere(account.id, 20)).toEqual([...Array(19).fill(200), 429])
  })

  it('when the token\'s minute is used up elsewhere: 429 "too many requests", not "TikTok is not answering"', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'Spent Sam' })
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    expect(new Set(await elsewhere(account.id, 20))).toEqual(new Set([200]))

    const res = await inject('GET', `/api/tiktok/accounts/${account.id}/creator-info`, cookie)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'TikTok says too many requests were made for this account. Try again in a minute.',
    })
    expect(res.json().message).not.toBe(MESSAGES.tiktokUnavailable)
    // The account is fine: nothing asks for a reconnect.
    expect((await listAccounts(cookie)).find((a) => a.id === account.id)?.status).toBe('active')
  })
})

describe('token refresh', () => {
  it('refreshes a token expiring within the hour and always keeps the newest refresh token', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const fresh = await server.runtime.tiktokAccounts.accessToken(account.id)
    // Not due: the stored token comes back untouched.
    expect(await server.runtime.tiktokAccounts.accessToken(account.id)).toBe(fresh)

    const before = await storedRow(account.id)
    await server.runtime.database.db
      .update(tiktokAccount)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 30 * 60 * 1000) })
      .where(eq(tiktokAccount.id, account.id))
    const refreshed = await server.runtime.tiktokAccounts.accessToken(account.id)
    expect(refreshed).not.toBe(fresh)
    const after = await storedRow(account.id)
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc)
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000)

    // The new token works at TikTok.
    const info = await fetch(`${sandbox.url}/v2/user/info/?fields=open_id`, {
      headers: { authorization: `Bearer ${refreshed}` },
    })
    expect(info.status).toBe(200)
  })

  it('a failed refresh keeps the record, marks it "Reconnect required", and a reconnect heals it', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    const expire = await sandbox.admin('POST', '/sandbox/admin/tokens/expire', {
      open_id: creator.open_id,
      include_refresh: true,
    })
    expect(expire.status).toBeLessThan(300)
    await server.runtime.database.db
      .update(tiktokAccount)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 60 * 1000) })
      .where(eq(tiktokAccount.id, account.id))

    await expect(server.runtime.tiktokAccounts.accessToken(account.id)).rejects.toThrow(MESSAGES.reconnectRequired)
    const [listed] = await listAccounts(cookie)
    expect(listed).toMatchObject({ id: account.id, status: 'reconnect_required' })
    const row = await storedRow(account.id)
    expect(row.refreshTokenEnc).toBeTruthy()

    const { res } = await connect(cookie, creator.open_id, account.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().account).toMatchObject({ id: account.id, status: 'active' })
  })

  it('the refresh sweep is scheduled every 15 minutes', async () => {
    const result = await server.runtime.database.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'tiktok.refresh-tokens'`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { cron: string }[]
    expect(rows).toEqual([expect.objectContaining({ cron: '*/15 * * * *' })])
  })

  it('the refresh sweep refreshes every account that is due', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    await server.runtime.database.db
      .update(tiktokAccount)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 5 * 60 * 1000) })
      .where(eq(tiktokAccount.id, account.id))
    const result = await server.runtime.tiktokAccounts.refreshDue()
    expect(result.refreshed).toBeGreaterThanOrEqual(1)
    expect((await storedRow(account.id)).accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000)
  })
})

describe('sandbox creators (/dummy-account)', () => {
  it('lists and creates creators through the sandbox; a taken username is refused', async () => {
    const created = await inject('POST', '/api/tiktok/sandbox/creators', undefined, {
      displayName: 'Dummy Dan',
      username: '@dummy_dan',
      isPrivate: true,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().creator).toMatchObject({ displayName: 'Dummy Dan', username: 'dummy_dan', isPrivate: true })

    const list = await inject('GET', '/api/tiktok/sandbox/creators')
    expect(list.statusCode).toBe(200)
    expect(list.json().sandboxUrl).toBe(sandbox.url)
    expect(list.json().creators.map((c: { username: string }) => c.username)).toContain('dummy_dan')

    const again = await inject('POST', '/api/tiktok/sandbox/creators', undefined, {
      displayName: 'Other',
      username: 'dummy_dan',
    })
    expect(again.statusCode).toBe(409)

    const bad = await inject('POST', '/api/tiktok/sandbox/creators', undefined, { displayName: 'x', username: 'a b' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('the place a connect flow returns to (issue 30)', () => {
  async function storedReturnTo(authorizeUrl: string) {
    const state = new URL(authorizeUrl).searchParams.get('state')!
    const [row] = await server.runtime.database.db
      .select({ returnTo: tiktokOauthState.returnTo })
      .from(tiktokOauthState)
      .where(eq(tiktokOauthState.stateHash, sha256Hex(state)))
    return row!.returnTo
  }

  it('comes back from the callback for the app places that offer Connect, and only those', async () => {
    const cookie = await signUp()
    const profile = await connect(cookie, (await sandbox.createCreator()).open_id, undefined, '/dashboard/profile')
    expect(profile.res.statusCode).toBe(200)
    expect(profile.res.json().returnTo).toBe('/dashboard/profile')
    const schedule = await connect(
      cookie,
      (await sandbox.createCreator()).open_id,
      undefined,
      '/dashboard?tab=schedule',
    )
    expect(schedule.res.json().returnTo).toBe('/dashboard?tab=schedule')

    // Not a place of the app's list: never stored, so never followed.
    for (const elsewhere of [
      'https://evil.example/dashboard/profile',
      '//evil.example/dashboard',
      '/\\evil.example',
      '/dashboard?tab=schedule&next=https://evil.example',
      '/dashboard?tab=nope',
      '/dashboard/../login',
      '/auth/tiktok/callback',
      'javascript:alert(1)',
    ]) {
      expect(await storedReturnTo(await startConnect(cookie, undefined, elsewhere)), elsewhere).toBeNull()
    }
    const offList = await connect(cookie, (await sandbox.createCreator()).open_id, undefined, 'https://evil.example/')
    expect(offList.res.statusCode).toBe(200)
    expect(offList.res.json().returnTo).toBeNull()
  })

  it('a return place changed in the stored state falls back to the dashboard', async () => {
    const cookie = await signUp()
    const authorizeUrl = await startConnect(cookie, undefined, '/dashboard/profile')
    const state = new URL(authorizeUrl).searchParams.get('state')!
    await server.runtime.database.db
      .update(tiktokOauthState)
      .set({ returnTo: 'https://evil.example/dashboard/profile' })
      .where(eq(tiktokOauthState.stateHash, sha256Hex(state)))
    const callback = await sandbox.decide(authorizeUrl, (await sandbox.createCreator()).open_id)
    const res = await inject('POST', '/api/tiktok/callback', cookie, {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().returnTo).toBeNull()
  })

  it('Deny on TikTok: the page learns where the flow began and for which account, and the state is spent', async () => {
    const cookie = await signUp()
    const manual = (
      await inject('POST', '/api/tiktok/accounts', cookie, { accountName: 'Deli', accountUsername: 'deli' })
    ).json<{ account: TiktokAccount }>().account
    const creator = await sandbox.createCreator()
    const authorizeUrl = await startConnect(cookie, manual.id, '/dashboard/profile')
    const denied = await sandbox.decide(authorizeUrl, creator.open_id, 'deny')
    expect(denied.searchParams.get('error')).toBe('access_denied')
    const state = denied.searchParams.get('state')!

    // Another person, or nobody signed in, learns nothing.
    const intruder = await signUp()
    const theirs = await inject('POST', '/api/tiktok/connect/abandon', intruder, { state })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toEqual({ returnTo: null, accountId: null })
    expect((await inject('POST', '/api/tiktok/connect/abandon', undefined, { state })).statusCode).toBe(401)

    const origin = await inject('POST', '/api/tiktok/connect/abandon', cookie, { state })
    expect(origin.statusCode).toBe(200)
    expect(origin.json()).toEqual({ returnTo: '/dashboard/profile', accountId: manual.id })
    // Asked twice (the page remounted): the same answer.
    expect((await inject('POST', '/api/tiktok/connect/abandon', cookie, { state })).json()).toEqual(origin.json())

    // That state can no longer connect anything, even with a real code of this creator.
    const code = (await sandbox.decide(await startConnect(cookie), creator.open_id)).searchParams.get('code')
    const reused = await inject('POST', '/api/tiktok/callback', cookie, { code, state })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().message).toBe(MESSAGES.connectStateInvalid)
    expect((await listAccounts(cookie)).map((a) => a.status)).toEqual(['not_connected'])
  })

  it('after a failed callback the origin is still known, for "Try again"', async () => {
    const cookie = await signUp()
    const state = new URL(await startConnect(cookie, undefined, '/dashboard?tab=create')).searchParams.get('state')!
    const failed = await inject('POST', '/api/tiktok/callback', cookie, { code: 'not-a-real-code', state })
    expect(failed.statusCode).toBe(400)
    const origin = await inject('POST', '/api/tiktok/connect/abandon', cookie, { state })
    expect(origin.json()).toEqual({ returnTo: '/dashboard?tab=create', accountId: null })
  })
})

describe("an authorised account's username is TikTok's (issue 30)", () => {
  it('refuses a changed username on a connected account and changes nothing; hand-added ones stay editable', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator({ display_name: 'True Tam' })
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    expect(account.accountUsername).toBe(creator.username)

    const renamed = await inject('PATCH', `/api/tiktok/accounts/${account.id}`, cookie, {
      accountName: 'Tam at work',
      accountUsername: 'someone.else',
      niche: 'Changed too',
    })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.usernameFromTiktok,
      details: [{ path: 'accountUsername', message: MESSAGES.usernameFromTiktok }],
    })
    expect(await storedRow(account.id)).toMatchObject({
      accountName: 'True Tam',
      accountUsername: creator.username,
      niche: '',
    })

    // The dialog sends the whole form: the same username (with or without its @) is no change.
    const saved = await inject('PATCH', `/api/tiktok/accounts/${account.id}`, cookie, {
      accountName: 'Tam at work',
      accountUsername: `@${creator.username}`,
      niche: 'Desk lunches',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().account).toMatchObject({ accountName: 'Tam at work', accountUsername: creator.username })

    const manual = (
      await inject('POST', '/api/tiktok/accounts', cookie, { accountName: 'Hand', accountUsername: 'hand.typo' })
    ).json<{ account: TiktokAccount }>().account
    const fixed = await inject('PATCH', `/api/tiktok/accounts/${manual.id}`, cookie, { accountUsername: 'hand.made' })
    expect(fixed.statusCode).toBe(200)
    expect(fixed.json().account.accountUsername).toBe('hand.made')
  })

  it('a reconnect puts back the username TikTok says', async () => {
    const cookie = await signUp()
    const creator = await sandbox.createCreator()
    const account = (await connect(cookie, creator.open_id)).res.json<{ account: TiktokAccount }>().account
    // A row from before issue 30, when the username could be edited.
    await server.runtime.database.db
      .update(tiktokAccount)
      .set({ accountUsername: 'edited.by.hand' })
      .where(eq(tiktokAccount.id, account.id))
    const again = await connect(cookie, creator.open_id, account.id)
    expect(again.res.json().account).toMatchObject({ id: account.id, accountUsername: creator.username })
  })
})
