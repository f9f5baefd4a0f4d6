import type { z } from 'zod'
import { describeTiktokCode, TiktokError } from './errors'
import { apiEnvelopeSchema, oauthErrorSchema, protectLargeIntegers } from './responses'

/** A finished HTTP exchange: the body is read as text so numbers can be protected before JSON parsing. */
export interface RawResponse {
  status: number
  text: string
}

/** One request with a deadline covering the answer and its body; network failures and timeouts are `transient`. */
export async function sendRequest(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetchImpl(url, { ...init, signal: timeout })
    const text = await response.text()
    return { status: response.status, text }
  } catch (error) {
    if (timeout.aborted) throw new TiktokError({ code: 'timeout', cause: error })
    throw new TiktokError({ code: 'network_error', cause: error })
  }
}

/** Parsed JSON (with large integers protected), or `undefined` when the body is empty or not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(protectLargeIntegers(text)) as unknown
  } catch {
    return undefined
  }
}

interface ErrorContext {
  /** Called only for `rate_limited` failures: how long the caller should wait. */
  retryAfterMs: () => number
}

function codedError(code: string, raw: RawResponse, context: ErrorContext, logId?: string, providerMessage?: string) {
  const { kind } = describeTiktokCode(code, raw.status)
  return new TiktokError({
    code,
    httpStatus: raw.status,
    ...(logId ? { logId } : {}),
    ...(providerMessage ? { providerMessage } : {}),
    ...(kind === 'rate_limited' ? { retryAfterMs: context.retryAfterMs() } : {}),
  })
}

/** No error body we can read: classify by HTTP status (429 → rate limited, 5xx → transient, else an answer we can't use). */
function statusError(raw: RawResponse, context: ErrorContext, cause?: unknown): TiktokError {
  if (raw.status === 429) return codedError('rate_limit_exceeded', raw, context)
  if (raw.status >= 500) return codedError(`http_${raw.status}`, raw, context)
  return new TiktokError({ code: 'invalid_response', httpStatus: raw.status, cause })
}

const ok = (status: number) => status >= 200 && status < 300

/**
 * Either error shape, whichever endpoint answered: TikTok documents the flat OAuth shape for /v2/oauth/* and the
 * envelope elsewhere, but keying on the body rather than the URL costs nothing and survives a mix-up.
 */
function bodyError(json: unknown, raw: RawResponse, context: ErrorContext): TiktokError | undefined {
  const envelope = apiEnvelopeSchema.safeParse(json)
  if (envelope.success) {
    const { code, log_id, message } = envelope.data.error
    // Classified by `error.code`, not HTTP status: e.g. access_token_invalid has been seen with 200 (tiktok-api.md §4.1).
    if (code !== 'ok') return codedError(code, raw, context, log_id, message)
    return ok(raw.status) ? undefined : statusError(raw, context)
  }
  const oauth = oauthErrorSchema.safeParse(json)
  if (oauth.success) return codedError(oauth.data.error, raw, context, oauth.data.log_id, oauth.data.error_description)
  return undefined
}

/** A v2 API answer: `{ data, error }` with `error.code === "ok"`, `data` validated by `schema`. */
export function readApiResponse<T extends z.ZodType>(raw: RawResponse, schema: T, context: ErrorContext): z.output<T> {
  const json = parseJson(raw.text)
  if (json === undefined) throw statusError(raw, context)
  const failure = bodyError(json, raw, context)
  if (failure) throw failure
  const envelope = apiEnvelopeSchema.safeParse(json)
  if (!envelope.success) throw statusError(raw, context, envelope.error)
  const data = schema.safeParse(envelope.data.data)
  if (!data.success) throw new TiktokError({ code: 'invalid_response', httpStatus: raw.status, cause: data.error })
  return data.data
}

/** An OAuth answer: flat JSON validated by `schema`. */
export function readOAuthResponse<T extends z.ZodType>(
  raw: RawResponse,
  schema: T,
  context: ErrorContext,
): z.output<T> {
  const json = parseJson(raw.text)
  if (json === undefined) throw statusError(raw, context)
  const failure = bodyError(json, raw, context)
  if (failure) throw failure
  if (!ok(raw.status)) throw statusError(raw, context)
  const data = schema.safeParse(json)
  if (!data.success) throw new TiktokError({ code: 'invalid_response', httpStatus: raw.status, cause: data.error })
  return data.data
}

/** An OAuth answer whose success has no content (revoke: empty body or `{}`, tiktok-api.md §1.6). */
export function readEmptyOAuthResponse(raw: RawResponse, context: ErrorContext): void {
  const json = parseJson(raw.text)
  if (json !== undefined) {
    const failure = bodyError(json, raw, context)
    if (failure) throw failure
  } else if (raw.text.trim() !== '') {
    throw statusError(raw, context)
  }
  if (!ok(raw.status)) throw statusError(raw, context)
}
