import { TiktokError } from './errors'

/**
 * Per-access-token request budgets (tiktok-api.md §4.3, S7/S16/S17/S19). TikTok counts per user access token in a one-minute window
 * and answers 429 when it is exceeded; the architecture asks us to pace rather than fail, so a full window makes the
 * caller wait until its oldest request leaves the window.
 */
export const TIKTOK_RATE_LIMITS = {
  video_init: 6, // /v2/post/publish/video/init/ (S16)
  inbox_init: 6, // /v2/post/publish/inbox/video/init/ (S18)
  content_init: 6, // /v2/post/publish/content/init/ (S21)
  creator_info: 20, // /v2/post/publish/creator_info/query/ (S17)
  status_fetch: 30, // /v2/post/publish/status/fetch/ (S19)
  user_info: 600, // /v2/user/info/ (S7)
  video_list: 600, // /v2/video/list/ (S7)
  video_query: 600, // /v2/video/query/ (S7)
} as const

export type RateLimitedEndpoint = keyof typeof TIKTOK_RATE_LIMITS

export const RATE_WINDOW_MS = 60_000

/**
 * Requests we leave unused per window. creator_info is asked while a person waits (the schedule form), so a 429 there
 * reaches a person: we stay 2 below TikTok's 20 so that a request we send at the edge of our window but TikTok
 * receives a moment later, or one made with the same token by another of our processes, does not tip it over.
 */
export const PACING_MARGIN: Partial<Record<RateLimitedEndpoint, number>> = { creator_info: 2 }

/** How many requests to `endpoint` we send per token and window: TikTok's limit less our margin. */
export function pacingBudget(endpoint: RateLimitedEndpoint): number {
  return TIKTOK_RATE_LIMITS[endpoint] - (PACING_MARGIN[endpoint] ?? 0)
}

export interface Pacer {
  /**
   * Resolves once a request to `endpoint` with this token fits in the window, and counts it as sent. With
   * `maxWaitMs` (someone is waiting for the answer), a wait longer than that is refused at once with a `rate_limited`
   * TiktokError instead: TikTok would refuse the request until then anyway.
   */
  acquire(endpoint: RateLimitedEndpoint, accessToken: string, options?: { maxWaitMs?: number }): Promise<void>
  /**
   * After TikTok answered 429 anyway (other processes share the token's budget): how long until the oldest request we
   * sent in the window leaves it, i.e. when TikTok's window frees a slot at the earliest; a whole window if none.
   */
  retryAfterMs(endpoint: RateLimitedEndpoint, accessToken: string): number
}

export function createPacer(clock: { now: () => number; sleep: (ms: number) => Promise<void> }): Pacer {
  // endpoint + token → send times (ascending) within the last window. Memory only, per client instance.
  const windows = new Map<string, number[]>()

  const current = (key: string, now: number): number[] => {
    const sent = windows.get(key)
    if (!sent) return []
    while (sent.length > 0 && (sent[0] ?? 0) <= now - RATE_WINDOW_MS) sent.shift()
    if (sent.length === 0) windows.delete(key)
    return sent
  }

  const sweep = (now: number) => {
    for (const key of [...windows.keys()]) current(key, now)
  }

  const waitFor = (endpoint: RateLimitedEndpoint, key: string, now: number): number => {
    const sent = current(key, now)
    const budget = pacingBudget(endpoint)
    if (sent.length < budget) return 0
    const oldest = sent[sent.length - budget] ?? now
    return Math.max(1, oldest + RATE_WINDOW_MS - now)
  }

  return {
    async acquire(endpoint, accessToken, options = {}) {
      const key = `${endpoint} ${accessToken}`
      for (;;) {
        const now = clock.now()
        const wait = waitFor(endpoint, key, now)
        if (wait === 0) {
          if (windows.size > 10_000) sweep(now)
          const sent = windows.get(key) ?? []
          sent.push(now)
          windows.set(key, sent)
          return
        }
        if (options.maxWaitMs !== undefined && wait > options.maxWaitMs) {
          throw new TiktokError({ code: 'rate_limit_exceeded', retryAfterMs: wait })
        }
        await clock.sleep(wait)
      }
    },
    retryAfterMs(endpoint, accessToken) {
      const now = clock.now()
      const oldest = current(`${endpoint} ${accessToken}`, now)[0]
      return oldest === undefined ? RATE_WINDOW_MS : Math.max(1, oldest + RATE_WINDOW_MS - now)
    },
  }
}
