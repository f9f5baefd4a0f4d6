import type { FastifyError, FastifyInstance } from 'fastify'
import { sendApiError } from '../http/envelope'
import { ApiError, MESSAGES } from '../http/errors'
import { injectFaults } from '../http/faults-hook'
import type { Sandbox } from '../sandbox'
import { registerDisplayRoutes } from './display'
import { registerPublishRoutes } from './publish'
import { registerUserInfoRoutes } from './user-info'

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
