/** Public options of the sandbox (re-exported from index.ts) and their resolution into one config object. */

export interface SandboxClientApp {
  clientKey: string
  clientSecret: string
  redirectUris: string[]
  /** Unaudited clients may only post SELF_ONLY to private accounts (tiktok-api.md §3.2, §4.4). Default true. */
  audited?: boolean
  /** Shown on the authorize page; defaults to the client key. */
  name?: string
  /**
   * Where webhook events go (tiktok-api.md §3.8), signed with the client secret. The initial value: set at start when
   * the state has none; the admin API changes it. Default none.
   */
  webhookUrl?: string
}

export type TokenProfile = 'classic' | '2026'

export interface SandboxOptions {
  clients: SandboxClientApp[]
  /**
   * Base URL browsers and API clients use to reach the sandbox (no trailing slash); upload_url, avatar and media URLs
   * are built on it. If omitted in startSandbox, derived from the bound address (http://127.0.0.1:<port>).
   */
  publicUrl?: string
  /**
   * Folder for persisted state (state.json, written atomically) and uploaded videos (files/). Absent → a temp dir
   * removed on close. State survives a restart with the same dataDir.
   */
  dataDir?: string
  /** Default '2026': 7200 s / 15552000 s with strict rotation. 'classic': 86400 / 31536000, refresh token reusable. */
  tokenProfile?: TokenProfile
  accessTokenTtlSec?: number
  refreshTokenTtlSec?: number
  /** Time from the final chunk (201) to PUBLISH_COMPLETE. Default 3000. */
  processingMs?: number
  /** Extra delay before publicaly_available_post_id appears for non-SELF_ONLY posts. Default 2000. */
  moderationMs?: number
  /** Direct posts per creator per rolling 24 h. Default 15 (tiktok-api.md §4.4). */
  dailyPostCap?: number
  /** upload_url validity. Default 1 h (tiktok-api.md §3.2). */
  uploadUrlTtlMs?: number
  /**
   * A chunk PUT whose connection is silent this long is dropped, like a server drops a client that vanished without
   * closing its connection (power loss): its bytes are not counted and the chunk can be sent again. TikTok's value is
   * not documented. Default 60 s.
   */
  uploadIdleTimeoutMs?: number
  /** If given, uploaded videos are probed for duration, frame rate and picture size (tiktok-api.md §3.9). */
  ffprobePath?: string
  /**
   * URL prefixes verified for every client (the app's "URL properties", tiktok-api.md §3.6): the initial set, added
   * again at each start when missing; more domains and prefixes are managed through the admin API. Default none.
   */
  allowedPullPrefixes?: string[]
  /**
   * How long a PULL_FROM_URL task (a video, or all images of a photo post) may take before it fails with
   * video_pull_failed / photo_pull_failed. Default 1 h (tiktok-api.md §3.6); tests set a short one.
   */
  pullTimeoutMs?: number
  /** Time between webhook sweeps (tiktok-api.md §3.8 events). Default 1000. */
  webhookIntervalMs?: number
  /** First retry delay of a failed webhook delivery; doubled for each of the 3 retries. Default 1000. */
  webhookRetryMs?: number
  /** Clock in ms. */
  now?: () => number
  /** Random source in [0, 1) for fault injection. */
  random?: () => number
  logger?: boolean
}

export interface ResolvedConfig {
  clients: Map<string, Required<SandboxClientApp>>
  tokenProfile: TokenProfile
  accessTokenTtlSec: number
  refreshTokenTtlSec: number
  /** '2026' rotates refresh tokens (the old one stops working); 'classic' returns the same one. */
  rotateRefreshTokens: boolean
  processingMs: number
  moderationMs: number
  dailyPostCap: number
  uploadUrlTtlMs: number
  uploadIdleTimeoutMs: number
  ffprobePath: string | undefined
  allowedPullPrefixes: string[]
  pullTimeoutMs: number
  webhookIntervalMs: number
  webhookRetryMs: number
  now: () => number
  random: () => number
  logger: boolean
}

const PROFILES: Record<TokenProfile, { access: number; refresh: number; rotate: boolean }> = {
  // tiktok-api.md §1.5: classic docs (24 h / 365 d, "may be different"), 2026 docs (2 h / 180 d, rotated).
  classic: { access: 86_400, refresh: 31_536_000, rotate: false },
  '2026': { access: 7_200, refresh: 15_552_000, rotate: true },
}

/** Throws on a configuration TikTok itself would refuse, so a bad setup fails at start, not on the first login. */
export function resolveConfig(options: SandboxOptions): ResolvedConfig {
  if (options.clients.length === 0) throw new Error('TikTok sandbox: at least one client is required')
  const clients = new Map<string, Required<SandboxClientApp>>()
  for (const client of options.clients) {
    if (!client.clientKey || !client.clientSecret)
      throw new Error('TikTok sandbox: clientKey and clientSecret are required')
    if (clients.has(client.clientKey)) throw new Error(`TikTok sandbox: duplicate client key ${client.clientKey}`)
    for (const uri of client.redirectUris) {
      const problem = redirectUriProblem(uri)
      if (problem) throw new Error(`TikTok sandbox: redirect URI ${uri} of ${client.clientKey}: ${problem}`)
    }
    clients.set(client.clientKey, {
      clientKey: client.clientKey,
      clientSecret: client.clientSecret,
      redirectUris: [...client.redirectUris],
      audited: client.audited ?? true,
      name: client.name ?? client.clientKey,
      webhookUrl: client.webhookUrl ?? '',
    })
  }
  const profileName = options.tokenProfile ?? '2026'
  const profile = PROFILES[profileName]
  return {
    clients,
    tokenProfile: profileName,
    accessTokenTtlSec: positive(options.accessTokenTtlSec, profile.access, 'accessTokenTtlSec'),
    refreshTokenTtlSec: positive(options.refreshTokenTtlSec, profile.refresh, 'refreshTokenTtlSec'),
    rotateRefreshTokens: profile.rotate,
    processingMs: nonNegative(options.processingMs, 3000, 'processingMs'),
    moderationMs: nonNegative(options.moderationMs, 2000, 'moderationMs'),
    dailyPostCap: nonNegative(options.dailyPostCap, 15, 'dailyPostCap'),
    uploadUrlTtlMs: positive(options.uploadUrlTtlMs, 3_600_000, 'uploadUrlTtlMs'),
    uploadIdleTimeoutMs: positive(options.uploadIdleTimeoutMs, 60_000, 'uploadIdleTimeoutMs'),
    ffprobePath: options.ffprobePath || undefined,
    allowedPullPrefixes: options.allowedPullPrefixes ?? [],
    pullTimeoutMs: positive(options.pullTimeoutMs, 3_600_000, 'pullTimeoutMs'),
    webhookIntervalMs: positive(options.webhookIntervalMs, 1000, 'webhookIntervalMs'),
    webhookRetryMs: positive(options.webhookRetryMs, 1000, 'webhookRetryMs'),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    logger: options.logger ?? false,
  }
}

/**
 * tiktok-api.md §1.1: absolute, https, no query, no fragment, < 512 chars. The sandbox runs locally, so http is also
 * accepted for localhost / 127.0.0.1 (the desktop rule of S2).
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length >= 512) return 'must be shorter than 512 characters'
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'must be an absolute URL'
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return 'must use https (http only for localhost / 127.0.0.1)'
  }
  if (url.search || uri.includes('?')) return 'must not have query parameters'
  if (url.hash || uri.includes('#')) return 'must not have a fragment'
  return undefined
}

function positive(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback
  if (!Number.isFinite(v) || v <= 0) throw new Error(`TikTok sandbox: ${name} must be a positive number`)
  return v
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback
  if (!Number.isFinite(v) || v < 0) throw new Error(`TikTok sandbox: ${name} must be zero or more`)
  return v
}
