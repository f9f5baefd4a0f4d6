import type { ApiError } from '@hookpost/shared/errors'
import { MESSAGES } from '@hookpost/shared/messages'
import { announcePlanRefusal, isPlanRefusalCode } from './plan-refusal'

/** The API answered with an error body `{ code, message }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiError['code'] | 'UNKNOWN',
    message: string,
    readonly details?: ApiError['details'],
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
}

/** The server could not be reached at all (offline, server down, proxy error page). */
export class NetworkError extends Error {
  constructor() {
    super(MESSAGES.connectionError)
    this.name = 'NetworkError'
  }
}

export function isConnectionProblem(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiRequestError && error.status >= 500)
}

/** What to show a person for an error: the server's message for 4xx, the spec's generic sentence otherwise. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  return MESSAGES.unexpected
}

/** Field errors the server reported (`details[].path` like `accountName` or `body.accountName`), first per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!(error instanceof ApiRequestError)) return out
  for (const detail of error.details ?? []) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop()
    if (field) out[field] ??= detail.message
  }
  return out
}

/** A file sent as the request body itself (its type as Content-Type), with any extra headers (its name). */
export interface RawBody {
  data: Blob
  contentType: string
  headers?: Record<string, string>
}

export async function apiRequest<T>(
  path: string,
  /** `keepalive`: the request outlives the page (a save sent while the page is being hidden or closed). */
  init: { method?: string; body?: unknown; raw?: RawBody; keepalive?: boolean } = {},
): Promise<T> {
  const { raw } = init
  let response: Response
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined && !raw ? 'GET' : 'POST'),
      credentials: 'same-origin',
      ...(init.keepalive ? { keepalive: true } : {}),
      headers: raw
        ? { ...raw.headers, 'content-type': raw.contentType, accept: 'application/json' }
        : init.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      ...(raw ? { body: raw.data } : init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  } catch {
    throw new NetworkError()
  }
  const text = await response.text()
  let payload: unknown = null
  if (text) {
    try {
      payload = JSON.parse(text)
    } catch {
      // A non-JSON answer (a proxy's error page, a gateway timeout): the server is not really there.
      throw response.ok ? new ApiRequestError(response.status, 'UNKNOWN', MESSAGES.unexpected) : new NetworkError()
    }
  }
  if (!response.ok) {
    const body = payload as Partial<ApiError> | null
    const error = new ApiRequestError(
      response.status,
      body?.code ?? 'UNKNOWN',
      typeof body?.message === 'string' ? body.message : MESSAGES.unexpected,
      body?.details,
    )
    // The plan refused it: the app offers "Choose a plan" wherever it happened (ADR 036).
    if (isPlanRefusalCode(error.code)) announcePlanRefusal({ code: error.code, message: error.message })
    throw error
  }
  return payload as T
}
