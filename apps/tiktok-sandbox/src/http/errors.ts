/** An error of the v2 API: answered as `{"data":{},"error":{"code","message","log_id"}}` (tiktok-api.md §4.1). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** An OAuth error: flat `{"error","error_description","log_id"}` (tiktok-api.md §1.4, §1.7). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode = 400,
  ) {
    super(description)
    this.name = 'OAuthError'
  }
}

/** An error of the sandbox's own admin API: `{"error":{"code","message"}}`. */
export class AdminError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'AdminError'
  }
}

export const MESSAGES = {
  accessTokenInvalid: 'The access token is invalid or not found in the request.',
  rateLimited: 'The API rate limit was exceeded. Please try again later.',
  internal: 'Something went wrong. Please try again later.',
} as const
