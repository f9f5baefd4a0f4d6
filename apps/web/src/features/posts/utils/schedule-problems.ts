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

/** How far from 9:16 a video may be before TikTok shows bars around it (a 1080×1918 file is vertical enough). */
const PORTRAIT_TOLERANCE = 0.02

/**
 * A video that is not 9:16 still posts, but TikTok plays it with black bars (issue 30 item 9: a landscape file was
 * scheduled without a word). Said before scheduling, with the way to make it fill the screen.
 */
export function letterboxNotice(media: { width: number; height: number } | null): string | null {
  if (!media || media.width <= 0 || media.height <= 0) return null
  const ratio = media.width / media.height
  if (Math.abs(ratio / (9 / 16) - 1) <= PORTRAIT_TOLERANCE) return null
  const shape = ratio > 1 ? 'landscape' : ratio === 1 ? 'square' : 'not 9:16'
  return (
    `This video is ${media.width}×${media.height} (${shape}): TikTok will show it with black bars. ` +
    'To fill the screen, make it in Create Videos, which fits it to 9:16.'
  )
}
