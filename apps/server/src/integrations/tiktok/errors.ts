import { MESSAGES } from '@hookpost/shared'

/**
 * What a caller should do about a failure:
 * - `reauth_required`: the account's authorization is gone; the person must connect the account again.
 * - `rate_limited`: wait `retryAfterMs`, then try again.
 * - `rejected`: TikTok (or a rule of its API) refused this request; retrying the same request will not help.
 * - `transient`: TikTok or the network had a problem; the same request may succeed later.
 */
export type TiktokErrorKind = 'reauth_required' | 'rate_limited' | 'rejected' | 'transient'

interface ErrorEntry {
  kind: TiktokErrorKind
  /** Shown to people (it ends up in the UI): plain English, no provider text. */
  message: string
}

const DAILY_POST_LIMIT = "TikTok's daily post limit for this account has been reached. Try again tomorrow."
const BANNED = 'TikTok has blocked this account from posting new content.'
const RECONNECT = "TikTok no longer accepts this account's authorization. Please reconnect the account."

/**
 * Every code TikTok documents, mapped once. Sources (docs/tiktok-api.md):
 * tiktok-api.md §1.7 OAuth error categories (S5); tiktok-api.md §4.1 API v2 error object (S6); tiktok-api.md §3.1–3.3, tiktok-api.md §3.6, §3.7 and §4.2 the Content Posting
 * codes (S16–S20); tiktok-api.md §3.7 `fail_reason` values of status/fetch (S19); tiktok-api.md §3.4 upload PUT statuses (S20). The last block holds
 * this client's own codes for failures that never reached a TikTok error body.
 */
export const TIKTOK_ERROR_TABLE = {
  // tiktok-api.md §1.7 OAuth (flat `{error, error_description, log_id}` from /v2/oauth/*)
  invalid_grant: { kind: 'reauth_required', message: RECONNECT },
  access_denied: {
    kind: 'reauth_required',
    message: 'Access to TikTok was not granted. Please connect the account again and allow access.',
  },
  // A wrong client key/secret is Hookpost's configuration, not the person's authorization: reconnecting cannot fix it.
  invalid_client: {
    kind: 'rejected',
    message: "TikTok did not accept Hookpost's app credentials. Please contact support.",
  },
  invalid_request: { kind: 'rejected', message: 'TikTok rejected the sign-in request as malformed.' },
  invalid_scope: { kind: 'rejected', message: 'TikTok rejected the permissions Hookpost asked for.' },
  unauthorized_client: {
    kind: 'rejected',
    message: "Hookpost's TikTok app is not allowed to make this request. Please contact support.",
  },
  unsupported_grant_type: { kind: 'rejected', message: 'TikTok rejected the sign-in request.' },
  unsupported_response_type: { kind: 'rejected', message: 'TikTok rejected the sign-in request.' },
  server_error: { kind: 'transient', message: MESSAGES.tiktokUnavailable },
  temporarily_unavailable: { kind: 'transient', message: MESSAGES.tiktokUnavailable },

  // tiktok-api.md §4.1 / tiktok-api.md §4.2 API v2 `error.code`
  access_token_invalid: { kind: 'reauth_required', message: RECONNECT },
  scope_not_authorized: {
    kind: 'reauth_required',
    message:
      'This TikTok account has not given Hookpost the permission this needs. Please reconnect the account and allow all requested permissions.',
  },
  scope_permission_missed: {
    kind: 'rejected',
    message: 'Hookpost asked TikTok for information this account has not shared.',
  },
  rate_limit_exceeded: { kind: 'rate_limited', message: MESSAGES.tiktokRateLimited },
  // Both spellings exist: the Content Posting pages say `invalid_param`, S6 and real responses `invalid_params` (tiktok-api.md §3.2).
  invalid_params: { kind: 'rejected', message: 'TikTok rejected the request as invalid.' },
  invalid_param: { kind: 'rejected', message: 'TikTok rejected the request as invalid.' },
  invalid_file_upload: { kind: 'rejected', message: 'TikTok could not accept the uploaded video file.' },
  privacy_level_option_mismatch: {
    kind: 'rejected',
    message: 'The chosen privacy setting is not available for this TikTok account. Please pick one TikTok offers.',
  },
  spam_risk_too_many_posts: { kind: 'rejected', message: DAILY_POST_LIMIT },
  spam_risk_user_banned_from_posting: { kind: 'rejected', message: BANNED },
  spam_risk_too_many_pending_share: {
    kind: 'rejected',
    message:
      "TikTok keeps at most 5 drafts waiting in a creator's inbox per 24 hours, and this account has 5. Finish or discard them in the TikTok app, then Retry — or post directly.",
  },
  reached_active_user_cap: {
    kind: 'rejected',
    message: "Hookpost has reached TikTok's daily limit of accounts that can post. Try again tomorrow.",
  },
  unaudited_client_can_only_post_to_private_accounts: {
    kind: 'rejected',
    message:
      "Until Hookpost's TikTok app is audited, TikTok only accepts posts to private accounts. Make the TikTok account private and try again.",
  },
  // The photo client (posting-photo-inbox.ts) names the refused origin in its message; this is the fallback.
  url_ownership_unverified: {
    kind: 'rejected',
    message:
      "TikTok refused the image links: their domain is not a verified URL property of Hookpost's TikTok app. Verify it as a URL property of your TikTok app, or set Hookpost's public address or the S3 public endpoint to a verified domain, then Retry.",
  },
  invalid_publish_id: { kind: 'rejected', message: 'TikTok does not know this post.' },
  token_not_authorized_for_specified_publish_id: {
    kind: 'rejected',
    message: 'This post was created through a different TikTok authorization and cannot be checked with this one.',
  },
  publish_not_cancellable: { kind: 'rejected', message: 'TikTok can no longer cancel this post.' },
  app_version_check_failed: {
    kind: 'rejected',
    message:
      "Slideshow drafts need TikTok app version 31.8 or later on the creator's phone. Update the TikTok app, then Retry — or post the slideshow directly.",
  },
  internal_error: { kind: 'transient', message: MESSAGES.tiktokUnavailable },

  // tiktok-api.md §3.7 `fail_reason` of a FAILED publish (codes shared with the table above are not repeated)
  file_format_check_failed: { kind: 'rejected', message: 'TikTok could not read the video format.' },
  duration_check_failed: { kind: 'rejected', message: 'The video is longer or shorter than TikTok allows.' },
  frame_rate_check_failed: {
    kind: 'rejected',
    message: "TikTok does not accept the video's frame rate (23 to 60 frames per second).",
  },
  picture_size_check_failed: {
    kind: 'rejected',
    message: "TikTok does not accept the video's picture size (360 to 4096 pixels per side).",
  },
  internal: { kind: 'transient', message: 'TikTok had an internal problem while processing the video.' },
  video_pull_failed: { kind: 'transient', message: 'TikTok could not download the video.' },
  photo_pull_failed: {
    kind: 'transient',
    message:
      "TikTok could not download the slideshow's images (the link was unreachable, redirected or too slow). Check that Hookpost's public address is reachable from the internet, then Retry.",
  },
  publish_cancelled: { kind: 'rejected', message: 'The post was cancelled before TikTok published it.' },
  auth_removed: {
    kind: 'reauth_required',
    message:
      "The creator removed Hookpost's access on TikTok while the post was processing. Please reconnect the account.",
  },
  spam_risk_text: {
    kind: 'rejected',
    message: 'TikTok flagged the caption as spam. Edit the caption before posting again.',
  },
  spam_risk: { kind: 'rejected', message: 'TikTok judged this post risky and did not publish it.' },

  // tiktok-api.md §3.4 upload PUT statuses (no error body is documented) and this client's own failures
  upload_url_expired: { kind: 'rejected', message: 'The upload link expired before the video was uploaded.' },
  upload_not_found: { kind: 'rejected', message: 'TikTok no longer has an upload waiting for this video.' },
  upload_bad_request: { kind: 'rejected', message: 'TikTok refused a part of the video upload.' },
  upload_range_mismatch: { kind: 'rejected', message: 'TikTok lost track of the video upload. Please post it again.' },
  upload_failed: { kind: 'transient', message: 'The video upload to TikTok failed. Please try again.' },
  video_file_changed: { kind: 'rejected', message: 'The video file changed while it was being posted.' },
  video_empty: { kind: 'rejected', message: 'The video file is empty.' },
  video_too_large: { kind: 'rejected', message: 'The video is larger than the 4 GB TikTok accepts.' },
  title_too_long: { kind: 'rejected', message: 'The caption is longer than the 2,200 characters TikTok accepts.' },
  // Photo posts (posting-photo-inbox.ts): checked before content/init leaves.
  photo_text_too_long: {
    kind: 'rejected',
    message: 'A slideshow title can be at most 90 characters and its description at most 4,000.',
  },
  photo_count_invalid: { kind: 'rejected', message: 'A slideshow post needs 1 to 35 images.' },
  photo_privacy_missing: { kind: 'rejected', message: 'Choose who can view this post before posting it directly.' },
  network_error: { kind: 'transient', message: MESSAGES.tiktokUnavailable },
  timeout: { kind: 'transient', message: MESSAGES.tiktokUnavailable },
  invalid_response: { kind: 'transient', message: 'TikTok sent an answer Hookpost could not understand.' },
} as const satisfies Record<string, ErrorEntry>

export type TiktokErrorCode = keyof typeof TIKTOK_ERROR_TABLE

const UNKNOWN_TRANSIENT: ErrorEntry = { kind: 'transient', message: MESSAGES.tiktokUnavailable }
const UNKNOWN_REJECTED: ErrorEntry = { kind: 'rejected', message: 'TikTok rejected the request.' }
const UNKNOWN_RATE_LIMITED: ErrorEntry = TIKTOK_ERROR_TABLE.rate_limit_exceeded

function lookup(code: string): ErrorEntry | undefined {
  return Object.hasOwn(TIKTOK_ERROR_TABLE, code) ? TIKTOK_ERROR_TABLE[code as TiktokErrorCode] : undefined
}

/**
 * The kind and user-facing message for a TikTok error code or `fail_reason`. Unknown codes: 5xx → transient, 429 →
 * rate limited, anything else → rejected.
 */
export function describeTiktokCode(code: string, httpStatus?: number): ErrorEntry {
  const known = lookup(code)
  if (known) return known
  if (httpStatus !== undefined && httpStatus >= 500) return UNKNOWN_TRANSIENT
  return httpStatus === 429 ? UNKNOWN_RATE_LIMITED : UNKNOWN_REJECTED
}

export interface TiktokErrorDetails {
  code: string
  kind?: TiktokErrorKind
  message?: string
  httpStatus?: number
  retryAfterMs?: number
  logId?: string
  /** TikTok's own description (`error.message` / `error_description`): for logs only, never for people. */
  providerMessage?: string
  cause?: unknown
}

/**
 * The only error this client throws (besides an AbortError for a caller's own abort). `message` is safe to show to
 * people; `providerMessage` and `logId` are for logs and support.
 */
export class TiktokError extends Error {
  override readonly name = 'TiktokError'
  readonly kind: TiktokErrorKind
  readonly code: string
  readonly httpStatus?: number
  readonly retryAfterMs?: number
  readonly logId?: string
  readonly providerMessage?: string

  constructor(details: TiktokErrorDetails) {
    const entry = describeTiktokCode(details.code, details.httpStatus)
    super(details.message ?? entry.message, details.cause === undefined ? undefined : { cause: details.cause })
    this.kind = details.kind ?? entry.kind
    this.code = details.code
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs
    if (details.logId !== undefined && details.logId !== '') this.logId = details.logId
    if (details.providerMessage !== undefined && details.providerMessage !== '') {
      this.providerMessage = details.providerMessage
    }
  }
}

export function isTiktokError(error: unknown): error is TiktokError {
  return error instanceof TiktokError
}
