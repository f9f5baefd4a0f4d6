import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatorInfo } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { ApiRequestError, NetworkError, userMessage } from '../../../lib/api-client'
import { formatDuration } from '../../../lib/format'
import { FIELD_OF, type ScheduleErrors } from './schedule-form'

/** Why an account cannot receive posts before asking TikTok (the server's words for the same case, 409). */
export function accountProblem(account: Pick<TiktokAccount, 'status' | 'accountUsername'>): string | null {
  switch (account.status) {
    case 'active':
      return null
    case 'not_connected':
      return `@${account.accountUsername} is not connected to TikTok yet. Connect it under Profile & Accounts to post to it.`
    case 'reconnect_required':
      return `${MESSAGES.reconnectRequired}: @${account.accountUsername} must be connected to TikTok again.`
  }
}

export function creatorErrorMessage(error: unknown): string {
  // 409: the account must be reconnected; 503: TikTok (or the sandbox) is not answering. Both say so themselves.
  if (error instanceof ApiRequestError && (error.status < 500 || error.code === 'SERVICE_UNAVAILABLE')) {
    return error.message
  }
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.unexpected
}

/** What to say when scheduling (one video or a batch) was refused or failed. */
export function scheduleErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return userMessage(error)
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return MESSAGES.scheduleFailed
}

/** Field errors the server reported (`details[].path` like `title` or `body.title`), first per field. */
export function serverFieldErrors(error: unknown): ScheduleErrors {
  const out: ScheduleErrors = {}
  if (!(error instanceof ApiRequestError)) return out
  for (const detail of error.details ?? []) {
    const name = detail.path.split(/[./]/).filter(Boolean).pop()
    const field = name ? FIELD_OF[name] : undefined
    if (field) out[field] ??= detail.message
  }
  return out
}

/** TikTok rule 1c: a video longer than this creator may post is stopped before anything is sent. */
export function videoTooLongMessage(durationMs: number | undefined, creator: CreatorInfo | undefined): string | null {
  if (durationMs === undefined || !creator || creator.cannotPostReason) return null
  const maxMs = creator.maxVideoPostDurationSec * 1000
  return durationMs > maxMs
    ? `This video is ${formatDuration(durationMs)} long; ${creator.nickname} can post videos up to ` +
        `${formatDuration(maxMs)} long. Please choose a shorter video.`
    : null
}
