import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { MESSAGES, type ApiError, type ErrorCode } from '@hookpost/shared'
import { AppError, STATUS_BY_CODE } from '../lib/errors'

function body(code: ErrorCode, message: string, details?: ApiError['details']): ApiError {
  return details ? { code, message, details } : { code, message }
}

/** The one place errors become HTTP responses (style.md rule 6). Nothing internal reaches the browser. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(STATUS_BY_CODE[err.code]).send(body(err.code, err.message, err.details))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }))
      return reply.status(400).send(body('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details))
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema')
      return reply.status(500).send(body('INTERNAL', MESSAGES.unexpected))
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('BAD_REQUEST', MESSAGES.malformedJson))
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge))
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'))
    }
    if (err.statusCode === 429) return reply.status(429).send(body('RATE_LIMITED', MESSAGES.tooManyRequests))
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(body('BAD_REQUEST', err.message))
    }
    request.log.error({ err }, 'unhandled error')
    return reply.status(500).send(body('INTERNAL', MESSAGES.unexpected))
  })
}
