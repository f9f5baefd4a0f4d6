import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'

/**
 * What to tell a person when a TikTok request failed. The server's message for a 4xx, and for a 503 too: that one
 * says TikTok (or the sandbox) is not answering, which is more useful than the generic sentence. Anything else (a
 * 500, an answer that does not match the contract) gets `fallback`.
 */
export function tiktokErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && (error.status < 500 || error.code === 'SERVICE_UNAVAILABLE')) {
    return error.message
  }
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return fallback
}
