import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { startSandbox } from '@hookpost/tiktok-sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { describeTiktokCode, TIKTOK_ERROR_TABLE, TiktokError, type TiktokErrorCode } from './errors'
import {
  CREATOR_INFO_RETRY_DELAY_MS,
  createTiktokClient,
  fileChunkSource,
  type TiktokClient,
  type TiktokPrivacyLevel,
  type TiktokPublishStatus,
  type TiktokTokenSet,
} from './index'
import { sandboxSession, startSandboxProcess, writeSparseMp4, type SandboxSession } from './testing/sandbox-session'

/**
 * The client against the real sandbox (apps/tiktok-sandbox) over HTTP: OAuth, user info, posting errors, pacing,
 * chunked uploads streamed from disk, and the status lifecycle.
 */

const CLIENT_KEY = 'hookpost-int'
const CLIENT_SECRET = 'int-test-secret-6f1d2c'
const REDIRECT_URI = 'http://127.0.0.1:5999/auth/tiktok/callback'
const ALL_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
  'video.publish',
  'video.upload',
]
const MB = 1_000_000

type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>
type SandboxExtras = Omit<Parameters<typeof startSandbox>[0], 'clients' | 'port'>
type ClientExtras = Partial<Parameters<typeof createTiktokClient>[0]>

interface Env {
  sandbox: RunningSandbox
  session: SandboxSession
  client: TiktokClient
}

const running: RunningSandbox[] = []
const workDir = mkdtempSync(path.join(tmpdir(), 'tiktok-client-int-'))
let counter = 0

async function startEnv(sandboxExtras: SandboxExtras = {}, clientExtras: ClientExtras = {}): Promise<Env> {
  const sandbox = await startSandbox({
    clients: [{ clientKey: CLIENT_KEY, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] }],
    port: 0,
    processingMs: 200,
    moderationMs: 100,
    ...sandboxExtras,
  })
  running.push(sandbox)
  const client = createTiktokClient({
    apiBase: sandbox.url,
    authBase: sandbox.url,
    clientKey: CLIENT_KEY,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    ...clientExtras,
  })
  return { sandbox, session: sandboxSession(sandbox.url, CLIENT_SECRET), client }
}

/** A new sandbox creator, authorized through the authorize page, with tokens from the code exchange. */
async function connect(env: Pick<Env, 'session' | 'client'>, options: { isPrivate?: boolean; scopes?: string[] } = {}) {
  counter++
  const username = `creator_${process.pid % 10_000}_${counter}`
  const creator = await env.session.createCreator({
    display_name: `Creator ${counter}`,
    username,
    is_private: options.isPrivate ?? false,
  })
  const state = `state-${counter}`
  const callback = await env.session.authorize(
    env.client.authorizeUrl({ state, scopes: options.scopes ?? ALL_SCOPES }),
    creator.open_id,
  )
  expect(callback.get('state')).toBe(state)
  const code = callback.get('code')
  if (!code) throw new Error(`no code in the callback: ${callback.toString()}`)
  const tokens = await env.client.exchangeCode(code)
  return { creator, username, tokens, code }
}

async function failure(promise: Promise<unknown>): Promise<TiktokError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof TiktokError)) throw new Error(`expected a TiktokError, got ${String(error)}`)
  return error
}

function expectCode(error: TiktokError, code: TiktokErrorCode) {
  expect({ code: error.code, kind: error.kind, message: error.message }).toEqual({
    code,
    kind: TIKTOK_ERROR_TABLE[code].kind,
    message: TIKTOK_ERROR_TABLE[code].message,
  })
}

async function pollStatus(
  client: TiktokClient,
  tokens: TiktokTokenSet,
  publishId: string,
  done: (status: TiktokPublishStatus) => boolean,
  ms = 20_000,
): Promise<TiktokPublishStatus> {
  const deadline = Date.now() + ms
  for (;;) {
    const status = await client.fetchStatus(tokens.accessToken, publishId)
    if (done(status)) return status
    if (Date.now() > deadline) throw new Error(`status still ${JSON.stringify(status)} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function postFile(
  env: Pick<Env, 'client'>,
  tokens: TiktokTokenSet,
  filePath: string,
  size: number,
  privacy: TiktokPrivacyLevel = 'SELF_ONLY',
) {
  const init = await env.client.initDirectPost(tokens.accessToken, {
    postInfo: { title: 'int test #hookpost', privacyLevel: privacy },
    source: { kind: 'file', size },
  })
  if (!init.uploadUrl || !init.chunks) throw new Error('FILE_UPLOAD init without upload URL')
  await env.client.uploadFile({
    uploadUrl: init.uploadUrl,
    source: fileChunkSource(filePath),
    contentType: 'video/mp4',
    plan: init.chunks,
  })
  return init
}

let env: Env

beforeAll(async () => {
  env = await startEnv()
})

afterEach(async () => {
  await env.session.admin('DELETE', '/sandbox/admin/faults')
})

afterAll(async () => {
  await Promise.all(running.map((s) => s.close()))
  rmSync(workDir, { recursive: true, force: true })
})

describe('OAuth and user info', () => {
  it('exchanges a code and reads the user with the granted scopes', async () => {
    const before = Date.now()
    const { creator, username, tokens } = await connect(env)
    const after = Date.now()
    expect(tokens.openId).toBe(creator.open_id)
    expect(tokens.scopes.sort()).toEqual([...ALL_SCOPES].sort())
    expect(tokens.accessToken).not.toBe('')
    expect(tokens.refreshToken).not.toBe('')
    // The sandbox's default '2026' profile: 2 h / 180 d, read from expires_in / refresh_expires_in.
    expect(tokens.accessTokenExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 7_200_000 - 1_000)
    expect(tokens.accessTokenExpiresAt.getTime()).toBeLessThanOrEqual(after + 7_200_000)
    expect(tokens.refreshTokenExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 15_552_000_000 - 1_000)

    const user = await env.client.userInfo(tokens.accessToken, tokens.scopes)
    expect(user.openId).toBe(creator.open_id)
    expect(user.displayName).toBe(`Creator ${counter}`)
    expect(user.username).toBe(username)
    expect(typeof user.followerCount).toBe('number')
  })

  it('asks only for basic fields when only user.info.basic was granted', async () => {
    const { tokens } = await connect(env, { scopes: ['user.info.basic'] })
    expect(tokens.scopes).toEqual(['user.info.basic'])
    const user = await env.client.userInfo(tokens.accessToken, tokens.scopes)
    expect(user.displayName).toBeDefined()
    expect(user.username).toBeUndefined()
    expect(user.followerCount).toBeUndefined()
  })

  it('a bad or reused code → reauth_required (invalid_grant)', async () => {
    expectCode(await failure(env.client.exchangeCode('not-a-real-code')), 'invalid_grant')
    const { code } = await connect(env)
    expectCode(await failure(env.client.exchangeCode(code)), 'invalid_grant')
  })

  it("refresh rotates the refresh token; the old one is refused afterwards ('2026' profile)", async () => {
    const { tokens } = await connect(env)
    const refreshed = await env.client.refreshTokens(tokens.refreshToken)
    expect(refreshed.openId).toBe(tokens.openId)
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken)
    expect(refreshed.accessToken).not.toBe(tokens.accessToken)
    expect((await env.client.userInfo(refreshed.accessToken, refreshed.scopes)).openId).toBe(tokens.openId)

    expectCode(await failure(env.client.refreshTokens(tokens.refreshToken)), 'invalid_grant')
    // The newest one still works.
    const again = await env.client.refreshTokens(refreshed.refreshToken)
    expect(again.refreshToken).not.toBe(refreshed.refreshToken)
  })

  it("'classic' profile: 24 h / 365 d lifetimes come from the answer", async () => {
    const classic = await startEnv({ tokenProfile: 'classic' })
    const before = Date.now()
    const { tokens } = await connect(classic)
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeGreaterThanOrEqual(86_400_000 - 1_000)
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeLessThanOrEqual(86_400_000 + 5_000)
    expect(tokens.refreshTokenExpiresAt.getTime() - before).toBeGreaterThanOrEqual(31_536_000_000 - 1_000)
    const refreshed = await classic.client.refreshTokens(tokens.refreshToken)
    expect(refreshed.refreshToken).not.toBe('')
  })

  it('an expired access token → reauth_required; an expired refresh token → reauth_required', async () => {
    const { tokens } = await connect(env)
    const expired = await env.session.admin('POST', '/sandbox/admin/tokens/expire', {
      access_token: tokens.accessToken,
    })
    expect(expired.status).toBeLessThan(300)
    expectCode(await failure(env.client.userInfo(tokens.accessToken, tokens.scopes)), 'access_token_invalid')
    expectCode(await failure(env.client.creatorInfo(tokens.accessToken)), 'access_token_invalid')

    const refreshed = await env.client.refreshTokens(tokens.refreshToken)
    await env.client.userInfo(refreshed.accessToken, refreshed.scopes)
    await env.session.admin('POST', '/sandbox/admin/tokens/expire', { open_id: tokens.openId, include_refresh: true })
    expectCode(await failure(env.client.refreshTokens(refreshed.refreshToken)), 'invalid_grant')
  })

  it('a revoked authorization → reauth_required', async () => {
    const { tokens } = await connect(env)
    await env.client.revoke(tokens.accessToken)
    const error = await failure(env.client.userInfo(tokens.accessToken, tokens.scopes))
    expect(error.kind).toBe('reauth_required')
    expect((await failure(env.client.refreshTokens(tokens.refreshToken))).kind).toBe('reauth_required')
  })

  it('a missing scope → reauth_required (scope_not_authorized)', async () => {
    const { tokens } = await connect(env, { scopes: ['user.info.basic', 'video.list'] })
    expectCode(await failure(env.client.creatorInfo(tokens.accessToken)), 'scope_not_authorized')
  })
})

describe('posting errors', () => {
  it('a privacy level the creator does not offer → rejected (privacy_level_option_mismatch)', async () => {
    const { tokens } = await connect(env)
    const info = await env.client.creatorInfo(tokens.accessToken)
    expect(info.nickname).toBe(`Creator ${counter}`)
    expect(info.privacyLevelOptions).toContain('PUBLIC_TO_EVERYONE')
    expect(info.privacyLevelOptions).not.toContain('FOLLOWER_OF_CREATOR')
    const init = env.client.initDirectPost(tokens.accessToken, {
      postInfo: { privacyLevel: 'FOLLOWER_OF_CREATOR' },
      source: { kind: 'file', size: 4 * MB },
    })
    const error = await failure(init)
    expectCode(error, 'privacy_level_option_mismatch')
    expect(error.httpStatus).toBe(403)
    expect(error.logId).toBeTruthy()
  })

  it('an unaudited client posting to a public account → rejected', async () => {
    const { tokens } = await connect(env)
    await env.session.admin('PUT', '/sandbox/admin/faults', { unaudited: true })
    const init = env.client.initDirectPost(tokens.accessToken, {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size: 4 * MB },
    })
    expectCode(await failure(init), 'unaudited_client_can_only_post_to_private_accounts')
  })

  it('injected 5xx → transient; injected 429 → rate_limited with a retry delay', async () => {
    const { tokens } = await connect(env)
    await env.session.admin('PUT', '/sandbox/admin/faults', {
      server_error_rate: 1,
      paths: ['/v2/post/publish/creator_info/query/'],
    })
    const serverError = await failure(env.client.creatorInfo(tokens.accessToken))
    expect(serverError.kind).toBe('transient')
    expect(serverError.httpStatus).toBeGreaterThanOrEqual(500)
    // `paths` limits the fault: other endpoints still answer.
    expect((await env.client.userInfo(tokens.accessToken, tokens.scopes)).openId).toBe(tokens.openId)

    await env.session.admin('PUT', '/sandbox/admin/faults', { rate_limit_rate: 1 })
    const limited = await failure(env.client.fetchStatus(tokens.accessToken, 'v_pub_file~v2-1.1'))
    expectCode(limited, 'rate_limit_exceeded')
    expect(limited.httpStatus).toBe(429)
    expect(limited.retryAfterMs).toBeGreaterThan(0)
    expect(limited.retryAfterMs).toBeLessThanOrEqual(60_000)
  })

  it('an answer slower than timeoutMs → transient (timeout)', async () => {
    const { tokens } = await connect(env)
    const impatient = createTiktokClient({
      apiBase: env.sandbox.url,
      authBase: env.sandbox.url,
      clientKey: CLIENT_KEY,
      clientSecret: CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      timeoutMs: 150,
    })
    await env.session.admin('PUT', '/sandbox/admin/faults', { latency_ms: 1_000 })
    expectCode(await failure(impatient.creatorInfo(tokens.accessToken)), 'timeout')
  })

  it("an unknown publish id or another account's publish id → rejected", async () => {
    const { tokens } = await connect(env)
    expectCode(await failure(env.client.fetchStatus(tokens.accessToken, 'v_pub_file~v2-1.404')), 'invalid_publish_id')

    const other = await connect(env)
    const init = await env.client.initDirectPost(other.tokens.accessToken, {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size: 4 * MB },
    })
    const error = await failure(env.client.fetchStatus(tokens.accessToken, init.publishId))
    expectCode(error, 'token_not_authorized_for_specified_publish_id')
  })
})

describe('pacing and caps, with one fake clock for client and sandbox', () => {
  const clock = { time: Date.now(), sleeps: [] as number[] }
  let paced: Env

  beforeAll(async () => {
    paced = await startEnv(
      { now: () => clock.time },
      {
        now: () => clock.time,
        sleep: async (ms) => {
          clock.sleeps.push(ms)
          clock.time += ms
        },
      },
    )
  })

  const init = (tokens: TiktokTokenSet) =>
    paced.client.initDirectPost(tokens.accessToken, {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size: 4 * MB },
    })

  it('the 7th init within a minute waits until the window frees, and the sandbox then accepts it', async () => {
    const { tokens } = await connect(paced)
    clock.sleeps.length = 0
    const start = clock.time
    for (let i = 0; i < 6; i++) {
      await init(tokens)
      clock.time += 1_000
    }
    expect(clock.sleeps).toEqual([])

    // Proof the window is really full: the same request sent around the pacer gets TikTok's 429.
    const raw = await fetch(`${paced.sandbox.url}/v2/post/publish/video/init/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({
        post_info: { privacy_level: 'SELF_ONLY', brand_content_toggle: false },
        source_info: { source: 'FILE_UPLOAD', video_size: 4 * MB, chunk_size: 4 * MB, total_chunk_count: 1 },
      }),
    })
    expect(raw.status).toBe(429)
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded')

    const seventh = await init(tokens)
    expect(seventh.publishId).toBeTruthy()
    expect(clock.sleeps).toEqual([60_000 - 6_000])
    expect(clock.time).toBe(start + 60_000)

    // An 8th right away waits for the second slot (sent at start + 1 s).
    await init(tokens)
    expect(clock.time).toBe(start + 61_000)
  })

  /** creator_info requests made with the token around our client (another process using the same token). */
  async function elsewhere(tokens: TiktokTokenSet, count: number): Promise<number[]> {
    const statuses: number[] = []
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${paced.sandbox.url}/v2/post/publish/creator_info/query/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
      await res.body?.cancel()
      statuses.push(res.status)
    }
    return statuses
  }

  it('creator_info keeps 2 of its 20 a minute spare: two requests made elsewhere do not tip it over', async () => {
    const { tokens } = await connect(paced)
    clock.sleeps.length = 0
    expect(await elsewhere(tokens, 2)).toEqual([200, 200])
    for (let i = 0; i < 18; i++) await paced.client.creatorInfo(tokens.accessToken)
    // The 19th would need the window to move a whole minute: refused by our pacer, TikTok not asked.
    const refused = await failure(paced.client.creatorInfo(tokens.accessToken))
    expect(refused).toMatchObject({ kind: 'rate_limited', message: MESSAGES.tiktokRateLimited })
    expect(refused.httpStatus).toBeUndefined()
    expect(clock.sleeps).toEqual([])
    // TikTok's window really is full now.
    expect(await elsewhere(tokens, 1)).toEqual([429])
  })

  it("creator_info after TikTok's 429: one more try a moment later gets through once the window frees", async () => {
    const { tokens } = await connect(paced)
    expect(new Set(await elsewhere(tokens, 20))).toEqual(new Set([200]))
    clock.time += 59_000
    clock.sleeps.length = 0
    const info = await paced.client.creatorInfo(tokens.accessToken)
    expect(info.nickname).toMatch(/^Creator /)
    expect(clock.sleeps).toEqual([CREATOR_INFO_RETRY_DELAY_MS])
  })

  it('creator_info still refused after the retry: "too many requests, try again in a minute"', async () => {
    const { tokens } = await connect(paced)
    expect(new Set(await elsewhere(tokens, 20))).toEqual(new Set([200]))
    clock.time += 30_000
    const error = await failure(paced.client.creatorInfo(tokens.accessToken))
    expectCode(error, 'rate_limit_exceeded')
    expect(error.httpStatus).toBe(429)
    expect(error.message).toBe('TikTok says too many requests were made for this account. Try again in a minute.')
  })

  it("the creator's daily post cap → rejected (403 on init, 200 on creator_info)", async () => {
    const { tokens } = await connect(paced)
    for (let i = 0; i < 15; i++) await init(tokens)
    const error = await failure(init(tokens))
    expectCode(error, 'spam_risk_too_many_posts')
    expect(error.httpStatus).toBe(403)
    expect(error.message).toBe("TikTok's daily post limit for this account has been reached. Try again tomorrow.")

    const info = await failure(paced.client.creatorInfo(tokens.accessToken))
    expectCode(info, 'spam_risk_too_many_posts')
    expect(info.httpStatus).toBe(200)
  })

  it('an upload after the upload_url expired (1 h) → rejected, the link expired', async () => {
    const { tokens } = await connect(paced)
    const filePath = path.join(workDir, 'expired.mp4')
    await writeSparseMp4(filePath, 4 * MB)
    const created = await init(tokens)
    clock.time += 3_600_001
    const upload = paced.client.uploadFile({
      uploadUrl: created.uploadUrl ?? '',
      source: fileChunkSource(filePath),
      contentType: 'video/mp4',
      plan: created.chunks ?? { videoSize: 0, chunkSize: 0, totalChunkCount: 0, ranges: [] },
    })
    const error = await failure(upload)
    expectCode(error, 'upload_url_expired')
    expect(error.httpStatus).toBe(403)
  })
})

describe('uploads and the status lifecycle', () => {
  it('uploads 200 MB in 20 chunks streamed from disk, then reaches PUBLISH_COMPLETE with an exact post id', async () => {
    // The sandbox runs in its own process here, so the memory sampled below is the client's alone.
    const remote = await startSandboxProcess({
      clients: [{ clientKey: CLIENT_KEY, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] }],
      processingMs: 200,
      moderationMs: 100,
    })
    try {
      const remoteEnv = {
        session: sandboxSession(remote.url, CLIENT_SECRET),
        client: createTiktokClient({
          apiBase: remote.url,
          authBase: remote.url,
          clientKey: CLIENT_KEY,
          clientSecret: CLIENT_SECRET,
          redirectUri: REDIRECT_URI,
        }),
      }
      const { client } = remoteEnv
      const { tokens } = await connect(remoteEnv)

      // Warm-up (first fetch with a streamed body, fs streams, JIT) so it is not counted as growth.
      const warmPath = path.join(workDir, 'warm.mp4')
      await writeSparseMp4(warmPath, 8 * MB)
      await postFile(remoteEnv, tokens, warmPath, 8 * MB)

      const size = 200 * 1024 * 1024
      const filePath = path.join(workDir, 'big.mp4')
      await writeSparseMp4(filePath, size)
      const init = await client.initDirectPost(tokens.accessToken, {
        postInfo: { title: 'two hundred megabytes', privacyLevel: 'PUBLIC_TO_EVERYONE' },
        source: { kind: 'file', size },
      })
      expect(init.chunks?.totalChunkCount).toBe(20)
      if (!init.uploadUrl || !init.chunks) throw new Error('no upload URL')

      const base = process.memoryUsage()
      let peakRss = base.rss
      let peakBuffers = base.arrayBuffers
      const sampler = setInterval(() => {
        const usage = process.memoryUsage()
        peakRss = Math.max(peakRss, usage.rss)
        peakBuffers = Math.max(peakBuffers, usage.arrayBuffers)
      }, 20)
      const progress: number[] = []
      try {
        await client.uploadFile({
          uploadUrl: init.uploadUrl,
          source: fileChunkSource(filePath),
          contentType: 'video/mp4',
          plan: init.chunks,
          onProgress: (sent) => progress.push(sent),
        })
      } finally {
        clearInterval(sampler)
      }
      expect(progress.at(-1)).toBe(size)
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
      // Nowhere near the 200 MiB file: chunks go through a 1 MiB pool of reused buffers (measured: +2–6 MB RSS,
      // +1.2 MB arrayBuffers). Streaming through fetch instead leaves 50–100 MB of Buffer garbage and fails this.
      const rssGrowth = peakRss - base.rss
      const bufferGrowth = peakBuffers - base.arrayBuffers
      expect(rssGrowth, `rss grew ${rssGrowth} B`).toBeLessThan(32 * 1024 * 1024)
      expect(bufferGrowth, `arrayBuffers grew ${bufferGrowth} B`).toBeLessThan(16 * 1024 * 1024)

      const published = await pollStatus(
        client,
        tokens,
        init.publishId,
        (s) => s.status === 'FAILED' || s.publicPostIds.length > 0,
      )
      expect(published.status).toBe('PUBLISH_COMPLETE')
      expect(published.publicPostIds).toHaveLength(1)
      const [postId] = published.publicPostIds
      expect(postId).toMatch(/^\d{19}$/)

      const page = await client.listVideos(tokens.accessToken, { maxCount: 20 })
      expect(page.videos.map((v) => v.id)).toContain(postId)
      const queried = await client.queryVideos(tokens.accessToken, [postId ?? ''])
      expect(queried.map((v) => v.id)).toEqual([postId])
    } finally {
      await remote.close()
    }
  })

  it('a publish that fails in processing reaches FAILED with its reason', async () => {
    const filePath = path.join(workDir, 'small.mp4')
    await writeSparseMp4(filePath, 2 * MB)
    const { tokens } = await connect(env)
    await env.session.admin('PUT', '/sandbox/admin/faults', { fail_next_publish: 'spam_risk_text' })
    const init = await postFile(env, tokens, filePath, 2 * MB)
    const failed = await pollStatus(env.client, tokens, init.publishId, (s) => s.status !== 'PROCESSING_UPLOAD')
    expect(failed).toMatchObject({ status: 'FAILED', failReason: 'spam_risk_text', publicPostIds: [] })
    expect(describeTiktokCode(failed.failReason ?? '').kind).toBe('rejected')
  })

  it('a SELF_ONLY post completes without a public post id', async () => {
    const filePath = path.join(workDir, 'private.mp4')
    await writeSparseMp4(filePath, 3 * MB)
    const { tokens } = await connect(env)
    const init = await postFile(env, tokens, filePath, 3 * MB)
    const done = await pollStatus(env.client, tokens, init.publishId, (s) => s.status === 'PUBLISH_COMPLETE')
    expect(done.publicPostIds).toEqual([])
  })

  it('after a 416 the upload resumes from the offset the sandbox reports', async () => {
    const size = 70 * MB
    const filePath = path.join(workDir, 'resume.mp4')
    await writeSparseMp4(filePath, size)
    const { tokens } = await connect(env)
    const init = await env.client.initDirectPost(tokens.accessToken, {
      postInfo: { privacyLevel: 'SELF_ONLY' },
      source: { kind: 'file', size },
    })
    if (!init.uploadUrl || !init.chunks) throw new Error('no upload URL')
    // The first chunk arrives, but its 206 is "lost": the client starts again from byte 0.
    const first = init.chunks.ranges[0]
    if (!first) throw new Error('no chunks')
    const sent = await fetch(init.uploadUrl, {
      method: 'PUT',
      headers: {
        'content-type': 'video/mp4',
        'content-length': String(first.end + 1),
        'content-range': `bytes 0-${first.end}/${size}`,
      },
      body: Readable.toWeb(createReadStream(filePath, { start: 0, end: first.end })) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit)
    expect(sent.status).toBe(206)

    // A recording proxy in front of the sandbox's upload host shows what was sent and answered.
    const ranges: string[] = []
    const target = new URL(init.uploadUrl)
    const proxy = createServer((request, response) => {
      ranges.push(request.headers['content-range'] ?? '')
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
          agent: false,
        },
        (answer) => {
          ranges.push(`→ ${answer.statusCode} ${answer.headers['content-range'] ?? ''}`.trim())
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      // When the client hangs up mid-body (it does after an early 416), hang up on the sandbox too.
      response.on('close', () => {
        if (!forwarded.writableFinished) forwarded.destroy()
      })
      request.pipe(forwarded)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const proxied = new URL(init.uploadUrl)
    proxied.port = String((proxy.address() as AddressInfo).port)
    try {
      await env.client.uploadFile({
        uploadUrl: proxied.toString(),
        source: fileChunkSource(filePath),
        contentType: 'video/mp4',
        plan: init.chunks,
      })
    } finally {
      proxy.closeAllConnections()
      proxy.close()
    }
    expect(ranges[0]).toBe(`bytes 0-9999999/${size}`)
    expect(ranges[1]).toMatch(/^→ 416/)
    expect(ranges[2]).toBe(`bytes 10000000-19999999/${size}`)
    expect(ranges.at(-1)).toMatch(/^→ 201/)
    const done = await pollStatus(env.client, tokens, init.publishId, (s) => s.status !== 'PROCESSING_UPLOAD')
    expect(done.status).toBe('PUBLISH_COMPLETE')
  })
})
