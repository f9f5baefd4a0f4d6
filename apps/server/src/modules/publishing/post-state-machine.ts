import { MESSAGES, type PostState } from '@hookpost/shared'
import { describeTiktokCode, isTiktokError, type TiktokPublishStatus } from '../../integrations/tiktok'
import { AppError } from '../../lib/errors'

/**
 * The post state machine's decisions, as pure functions (docs/architecture.md "The post state machine"):
 *
 *   scheduled → publishing → processing_on_tiktok → uploaded | failed | unconfirmed
 *   a draft (post mode `inbox`):  … → processing_on_tiktok → sent_to_inbox → uploaded | failed | unconfirmed
 *
 * A draft in the creator's inbox (`sent_to_inbox`) is TikTok's and the creator's now: it is never edited, moved or sent
 * again from Hookpost; it is polled slowly (drafts may wait a day) until the creator posts it (PUBLISH_COMPLETE), it
 * fails (discarded or expired: TikTok documents no reason of its own for that) or `inboxDeadlineMs` passes.
 *
 * The one rule everything here serves: a post reaches TikTok at most once. Before TikTok accepted the init, a failure
 * TikTok certainly did not accept may be retried (back to `scheduled`); once it may have accepted it, nothing is ever
 * sent again — the post is polled to its end, or ends `unconfirmed` and the person is told to check TikTok.
 */

/** States in which the publisher owns the post: it must not be moved or deleted. */
export const IN_FLIGHT_STATES = ['publishing', 'processing_on_tiktok', 'sent_to_inbox'] as const

export interface PublishingSettings {
  /** Claims of one post before a failure that keeps coming back is final. */
  maxAttempts: number
  /** Retry back-off before TikTok accepted the init: `retryBaseMs × 2^(attempt − 1)`, at most `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** Status polling back-off after the upload: `pollBaseMs × 2^round`, at most `pollMaxMs`. */
  pollBaseMs: number
  pollMaxMs: number
  /** How long TikTok may take to say "published" or "failed" before the post is `unconfirmed`. */
  unconfirmedAfterMs: number
  /** The same for a photo post, whose images TikTok may take up to an hour to pull (tiktok-api.md §3.6). */
  photoUnconfirmedAfterMs: number
  /**
   * A draft in the creator's inbox is asked about first after `inboxFirstPollMs`, then twice as long each time, at
   * most every `inboxPollMs`: a creator who finishes it from the notification at once sees it posted within seconds;
   * one who comes back tomorrow costs a call every few minutes.
   */
  inboxFirstPollMs: number
  inboxPollMs: number
  /** How long after its claim a draft may wait in the inbox before the post is `unconfirmed`. */
  inboxDeadlineMs: number
  /** A post in flight that nobody touched for this long belongs to a dead worker. */
  leaseMs: number
  /**
   * A post being uploaded to TikTok writes a heartbeat every `progressWriteMs`; one silent for this long lost its
   * worker, and its upload is resumed while TikTok's upload_url still works (ADR 019). Shorter than `leaseMs`, which
   * also covers the quiet wait for a rate-limit slot before video/init.
   */
  uploadLeaseMs: number
  /** Due posts still `scheduled` this long after their time get their job sent again by the sweep. */
  dueGraceMs: number
  /** On shutdown, in-flight uploads get this long to finish before they are abandoned (resumed after the restart). */
  stopGraceMs: number
  /** Upload progress: live events at most this often; a database heartbeat this often while an upload runs. */
  progressEventMs: number
  progressWriteMs: number
  /**
   * A post's job runs this long before its time (ADR 026): the post is prepared (its file checked, its account's token
   * refreshed if needed) and armed in memory, so at its time only the claim and video/init remain.
   */
  lookAheadMs: number
  /** video/init requests in flight at once per process (the peak minute fires many posts at the same second). */
  initConcurrency: number
  /** Uploads (after the init) at once per process; they start when no init is waiting. */
  uploadConcurrency: number
  /** Posts claimed in one statement when they fall due together. */
  claimBatch: number
}

export const DEFAULT_PUBLISHING_SETTINGS: PublishingSettings = {
  maxAttempts: 5,
  retryBaseMs: 2_000,
  retryMaxMs: 5 * 60_000,
  pollBaseMs: 2_000,
  pollMaxMs: 30_000,
  unconfirmedAfterMs: 30 * 60_000,
  // The one-hour pull window, and a half hour for TikTok to process the images and answer.
  photoUnconfirmedAfterMs: 90 * 60_000,
  // 48 h at one status/fetch every 3 minutes is under 1,000 calls, a sliver of the 30-a-minute budget per token.
  inboxFirstPollMs: 15_000,
  inboxPollMs: 3 * 60_000,
  inboxDeadlineMs: 48 * 60 * 60_000,
  leaseMs: 10 * 60_000,
  // Six heartbeats missed: a worker is dead for 30 s at most before the next minute's sweep resumes its upload.
  uploadLeaseMs: 30_000,
  dueGraceMs: 30_000,
  // pg-boss waits 10 s for running handlers on stop (lib/job-queue.ts): finish or let go before that.
  stopGraceMs: 8_000,
  progressEventMs: 500,
  progressWriteMs: 5_000,
  // Long enough for a peak minute's jobs (1,000 posts) to be prepared on PGlite with room to spare; short enough that
  // a token refreshed then is still fresh (refreshes happen an hour before expiry) and little waits in memory.
  lookAheadMs: 20_000,
  // A peak minute's posts (1,000) claimed in one statement and their inits in flight together (ADR 054): with 200, the
  // posts went out in waves of 200, each waiting for the one before to be answered (~1 s), so the last left after 6 s.
  // An init in flight is a socket and a few kB; TikTok's limits are per token (6 a minute), not per process.
  initConcurrency: 1_000,
  uploadConcurrency: 16,
  claimBatch: 1_000,
}

/** Why an attempt (or a status check) did not work, in the terms the state machine decides on. */
export type PublishFailure =
  /** The account's authorisation is gone for good; the person must reconnect it. */
  | { kind: 'reconnect'; message: string }
  /** TikTok refused the access token; a fresh one might work (the caller refreshes once, then treats it as final). */
  | { kind: 'reauth'; message: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'rate_limited'; message: string; retryAfterMs: number }
  /** `maybeAccepted`: the request may have reached TikTok and been accepted (no answer, or an answer we can't read). */
  | { kind: 'transient'; message: string; maybeAccepted: boolean }

/** Codes the TikTok client throws before sending anything (its own checks). */
const LOCAL_CODES = new Set([
  'title_too_long',
  'video_empty',
  'video_too_large',
  'photo_text_too_long',
  'photo_count_invalid',
  'photo_privacy_missing',
])
/** Connection failures that happen before a request leaves this machine. */
const NOT_SENT_NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

function causeCodes(error: unknown): string[] {
  const codes: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/**
 * True only when `error` proves the request never reached TikTok or TikTok refused it: an error status with a body,
 * a check of our own before sending, or a connection that was never opened. A timeout, a dropped connection or a
 * success we could not read might hide an accepted request.
 */
export function surelyNotAccepted(error: unknown): boolean {
  if (!isTiktokError(error)) return false
  if (LOCAL_CODES.has(error.code)) return true
  if (error.httpStatus !== undefined) return error.httpStatus < 200 || error.httpStatus >= 300
  if (error.code === 'network_error') return causeCodes(error.cause).some((code) => NOT_SENT_NETWORK_CODES.has(code))
  return false
}

/**
 * Maps whatever a step threw onto the state machine's terms. `sent` says whether that step was a request that could
 * have created something at TikTok (video/init); for other steps nothing can have been accepted.
 */
export function classifyFailure(error: unknown, sent: boolean): PublishFailure {
  if (error instanceof AppError) {
    // accounts.accessToken: CONFLICT = the account must be reconnected (already marked so); 503 = TikTok had a bad
    // minute refreshing and the old token has expired.
    if (error.code === 'CONFLICT') return { kind: 'reconnect', message: error.message }
    if (error.code === 'SERVICE_UNAVAILABLE') return { kind: 'transient', message: error.message, maybeAccepted: false }
    return { kind: 'rejected', message: error.message }
  }
  if (isTiktokError(error)) {
    const maybeAccepted = sent && !surelyNotAccepted(error)
    switch (error.kind) {
      case 'rate_limited':
        return { kind: 'rate_limited', message: error.message, retryAfterMs: error.retryAfterMs ?? 60_000 }
      case 'reauth_required':
        return maybeAccepted
          ? { kind: 'transient', message: error.message, maybeAccepted }
          : { kind: 'reauth', message: error.message }
      case 'rejected':
        return maybeAccepted
          ? { kind: 'transient', message: error.message, maybeAccepted }
          : { kind: 'rejected', message: error.message }
      case 'transient':
        return { kind: 'transient', message: error.message, maybeAccepted }
    }
  }
  // A bug or a failure outside TikTok's client: we cannot say what happened to a request in flight.
  return { kind: 'transient', message: MESSAGES.unexpected, maybeAccepted: sent }
}

export function retryDelayMs(attempt: number, settings: PublishingSettings): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempt - 1))
}

export function pollDelayMs(round: number, settings: PublishingSettings): number {
  return Math.min(settings.pollMaxMs, settings.pollBaseMs * 2 ** Math.max(0, round))
}

export type AttemptDecision =
  | { type: 'retry'; delayMs: number; refundAttempt: boolean; message: string }
  | { type: 'fail'; message: string }
  | { type: 'unconfirmed'; message: string }

/**
 * A claimed attempt failed BEFORE TikTok gave us a publish_id (getting a token, or video/init). `attempt` is the
 * post's attempt count including this one.
 */
export function decideFailedAttempt(
  failure: PublishFailure,
  attempt: number,
  settings: PublishingSettings,
): AttemptDecision {
  switch (failure.kind) {
    case 'reconnect':
    case 'reauth':
    case 'rejected':
      return { type: 'fail', message: failure.message }
    case 'rate_limited':
      // Pacing, not a failure: it does not use up an attempt.
      return {
        type: 'retry',
        delayMs: Math.max(1_000, failure.retryAfterMs),
        refundAttempt: true,
        message: failure.message,
      }
    case 'transient':
      if (failure.maybeAccepted) return { type: 'unconfirmed', message: MESSAGES.initUnconfirmed }
      if (attempt >= settings.maxAttempts) {
        return { type: 'fail', message: `${failure.message} (gave up after ${attempt} attempts)` }
      }
      return {
        type: 'retry',
        delayMs: retryDelayMs(attempt, settings),
        refundAttempt: false,
        message: failure.message,
      }
  }
}

export type StatusDecision =
  | { type: 'uploaded'; tiktokPostId: string | null }
  | { type: 'failed'; message: string }
  | { type: 'poll'; delayMs: number }
  | { type: 'unconfirmed'; message: string }
  /** A draft reached the creator's inbox: `sent_to_inbox`, announced, then polled slowly. */
  | { type: 'inbox' }

export interface StatusContext {
  now: Date
  deadlineAt: Date
  round: number
  /** The post is `sent_to_inbox` already (its deadline is then the inbox deadline). */
  inInbox?: boolean
}

/** What TikTok's status/fetch answer means for an accepted publish, polled until `deadlineAt`. */
export function decideStatus(
  status: Pick<TiktokPublishStatus, 'status' | 'failReason' | 'publicPostIds'>,
  context: StatusContext,
  settings: PublishingSettings,
): StatusDecision {
  switch (status.status) {
    case 'PUBLISH_COMPLETE':
      return { type: 'uploaded', tiktokPostId: status.publicPostIds[0] ?? null }
    case 'FAILED':
      if (context.inInbox) {
        // TikTok documents no reason of its own for a discarded draft (the sandbox says publish_cancelled); another
        // documented one (auth_removed, spam_risk…) is added.
        const reason = status.failReason ?? ''
        const known = reason === '' || reason === 'publish_cancelled' ? undefined : describeTiktokCode(reason)
        const detail = known && known !== describeTiktokCode('') ? ` (${known.message})` : ''
        return { type: 'failed', message: `${MESSAGES.inboxDraftFailed}${detail}` }
      }
      return { type: 'failed', message: describeTiktokCode(status.failReason ?? 'internal').message }
    case 'SEND_TO_USER_INBOX':
      return context.inInbox ? keepPolling(context, settings) : { type: 'inbox' }
    case 'PROCESSING_UPLOAD':
    case 'PROCESSING_DOWNLOAD':
      return keepPolling(context, settings)
  }
}

/** A status check could not be made (TikTok down, rate limited, token refused). */
export function decideStatusFailure(
  failure: PublishFailure,
  context: StatusContext,
  settings: PublishingSettings,
): StatusDecision {
  const unconfirmed = context.inInbox ? MESSAGES.inboxUnconfirmed : MESSAGES.unconfirmed
  switch (failure.kind) {
    case 'reconnect':
    case 'reauth':
      // We can no longer ask; TikTok may well have posted it.
      return { type: 'unconfirmed', message: `${unconfirmed} ${failure.message}` }
    case 'rejected':
      return { type: 'unconfirmed', message: unconfirmed }
    case 'rate_limited':
      if (context.now >= context.deadlineAt) return { type: 'unconfirmed', message: unconfirmed }
      return { type: 'poll', delayMs: Math.max(1_000, failure.retryAfterMs) }
    case 'transient':
      return keepPolling(context, settings)
  }
}

/** The wait before the inbox check of this round (0 = the first after the draft reached the inbox). */
export function inboxPollDelayMs(round: number, settings: PublishingSettings): number {
  return Math.min(settings.inboxPollMs, settings.inboxFirstPollMs * 2 ** Math.max(0, round))
}

function keepPolling(context: StatusContext, settings: PublishingSettings): StatusDecision {
  const left = context.deadlineAt.getTime() - context.now.getTime()
  if (left <= 0) {
    return { type: 'unconfirmed', message: context.inInbox ? MESSAGES.inboxUnconfirmed : MESSAGES.unconfirmed }
  }
  // The last check lands on the deadline itself; a draft in the inbox is asked about at an even, slow pace.
  const delay = context.inInbox ? inboxPollDelayMs(context.round, settings) : pollDelayMs(context.round, settings)
  return { type: 'poll', delayMs: Math.min(delay, left) }
}

export type OrphanDecision =
  { type: 'poll' } | { type: 'resume_upload' } | { type: 'release' } | { type: 'unconfirm'; message: string }

/**
 * A post in flight whose worker is gone (nobody touched it for a lease). With a publish_id TikTok has it: still
 * `publishing`, its upload never finished, so it is resumed (ADR 019); otherwise it is polled. Without one, it may go out
 * again only if video/init was certainly never sent (`uploadedBytes` null, see publishing.repository.ts); otherwise
 * nobody knows, and it is never sent twice.
 */
export function decideOrphan(row: {
  state: PostState
  publishId: string | null
  uploadedBytes: number | null
}): OrphanDecision {
  if (row.publishId !== null) return row.state === 'publishing' ? { type: 'resume_upload' } : { type: 'poll' }
  if (row.state === 'publishing' && row.uploadedBytes === null) return { type: 'release' }
  return { type: 'unconfirm', message: MESSAGES.initUnconfirmed }
}

export type UnfinishedUploadDecision =
  { type: 'poll' } | { type: 'failed'; message: string } | { type: 'unconfirmed'; message: string }

/**
 * An accepted publish whose upload cannot go on (its link expired, TikTok dropped it, the file is gone, the chunks kept
 * failing): what TikTok's status says about it. The one thing to rule out is that TikTok has the whole file after all
 * (the answer to the last chunk was lost), because then it publishes it: such a post is polled to its end. `failed` —
 * which lets the person Retry with a new video/init — only when TikTok says FAILED or counts fewer bytes than the
 * video has (`videoSize`; undefined when we do not know it): that publish can never complete. `uploaded_bytes` is
 * "1-indexed" (tiktok-api.md §3.7), a count or the last byte's position: it must be short of the size under both readings.
 */
export function decideUnfinishedUpload(
  status: StatusOutcome,
  videoSize: number | undefined,
  message: string,
): UnfinishedUploadDecision {
  if (!status.ok) return { type: 'unconfirmed', message: MESSAGES.uploadUnconfirmed }
  const { status: value, uploadedBytes, failReason } = status.status
  switch (value) {
    case 'PUBLISH_COMPLETE':
    case 'SEND_TO_USER_INBOX':
      return { type: 'poll' }
    case 'FAILED':
      return { type: 'failed', message: describeTiktokCode(failReason ?? 'internal').message }
    case 'PROCESSING_UPLOAD':
    case 'PROCESSING_DOWNLOAD':
      if (uploadedBytes === undefined || videoSize === undefined) {
        return { type: 'unconfirmed', message: MESSAGES.uploadUnconfirmed }
      }
      return uploadedBytes + 1 < videoSize ? { type: 'failed', message } : { type: 'poll' }
  }
}

/** A status/fetch, or why it could not be made. */
export type StatusOutcome = { ok: true; status: TiktokPublishStatus } | { ok: false; failure: PublishFailure }
