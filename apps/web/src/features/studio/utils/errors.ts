import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'

/** A refused request says why (the server's words, e.g. the saved-hooks cap); anything else is the spec's `fallback`. */
export function studioErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.status !== 401) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return fallback
}
