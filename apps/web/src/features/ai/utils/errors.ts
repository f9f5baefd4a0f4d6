import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'

/** A refused request says why (the server's words); a failure says `fallback` (the spec's words). */
export function aiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.status !== 401) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return fallback
}

/** The spec's failure message, then why the configured model gave nothing (when the server says), as one text. */
export function withReason(message: string, reason: string | undefined): string {
  if (!reason) return message
  return `${message}${/[.!?]$/.test(message) ? '' : '.'} ${reason}`
}
