import type { ErrorCode } from '@hookpost/shared'

/**
 * The one domain error. Services throw it; the HTTP error handler turns it into `{ code, message, details? }` with the
 * status below. Messages are the spec's words, safe to show; never a provider body or a stack trace.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_TOKEN: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  PLAN_LIMIT: 402,
  TRIAL_ENDED: 402,
}
