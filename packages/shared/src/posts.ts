import { z } from 'zod'
import { MESSAGES } from './messages'
import { timeZoneSchema } from './profile'
import { addDays, todayInZone } from './time'

/**
 * Scheduling and publishing posts (the spec's scheduled_videos), uploads, and live events: the contract between the
 * server's `/api/posts`, `/api/media`, `/api/uploads` (tus), `/api/events` (SSE) and the web.
 */

/** product.md §5/§9 */
export const POST_LIMITS = {
  title: 100,
  description: 2200,
  /** TikTok's caption (post_info.title) limit in UTF-16 units; we send title + blank line + description. */
  caption: 2200,
  fileBytes: 500 * 1024 * 1024,
} as const

/**
 * Per user, uploads not yet finalised (ADR 021): how many at once and how many announced bytes (Upload-Length) in
 * all. Five clips for the automation's rotation, or two videos of the largest size, at the same time.
 */
export const UPLOAD_LIMITS = {
  concurrent: 5,
  bytesInFlight: 2 * POST_LIMITS.fileBytes,
} as const
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const

/**
 * How far ahead a post may be scheduled (ADR 021): by the calendar of the zone it is scheduled in, the last day is
 * today there plus this many days. Further out, the TikTok account's authorisation and the creator's plans are
 * unlikely to hold, and a typo in the year would sit unnoticed on the calendar.
 */
export const SCHEDULE_HORIZON_DAYS = 365

/** The last date ('YYYY-MM-DD', in `zone`) a post may be scheduled on. */
export function lastSchedulableDate(now: Date, zone: string): string {
  return addDays(todayInZone(now, zone), SCHEDULE_HORIZON_DAYS)
}

/** The caption TikTok receives (post_info.title): the title, then the description after a blank line. */
export function tiktokCaption(title: string, description: string): string {
  return description.trim() ? `${title.trim()}\n\n${description.trim()}` : title.trim()
}

export const privacyLevelSchema = z.enum([
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
])
export type PrivacyLevel = z.infer<typeof privacyLevelSchema>
export const PRIVACY_LABELS: Record<PrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
}

/** A post's states (the database column and the API share this list). */
export const POST_STATES = [
  /** Planned by automation with "Review before posting" on: waits for the person's approval (never sent without). */
  'draft',
  'scheduled',
  'publishing',
  'processing_on_tiktok',
  /**
   * A draft (post mode `inbox`, TikTok's MEDIA_UPLOAD) that reached the creator's TikTok inbox (SEND_TO_USER_INBOX):
   * it waits for the creator to finish it in the TikTok app; then `uploaded`, or `failed` if they discard it.
   */
  'sent_to_inbox',
  'uploaded',
  'failed',
  'unconfirmed',
  /** A draft nobody approved by its time: never sent; `errorMessage` says why. */
  'skipped',
] as const
export const postStateSchema = z.enum(POST_STATES)
export type PostState = z.infer<typeof postStateSchema>

/** The spec's display statuses and badge colours (product.md §2 calendar): uploaded green, failed red, processing blue, scheduled
 * purple, other yellow. */
export type PostDisplayStatus = 'draft' | 'scheduled' | 'processing' | 'inbox' | 'uploaded' | 'failed' | 'other'
export function displayStatus(state: PostState): PostDisplayStatus {
  switch (state) {
    case 'draft':
      return 'draft'
    case 'scheduled':
      return 'scheduled'
    case 'publishing':
    case 'processing_on_tiktok':
      return 'processing'
    case 'sent_to_inbox':
      return 'inbox'
    case 'uploaded':
      return 'uploaded'
    case 'failed':
      return 'failed'
    case 'unconfirmed':
    case 'skipped':
      return 'other'
  }
}

/**
 * States of a post that is going out or has gone out (or may have: unconfirmed): not a draft, a skipped draft or a
 * failed post. These count against a plan's monthly posts (ADR 036); with drafts, they hold a queue slot (ADR 029).
 */
export const SENDING_OR_SENT_POST_STATES = [
  'scheduled',
  'publishing',
  'processing_on_tiktok',
  'sent_to_inbox',
  'uploaded',
  'unconfirmed',
] as const satisfies readonly PostState[]

/**
 * States in which a post has not started to go out, so it can still be edited: a draft, a scheduled post, and a
 * skipped draft (given a new time it waits for approval again).
 */
export const EDITABLE_POST_STATES = ['draft', 'scheduled', 'skipped'] as const satisfies readonly PostState[]
export function isEditablePost(state: PostState): boolean {
  return (EDITABLE_POST_STATES as readonly PostState[]).includes(state)
}

/** A validated upload (ffprobe + magic bytes passed). */
export const mediaFileSchema = z
  .object({
    id: z.string(),
    originalName: z.string(),
    contentType: z.enum(VIDEO_TYPES),
    sizeBytes: z.number().int(),
    durationMs: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    fps: z.number(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MediaFile' })
export type MediaFile = z.infer<typeof mediaFileSchema>

/** After the tus upload finished: the server checks the file and keeps it, or deletes it and says why. */
export const finalizeUploadBodySchema = z
  .object({ uploadId: z.string().min(1).max(200) })
  .meta({ id: 'FinalizeUpload' })
export const finalizeUploadResponseSchema = z.object({ media: mediaFileSchema }).meta({ id: 'FinalizedUpload' })

/** Fresh creator info for the composer (tiktok-api.md §3.1, §6): who receives the post and what they allow. */
export const creatorInfoSchema = z
  .object({
    nickname: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    privacyLevelOptions: z.array(privacyLevelSchema),
    commentDisabled: z.boolean(),
    duetDisabled: z.boolean(),
    stitchDisabled: z.boolean(),
    maxVideoPostDurationSec: z.number().int(),
    /** null when the creator can post now; otherwise why not (daily cap, banned). */
    cannotPostReason: z.string().nullable(),
  })
  .meta({ id: 'CreatorInfo' })
export type CreatorInfo = z.infer<typeof creatorInfoSchema>

/**
 * What a post carries (issue 29): a video, or a photo set (TikTok's photo post: 1–35 images, a slideshow's render).
 */
export const POST_FORMATS = ['video', 'photo'] as const
export const postFormatSchema = z.enum(POST_FORMATS)
export type PostFormat = z.infer<typeof postFormatSchema>
export const POST_FORMAT_LABELS: Record<PostFormat, string> = { video: 'Video', photo: 'Slideshow' }

/**
 * How it goes to TikTok (issue 29): `direct` posts it to the profile (DIRECT_POST); `inbox` sends it as a draft to the
 * creator's TikTok inbox (MEDIA_UPLOAD, tiktok-api.md §3.3, §3.10), where they add a sound and post it themselves.
 */
export const POST_MODES = ['direct', 'inbox'] as const
export const postModeSchema = z.enum(POST_MODES)
export type PostMode = z.infer<typeof postModeSchema>
export const POST_MODE_LABELS: Record<PostMode, string> = {
  direct: 'Post directly',
  inbox: 'Send as a draft to the TikTok inbox',
}
/** tiktok-api.md §3.3, §4.4: at most 5 drafts may wait in a creator's inbox per 24 hours. */
export const INBOX_PENDING_CAP = 5
export const INBOX_PENDING_WINDOW_MS = 24 * 60 * 60 * 1000

/** A form's date ('YYYY-MM-DD') and time ('HH:mm', 24-hour), in the zone given beside them. */
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: MESSAGES.chooseDate })
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: MESSAGES.chooseTime })

/** The Schedule New Video form (product.md §2/§5 + TikTok's posting rules, tiktok-api.md §6). */
export const schedulePostFieldsSchema = z.object({
  accountId: z.string().min(1, { message: 'Please fill in all required fields' }),
  /** A video (`mediaId`, default) or a slideshow's photo set (`slideshowId`). */
  format: postFormatSchema.default('video'),
  /** Posted directly (default) or sent as a draft to the creator's TikTok inbox. */
  postMode: postModeSchema.default('direct'),
  /** The video: required for format `video`. */
  mediaId: z.string().min(1, { message: 'Please fill in all required fields' }).optional(),
  /** The slideshow whose latest render is sent: required for format `photo`; the post keeps that photo set. */
  slideshowId: z.string().min(1, { message: 'Please fill in all required fields' }).optional(),
  title: z
    .string()
    .trim()
    .min(1, { message: 'Please fill in all required fields' })
    .max(POST_LIMITS.title, { message: `Title must be ${POST_LIMITS.title} characters or fewer` }),
  description: z
    .string()
    .trim()
    .max(POST_LIMITS.description, { message: `Description must be ${POST_LIMITS.description} characters or fewer` })
    .default(''),
  /** Chosen by the person, never defaulted (TikTok UX rule 2b); required to post directly, not sent with a draft. */
  privacyLevel: privacyLevelSchema.optional(),
  allowComment: z.boolean(),
  /** Videos only (a photo post offers only "Allow comments", tiktok-api.md §6). */
  allowDuet: z.boolean(),
  allowStitch: z.boolean(),
  /** Photo posts: TikTok adds music to the slideshow (tiktok-api.md §3.10 auto_add_music). */
  autoAddMusic: z.boolean().default(true),
  /** Commercial content disclosure (rule 3): off by default; when on, at least one of the two. */
  commercial: z
    .object({ enabled: z.boolean(), yourBrand: z.boolean(), brandedContent: z.boolean() })
    .default({ enabled: false, yourBrand: false, brandedContent: false }),
  date: dateSchema,
  time: timeSchema,
  timeZone: timeZoneSchema,
})

/**
 * What a post needs besides its fields (issue 29): a video needs its `mediaId`, a photo post its `slideshowId`, and a
 * direct post its privacy level (a draft goes without one). The queue's body holds to it too.
 */
export function requirePostSource(
  v: { format: PostFormat; postMode: PostMode; mediaId?: string; slideshowId?: string; privacyLevel?: PrivacyLevel },
  ctx: z.RefinementCtx,
): void {
  const message = 'Please fill in all required fields'
  if (v.format === 'video' && !v.mediaId) ctx.addIssue({ code: 'custom', message, path: ['mediaId'] })
  if (v.format === 'photo' && !v.slideshowId) ctx.addIssue({ code: 'custom', message, path: ['slideshowId'] })
  if (v.postMode === 'direct' && !v.privacyLevel) ctx.addIssue({ code: 'custom', message, path: ['privacyLevel'] })
}

export const schedulePostBodySchema = schedulePostFieldsSchema
  .superRefine(requirePostSource)
  .meta({ id: 'SchedulePostBody' })
export type SchedulePostInput = z.input<typeof schedulePostBodySchema>

export const reschedulePostBodySchema = z
  .object({ date: dateSchema, time: timeSchema, timeZone: timeZoneSchema })
  .meta({ id: 'ReschedulePostBody' })

/**
 * A published post's latest figures on TikTok, as the stats sync last read them (ADR 023, ADR 047), and when.
 */
export const postStatsSchema = z
  .object({
    views: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int(),
    syncedAt: z.iso.datetime(),
  })
  .meta({ id: 'PostStats' })
export type PostStats = z.infer<typeof postStatsSchema>

/**
 * What tells one post from another at a glance (issue 30, ADR 047): a picture of it, and once it is on TikTok its page
 * there and its figures. Every post read carries these (the calendar, the List, one post, live events).
 */
export const postIdentityShape = {
  /** A JPEG of the post, one of the person's own routes: its video's frame, or a photo post's cover. */
  thumbnailUrl: z.string().nullable(),
  /** The post's page on TikTok (the Display API's share_url): null until the stats sync has read it, or once gone. */
  tiktokUrl: z.string().nullable(),
  /** Null until the stats sync has read the post's figures once. */
  stats: postStatsSchema.nullable(),
}

export const postSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    account: z.object({ accountName: z.string(), accountUsername: z.string(), sandbox: z.boolean() }),
    format: postFormatSchema,
    postMode: postModeSchema,
    title: z.string(),
    description: z.string(),
    privacyLevel: privacyLevelSchema,
    allowComment: z.boolean(),
    allowDuet: z.boolean(),
    allowStitch: z.boolean(),
    /** The commercial content disclosure it goes out with (TikTok rule 3). */
    commercial: z.object({ enabled: z.boolean(), yourBrand: z.boolean(), brandedContent: z.boolean() }),
    scheduledAt: z.iso.datetime(),
    timeZone: z.string(),
    state: postStateSchema,
    source: z.enum(['manual', 'automation']),
    errorMessage: z.string().nullable(),
    /** When the person rejected this draft (ADR 048): it stays `skipped` and is never sent. */
    rejectedAt: z.iso.datetime().nullable(),
    tiktokPostId: z.string().nullable(),
    publishedAt: z.iso.datetime().nullable(),
    media: z.object({ originalName: z.string(), sizeBytes: z.number().int(), durationMs: z.number().int() }).nullable(),
    /** A photo post's images: how many, and the slideshow they were rendered from (null once it was deleted). */
    photos: z.object({ count: z.number().int(), slideshowId: z.string().nullable() }).nullable(),
    autoAddMusic: z.boolean(),
    ...postIdentityShape,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Post' })
export type Post = z.infer<typeof postSchema>
export const postListSchema = z.object({ posts: z.array(postSchema) }).meta({ id: 'Posts' })

/**
 * What a calendar cell or a List row shows of a post (issue 20): its title, time and zone, status, source, account and
 * problem, and what identifies it (issue 30: thumbnail, TikTok page, figures). The caption, privacy, interactions and media are details, fetched with `GET /api/posts/:id` when a dialog
 * needs them. A `Post` is a `CalendarPost` and more, so the live events' `post.updated` (a whole `Post`) keeps the
 * slim lists current too.
 */
export const calendarPostSchema = postSchema
  .pick({
    id: true,
    accountId: true,
    account: true,
    format: true,
    postMode: true,
    title: true,
    scheduledAt: true,
    timeZone: true,
    state: true,
    source: true,
    errorMessage: true,
    thumbnailUrl: true,
    tiktokUrl: true,
    stats: true,
  })
  .meta({ id: 'CalendarPost' })
export type CalendarPost = z.infer<typeof calendarPostSchema>

/** The calendar's slice of a whole post (a live event, an edit's answer). */
export function toCalendarPost(post: CalendarPost): CalendarPost {
  return {
    id: post.id,
    accountId: post.accountId,
    account: {
      accountName: post.account.accountName,
      accountUsername: post.account.accountUsername,
      sandbox: post.account.sandbox,
    },
    format: post.format,
    postMode: post.postMode,
    title: post.title,
    scheduledAt: post.scheduledAt,
    timeZone: post.timeZone,
    state: post.state,
    source: post.source,
    errorMessage: post.errorMessage,
    thumbnailUrl: post.thumbnailUrl,
    tiktokUrl: post.tiktokUrl,
    stats: post.stats ? { ...post.stats } : null,
  }
}

/**
 * `GET /api/posts?from&to`: a month (or a week) and its edges. A wider window is refused: the calendar never asks for
 * one, and a user with thousands of posts must not be able to ask for all of them at once (issue 20).
 */
export const CALENDAR_RANGE_MAX_DAYS = 62
export const postsRangeQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }).optional(),
  to: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }).optional(),
})
export const calendarPostListSchema = z.object({ posts: z.array(calendarPostSchema) }).meta({ id: 'CalendarPosts' })

/** `GET /api/posts/list`: the List view, a page at a time. */
export const POSTS_PAGE_LIMIT = { default: 50, max: 100 } as const
export const postsPageQuerySchema = z.object({
  limit: z.coerce
    .number({ message: MESSAGES.postsPageLimitInvalid })
    .int({ message: MESSAGES.postsPageLimitInvalid })
    .min(1, { message: MESSAGES.postsPageLimitInvalid })
    .max(POSTS_PAGE_LIMIT.max, { message: MESSAGES.postsPageLimitInvalid })
    .default(POSTS_PAGE_LIMIT.default),
  /** The `nextCursor` of the page before; opaque. */
  cursor: z.string().min(1).max(300).optional(),
})
/**
 * Upcoming posts first (soonest first), then past ones (latest first). `nextCursor` is null on the last page. A page
 * is read by position (time, id), not by offset, so posts moved or deleted between two pages never shift the next
 * one; a post moved to a later place may come again on a later page, where the client keeps its newest copy.
 */
export const calendarPostPageSchema = z
  .object({ posts: z.array(calendarPostSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CalendarPostPage' })
