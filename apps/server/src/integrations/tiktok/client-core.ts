import type { z } from 'zod'
import { createPacer, type RateLimitedEndpoint } from './pacer'
import { readApiResponse, sendRequest, type RawResponse } from './request'

export interface TiktokClientOptions {
  /** `https://open.tiktokapis.com`, or the sandbox's URL. */
  apiBase: string
  /** `https://www.tiktok.com`, or the sandbox's URL. */
  authBase: string
  clientKey: string
  clientSecret: string
  redirectUri: string
  /** For the API and OAuth calls. Uploads stream over node:http(s) directly (see upload.ts). */
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Per request; for uploads, per chunk without progress. Default 30 s. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 30_000
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const trimSlash = (url: string) => url.replace(/\/+$/, '')

/** What the OAuth, posting and display calls share: the options, the transport and the pacer. */
export function createClientCore(options: TiktokClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const apiBase = trimSlash(options.apiBase)
  const authBase = trimSlash(options.authBase)
  const pacer = createPacer({ now, sleep })
  const noRateLimit = { retryAfterMs: () => 60_000 }

  /** tiktok-api.md §1.4: the bare media type (the `; charset=UTF-8` variant is reported rejected) and no-cache, as in the examples. */
  async function oauthPost(path: string, fields: Record<string, string>): Promise<RawResponse> {
    return sendRequest(
      fetchImpl,
      `${apiBase}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
        body: new URLSearchParams(fields).toString(),
      },
      timeoutMs,
    )
  }

  /** A v2 API call, paced per access token (tiktok-api.md §4.3) and read through the `{data, error}` envelope. */
  async function api<T extends z.ZodType>(call: {
    endpoint: RateLimitedEndpoint
    accessToken: string
    method: 'GET' | 'POST'
    path: string
    body?: unknown
    schema: T
    /** Someone waits for this answer: refuse rather than pace longer than this (see Pacer.acquire). */
    maxWaitMs?: number
  }): Promise<z.output<T>> {
    await pacer.acquire(call.endpoint, call.accessToken, { maxWaitMs: call.maxWaitMs })
    const raw = await sendRequest(
      fetchImpl,
      `${apiBase}${call.path}`,
      {
        method: call.method,
        headers: {
          Authorization: `Bearer ${call.accessToken}`,
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json; charset=UTF-8' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      },
      timeoutMs,
    )
    return readApiResponse(raw, call.schema, {
      retryAfterMs: () => pacer.retryAfterMs(call.endpoint, call.accessToken),
    })
  }

  return { options, fetchImpl, now, sleep, timeoutMs, apiBase, authBase, noRateLimit, oauthPost, api }
}

export type ClientCore = ReturnType<typeof createClientCore>
