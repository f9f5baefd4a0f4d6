import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { authenticate, requireScope, type Caller } from '../domain/tokens'
import { sendApiError } from '../http/envelope'
import { ApiError, MESSAGES } from '../http/errors'
import { injectFaults } from '../http/faults-hook'
import type { Sandbox } from '../sandbox'
import type { Scope } from '../state/schema'
import { registerDisplayRoutes } from './display'
import { registerPublishRoutes } from './publish'
import { registerUserInfoRoutes } from './user-info'

/** Per access token, per endpoint, one-minute sliding window (tiktok-api.md §4.3). */
export const RATE_LIMITS = {
  creatorInfo: 20,
  init: 6,
  statusFetch: 30,
  default: 600,
} as const

/** The v2 API (JSON envelope): user info, Content Posting, Display. */
export async function apiRoutes(scope: FastifyInstance, { sandbox }: { sandbox: Sandbox }): Promise<void> {
  scope.addHook('onRequest', async (request) => {
    const fault = await injectFaults(sandbox, request, true)
    if (fault === 'server_error') throw new ApiError(500, 'internal_error', MESSAGES.internal)
    if (fault === 'rate_limit') throw new ApiError(429, 'rate_limit_exceeded', MESSAGES.rateLimited)
  })

  scope.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendApiError(reply, sandbox, error.statusCode, error.code, error.message)
    const status = error.statusCode ?? 500
    if (status < 500) return sendApiError(reply, sandbox, 400, 'invalid_params', error.message)
    request.log.error(error)
    return sendApiError(reply, sandbox, 500, 'internal_error', MESSAGES.internal)
  })

  registerUserInfoRoutes(scope, sandbox)
  registerPublishRoutes(scope, sandbox)
  registerDisplayRoutes(scope, sandbox)
}

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
