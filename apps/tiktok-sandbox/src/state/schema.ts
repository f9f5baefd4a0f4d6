import { z } from 'zod'

/**
 * Everything the sandbox remembers, persisted as one JSON document (state.json). Records hold absolute timestamps
 * (ms) rather than timers, so a publish's status is computed from `now()` and survives a restart unchanged.
 */

export const SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
  'video.publish',
  'video.upload',
] as const
export type Scope = (typeof SCOPES)[number]
export const scopeSchema = z.enum(SCOPES)

export const PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number]

/** tiktok-api.md §3.7 fail_reason values (a discarded inbox draft reports publish_cancelled, see domain/inbox.ts). */
export const FAIL_REASONS = [
  'file_format_check_failed',
  'duration_check_failed',
  'frame_rate_check_failed',
  'picture_size_check_failed',
  'internal',
  'video_pull_failed',
  'photo_pull_failed',
  'publish_cancelled',
  'auth_removed',
  'spam_risk_too_many_posts',
  'spam_risk_user_banned_from_posting',
  'spam_risk_text',
  'spam_risk',
] as const
export type FailReason = (typeof FAIL_REASONS)[number]
export const failReasonSchema = z.enum(FAIL_REASONS)

export const creatorSchema = z.object({
  openId: z.string(),
  unionId: z.string(),
  displayName: z.string(),
  username: z.string(),
  bioDescription: z.string(),
  isVerified: z.boolean(),
  isPrivate: z.boolean(),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoPostDurationSec: z.number(),
  banned: z.boolean(),
  createdAt: z.number(),
})
export type Creator = z.infer<typeof creatorSchema>

export const grantSchema = z.object({
  id: z.string(),
  clientKey: z.string(),
  openId: z.string(),
  scopes: z.array(scopeSchema),
  createdAt: z.number(),
  /** Refresh tokens keep the grant's original expiry ("remaining lifetime", tiktok-api.md §1.5 S4d). */
  refreshExpiresAt: z.number(),
  revokedAt: z.number().nullable(),
})
export type Grant = z.infer<typeof grantSchema>

export const tokenSchema = z.object({
  token: z.string(),
  kind: z.enum(['access', 'refresh']),
  grantId: z.string(),
  issuedAt: z.number(),
  expiresAt: z.number(),
})
export type TokenRecord = z.infer<typeof tokenSchema>

export const authCodeSchema = z.object({
  code: z.string(),
  clientKey: z.string(),
  openId: z.string(),
  redirectUri: z.string(),
  scopes: z.array(scopeSchema),
  codeChallenge: z.string().nullable(),
  expiresAt: z.number(),
  usedAt: z.number().nullable(),
  /** The grant issued from this code, revoked if the code is presented again (RFC 6749 §4.1.2). */
  grantId: z.string().nullable(),
})
export type AuthCode = z.infer<typeof authCodeSchema>

export const postInfoSchema = z.object({
  title: z.string(),
  privacyLevel: z.enum(PRIVACY_LEVELS),
  disableDuet: z.boolean(),
  disableStitch: z.boolean(),
  disableComment: z.boolean(),
  videoCoverTimestampMs: z.number().nullable(),
  brandContentToggle: z.boolean(),
  brandOrganicToggle: z.boolean(),
  isAigc: z.boolean(),
})
export type PostInfo = z.infer<typeof postInfoSchema>

export const probeSchema = z.object({
  durationSec: z.number(),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
})
export type ProbeResult = z.infer<typeof probeSchema>

/** One image of a photo post (tiktok-api.md §3.10), downloaded into files/ like a pulled video. */
export const photoSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  /** From the bytes (image/jpeg or image/webp), not from the answer's header. */
  mimeType: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  bytes: z.number(),
})
export type Photo = z.infer<typeof photoSchema>

/** post_info of a photo post (tiktok-api.md §3.10); a DIRECT_POST also gets a `postInfo` with its privacy level. */
export const photoInfoSchema = z.object({
  title: z.string(),
  description: z.string(),
  disableComment: z.boolean(),
  autoAddMusic: z.boolean(),
  brandContentToggle: z.boolean(),
  brandOrganicToggle: z.boolean(),
})
export type PhotoInfo = z.infer<typeof photoInfoSchema>

/** Verified "URL properties" of a client (tiktok-api.md §3.6): a domain (and its subdomains) or an exact URL prefix. */
export const urlPropertySchema = z.object({
  type: z.enum(['domain', 'url_prefix']),
  value: z.string(),
  addedAt: z.number(),
})
export type UrlProperty = z.infer<typeof urlPropertySchema>

/** A client's webhook (tiktok-api.md §3.8); only publishes created from `since` on are reported. */
export const webhookSchema = z.object({ url: z.string(), since: z.number() })
export type Webhook = z.infer<typeof webhookSchema>

export const publishSchema = z.object({
  publishId: z.string(),
  /** direct = Direct Post (video/init); inbox = Upload to the creator's inbox (inbox/video/init). */
  mode: z.enum(['direct', 'inbox']),
  clientKey: z.string(),
  openId: z.string(),
  grantId: z.string(),
  source: z.enum(['FILE_UPLOAD', 'PULL_FROM_URL']),
  postInfo: postInfoSchema.nullable(),
  createdAt: z.number(),
  /** 19-digit id the post gets once public (tiktok-api.md §3.7); also the Display API video id. */
  postId: z.string(),
  fileName: z.string(),
  mimeType: z.string().nullable(),
  videoSize: z.number(),
  chunkSize: z.number(),
  totalChunkCount: z.number(),
  uploadId: z.string().nullable(),
  uploadToken: z.string().nullable(),
  uploadExpiresAt: z.number().nullable(),
  receivedBytes: z.number(),
  videoUrl: z.string().nullable(),
  pullState: z.enum(['downloading', 'done', 'failed']).nullable(),
  /** Set at init by the fail_next_publish fault, or when the media checks fail after the last byte. */
  failReason: failReasonSchema.nullable(),
  /** Time the media was complete (201 / download finished). */
  mediaReadyAt: z.number().nullable(),
  /** Time processing ends: PUBLISH_COMPLETE (or FAILED with failReason) from then on. */
  processedAt: z.number().nullable(),
  /** Time moderation ends and the post id becomes visible; null for SELF_ONLY and inbox uploads. */
  publicAt: z.number().nullable(),
  /** Failures that take effect at once (cancel, pull error, authorization removed). */
  failedAt: z.number().nullable(),
  /** stuck_processing fault: never leaves processing. */
  stuck: z.boolean(),
  probe: probeSchema.nullable(),
  // Added with photo posts and the inbox (issue 29); the defaults let an older state.json load unchanged.
  mediaType: z.enum(['VIDEO', 'PHOTO']).default('VIDEO'),
  /** PHOTO only: the images in order, and which one is the cover (photo_cover_index). */
  photos: z.array(photoSchema).default([]),
  photoCoverIndex: z.number().default(0),
  photoInfo: photoInfoSchema.nullable().default(null),
  /** Inbox drafts: when the simulated creator posted (→ PUBLISH_COMPLETE) or discarded (→ FAILED) it. */
  inboxPostedAt: z.number().nullable().default(null),
  inboxDiscardedAt: z.number().nullable().default(null),
  /** Webhook events already queued for this publish (tiktok-api.md §3.8), so each is sent once per process. */
  webhookEvents: z.array(z.string()).default([]),
})
export type Publish = z.infer<typeof publishSchema>

export const STATE_VERSION = 1

export const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  creators: z.record(z.string(), creatorSchema),
  grants: z.record(z.string(), grantSchema),
  tokens: z.record(z.string(), tokenSchema),
  codes: z.record(z.string(), authCodeSchema),
  publishes: z.record(z.string(), publishSchema),
  /** By client key. */
  urlProperties: z.record(z.string(), z.array(urlPropertySchema)).default({}),
  webhooks: z.record(z.string(), webhookSchema).default({}),
})
export type SandboxState = z.infer<typeof stateSchema>

export function emptyState(): SandboxState {
  return {
    version: STATE_VERSION,
    creators: {},
    grants: {},
    tokens: {},
    codes: {},
    publishes: {},
    urlProperties: {},
    webhooks: {},
  }
}
