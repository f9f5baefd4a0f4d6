import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildSandboxApp, sandboxOf } from '../app'
import type { SandboxOptions } from '../options'
import type { Sandbox } from '../sandbox'
import type { Scope } from '../state/schema'

/** Shared test helpers: a sandbox on a controllable clock, and the OAuth dance done the way a browser would. */

export const CLIENT_KEY = 'test-app'
export const CLIENT_SECRET = 'test-secret-0123456789'
export const REDIRECT_URI = 'https://app.example/auth/tiktok/callback'
export const LOCAL_REDIRECT_URI = 'http://localhost:3000/auth/tiktok/callback'
export const ADMIN = { 'x-sandbox-admin-key': CLIENT_SECRET }
export const ALL_SCOPES: Scope[] = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
  'video.publish',
  'video.upload',
]

export class TestClock {
  constructor(public t = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  now = (): number => this.t
  advance(ms: number): void {
    this.t += ms
  }
}

export interface TestSandbox {
  app: FastifyInstance
  sandbox: Sandbox
  clock: TestClock
  close(): Promise<void>
}

export function testClient(
  overrides: Partial<SandboxOptions['clients'][number]> = {},
): SandboxOptions['clients'][number] {
  return {
    clientKey: CLIENT_KEY,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI, LOCAL_REDIRECT_URI],
    ...overrides,
  }
}

export async function makeSandbox(
  options: Partial<SandboxOptions> = {},
  clock = new TestClock(),
): Promise<TestSandbox> {
  const app = await buildSandboxApp({
    clients: [testClient()],
    publicUrl: 'http://sandbox.test',
    now: clock.now,
    ...options,
  })
  return { app, sandbox: sandboxOf(app), clock, close: () => app.close() }
}

export function form(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) if (v !== undefined) params.set(k, v)
  return params.toString()
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

export async function createCreator(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
): Promise<{ open_id: string; username: string; display_name: string }> {
  const username = (body.username as string | undefined) ?? `creator_${Math.random().toString(36).slice(2, 10)}`
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/admin/creators',
    headers: ADMIN,
    payload: { ...body, username },
  })
  if (res.statusCode !== 201) throw new Error(`create creator: ${res.statusCode} ${res.body}`)
  return (res.json() as { creator: { open_id: string; username: string; display_name: string } }).creator
}

export interface AuthorizeInput {
  openId: string
  scopes?: Scope[]
  redirectUri?: string
  state?: string
  clientKey?: string
  codeChallenge?: string
  extra?: Record<string, string>
}

/** POSTs the authorize form like the Authorize button does; returns the callback URL. */
export async function submitAuthorize(app: FastifyInstance, input: AuthorizeInput): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v2/auth/authorize/',
    headers: FORM,
    payload: form({
      client_key: input.clientKey ?? CLIENT_KEY,
      scope: (input.scopes ?? ALL_SCOPES).join(','),
      redirect_uri: input.redirectUri ?? REDIRECT_URI,
      state: input.state ?? 'state-123',
      response_type: 'code',
      code_challenge: input.codeChallenge,
      code_challenge_method: input.codeChallenge ? 'S256' : undefined,
      creator: input.openId,
      decision: 'allow',
      ...input.extra,
    }),
  })
}

export async function authorizationCode(app: FastifyInstance, input: AuthorizeInput): Promise<string> {
  const res = await submitAuthorize(app, input)
  if (res.statusCode !== 302) throw new Error(`authorize: ${res.statusCode} ${res.body.slice(0, 500)}`)
  const code = new URL(String(res.headers.location)).searchParams.get('code')
  if (!code) throw new Error(`no code in ${String(res.headers.location)}`)
  return code
}

export async function tokenRequest(app: FastifyInstance, values: Record<string, string | undefined>) {
  return app.inject({
    method: 'POST',
    url: '/v2/oauth/token/',
    headers: FORM,
    payload: form({ client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, ...values }),
  })
}

export interface Connected {
  openId: string
  accessToken: string
  refreshToken: string
}

/** Creates a creator (admin API), authorizes it and exchanges the code. */
export async function connect(
  app: FastifyInstance,
  creator: Record<string, unknown> = {},
  scopes: Scope[] = ALL_SCOPES,
): Promise<Connected> {
  const { open_id: openId } = await createCreator(app, creator)
  const code = await authorizationCode(app, { openId, scopes })
  const res = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`)
  const body = res.json() as { access_token: string; refresh_token: string }
  return { openId, accessToken: body.access_token, refreshToken: body.refresh_token }
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

export async function apiPost(app: FastifyInstance, url: string, token: string, payload: unknown = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': 'application/json; charset=UTF-8' },
    payload: JSON.stringify(payload),
  })
}

export function postInfo(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'A sandbox post #test',
    privacy_level: 'PUBLIC_TO_EVERYONE',
    brand_content_toggle: false,
    ...overrides,
  }
}

export function fileSource(videoSize: number, chunkSize = videoSize, totalChunkCount = 1): Record<string, unknown> {
  return { source: 'FILE_UPLOAD', video_size: videoSize, chunk_size: chunkSize, total_chunk_count: totalChunkCount }
}

export async function init(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return apiPost(app, '/v2/post/publish/video/init/', token, body)
}

/** A buffer that passes the MP4 magic-byte check (`ftyp` at offset 4). */
export function mp4Bytes(size: number): Buffer {
  const buf = Buffer.alloc(size, 7)
  buf.writeUInt32BE(24, 0)
  buf.write('ftypisom', 4, 'latin1')
  return buf
}

/** Inits a single-chunk FILE_UPLOAD and PUTs the bytes (through inject); returns the publish id. */
export async function postVideo(
  app: FastifyInstance,
  token: string,
  options: { bytes?: Buffer; post?: Record<string, unknown> } = {},
): Promise<string> {
  const bytes = options.bytes ?? mp4Bytes(2048)
  const res = await init(app, token, { post_info: postInfo(options.post), source_info: fileSource(bytes.length) })
  if (res.statusCode !== 200) throw new Error(`init: ${res.statusCode} ${res.body}`)
  const data = (res.json() as { data: { publish_id: string; upload_url: string } }).data
  const url = new URL(data.upload_url)
  const put = await app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    payload: bytes,
  })
  if (put.statusCode !== 201) throw new Error(`put: ${put.statusCode} ${put.body}`)
  return data.publish_id
}

export async function fetchStatus(app: FastifyInstance, token: string, publishId: string) {
  return apiPost(app, '/v2/post/publish/status/fetch/', token, { publish_id: publishId })
}

export function errorCode(res: LightMyRequestResponse): string {
  return (res.json() as { error: { code: string } }).error.code
}

/** A content/init body for a photo post (tiktok-api.md §3.10); `post` and `source` override single fields. */
export function photoBody(
  images: string[],
  options: {
    mode?: 'DIRECT_POST' | 'MEDIA_UPLOAD'
    post?: Record<string, unknown>
    source?: Record<string, unknown>
  } = {},
): Record<string, unknown> {
  return {
    media_type: 'PHOTO',
    post_mode: options.mode ?? 'DIRECT_POST',
    post_info: {
      title: 'Three hooks that work',
      description: 'Swipe for all three #hooks',
      privacy_level: 'PUBLIC_TO_EVERYONE',
      brand_content_toggle: false,
      ...options.post,
    },
    source_info: { source: 'PULL_FROM_URL', photo_images: images, photo_cover_index: 0, ...options.source },
  }
}

export async function photoInit(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return apiPost(app, '/v2/post/publish/content/init/', token, body)
}

/** The admin view of a publish (internal record + computed status). */
export async function adminPublish(app: FastifyInstance, publishId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/sandbox/admin/publishes/${encodeURIComponent(publishId)}`,
    headers: ADMIN,
  })
  return res.json().publish as Record<string, unknown> & { status: string; pullState: string | null }
}

/** Inits an inbox video (FILE_UPLOAD, tiktok-api.md §3.3) and PUTs its bytes; returns the publish id. */
export async function uploadInboxVideo(app: FastifyInstance, token: string, bytes = mp4Bytes(2048)): Promise<string> {
  const res = await apiPost(app, '/v2/post/publish/inbox/video/init/', token, { source_info: fileSource(bytes.length) })
  if (res.statusCode !== 200) throw new Error(`inbox init: ${res.statusCode} ${res.body}`)
  const data = (res.json() as { data: { publish_id: string; upload_url: string } }).data
  const url = new URL(data.upload_url)
  const put = await app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    payload: bytes,
  })
  if (put.statusCode !== 201) throw new Error(`put: ${put.statusCode} ${put.body}`)
  return data.publish_id
}

/** Presses "Post" or "Discard" on the creator page's inbox form (a plain form POST). */
export async function pressInboxButton(
  app: FastifyInstance,
  username: string,
  publishId: string,
  action: 'post' | 'discard',
) {
  return app.inject({
    method: 'POST',
    url: `/creators/${encodeURIComponent(username)}/inbox/${encodeURIComponent(publishId)}`,
    headers: FORM,
    payload: form({ action }),
  })
}
