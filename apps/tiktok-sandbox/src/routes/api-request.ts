import type { FastifyRequest } from 'fastify'
import { authenticate, requireScope, type Caller } from '../domain/tokens'
import { ApiError, MESSAGES } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { Scope } from '../state/schema'

// What every v2 API endpoint (user-info.ts, publish.ts, display.ts) does with a request before its own work.

/** Per access token, per endpoint, one-minute sliding window (tiktok-api.md §4.3). */
export const RATE_LIMITS = {
  creatorInfo: 20,
  init: 6,
  statusFetch: 30,
  default: 600,
} as const

/** Authenticates, applies the endpoint's rate limit, then checks the scope: 401 → 429 → 401 scope. */
export function guard(sandbox: Sandbox, request: FastifyRequest, options: { limit: number; scopes?: Scope[] }): Caller {
  const caller = authenticate(sandbox, request.headers.authorization)
  const endpoint = request.routeOptions.url ?? request.url
  if (!sandbox.limiter.take(`${caller.token.token} ${endpoint}`, options.limit, sandbox.now())) {
    throw new ApiError(429, 'rate_limit_exceeded', MESSAGES.rateLimited)
  }
  if (options.scopes) requireScope(caller, ...options.scopes)
  return caller
}

/** The comma-separated `fields` query parameter; 400 invalid_params when absent or naming an unknown field. */
export function requestedFields<F extends string>(request: FastifyRequest, known: readonly F[]): F[] {
  const raw = (request.query as Record<string, unknown>).fields
  const text = typeof raw === 'string' ? raw : ''
  const names = [
    ...new Set(
      text
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  ]
  if (names.length === 0)
    throw new ApiError(400, 'invalid_params', 'Fields is required, please provide fields in the request')
  const unknown = names.filter((n) => !(known as readonly string[]).includes(n))
  if (unknown.length > 0) throw new ApiError(400, 'invalid_params', `Invalid fields: ${unknown.join(',')}`)
  return names as F[]
}

/** A JSON object body (an empty body counts as `{}`), else 400 invalid_params. */
export function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_params', 'The request body must be a JSON object')
  }
  return body as Record<string, unknown>
}
