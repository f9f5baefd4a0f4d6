import { POST_STATES } from '@hookpost/shared'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth'
import { tiktokAccount } from './tiktok'

/**
 * A video file a user uploaded (tus → local storage), kept only once ffprobe and the magic bytes said it is a video
 * TikTok accepts (tiktok-api.md §3.9). `storageKey` is relative to the storage root.
 */
export const mediaFile = pgTable(
  'media_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type', { enum: ['video/mp4', 'video/quicktime', 'video/webm'] }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fps: real('fps').notNull(),
    videoCodec: text('video_codec').notNull(),
    audioCodec: text('audio_codec'),
    /** The stock clip this is the person's copy of (Library, ADR 012): one copy per person and clip. */
    stockClipId: text('stock_clip_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_file_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('media_file_user_stock_clip_idx').on(t.userId, t.stockClipId),
  ],
)

/** One JPEG of a photo set, in media storage. */
export interface PhotoSetImage {
  storageKey: string
  width: number
  height: number
  sizeBytes: number
  contentType: 'image/jpeg' | 'image/webp'
}

/**
 * The images of a photo post (issue 29): one render of a slideshow, immutable like a media file, so a scheduled post
 * always sends what it was scheduled with. `slideshowId` names the slideshow it was rendered from (no foreign key:
 * the slideshow may be deleted while a post still needs its photos; its delete clears this column).
 */
export const photoSet = pgTable(
  'photo_set',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    slideshowId: uuid('slideshow_id'),
    images: jsonb('images').$type<PhotoSetImage[]>().notNull(),
    /** tiktok-api.md §3.10 photo_cover_index (0-based). */
    coverIndex: integer('cover_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_set_user_idx').on(t.userId), index('photo_set_slideshow_idx').on(t.slideshowId)],
)

/** What video/init told TikTok about a FILE_UPLOAD (tiktok-api.md §3.2, §3.5): the chunk ranges follow from it. */
export interface StoredChunkPlan {
  videoSize: number
  chunkSize: number
  totalChunkCount: number
}

/**
 * A post to TikTok (the spec's scheduled_videos) and its state machine (docs/architecture.md "The post state machine"):
 * scheduled → publishing → processing_on_tiktok → uploaded | failed | unconfirmed; an automation draft is
 * draft → scheduled (approved) or draft → skipped (not approved by its time; never sent, ADR 018). `publishId` is stored the moment
 * TikTok accepts the init, so nothing is ever posted twice.
 */
export const post = pgTable(
  'post',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Deleting an account deletes its posts (product.md §5 confirmation text).
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    /** issue 29: a video (`mediaId`) or a photo post (`photoSetId`). */
    format: text('format', { enum: ['video', 'photo'] })
      .notNull()
      .default('video'),
    /** issue 29: posted directly, or sent as a draft to the creator's TikTok inbox (MEDIA_UPLOAD). */
    postMode: text('post_mode', { enum: ['direct', 'inbox'] })
      .notNull()
      .default('direct'),
    mediaId: uuid('media_id').references(() => mediaFile.id, { onDelete: 'restrict' }),
    photoSetId: uuid('photo_set_id').references(() => photoSet.id, { onDelete: 'restrict' }),
    /** Photo posts: TikTok adds music (tiktok-api.md §3.10 auto_add_music). */
    autoAddMusic: boolean('auto_add_music').notNull().default(true),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    privacyLevel: text('privacy_level', {
      enum: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    }).notNull(),
    disableComment: boolean('disable_comment').notNull(),
    disableDuet: boolean('disable_duet').notNull(),
    disableStitch: boolean('disable_stitch').notNull(),
    brandContentToggle: boolean('brand_content_toggle').notNull().default(false),
    brandOrganicToggle: boolean('brand_organic_toggle').notNull().default(false),
    isAigc: boolean('is_aigc').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** The IANA zone the time was chosen in; the UI shows it. */
    timeZone: text('time_zone').notNull(),
    state: text('state', { enum: POST_STATES }).notNull().default('scheduled'),
    source: text('source', { enum: ['manual', 'automation'] })
      .notNull()
      .default('manual'),
    /** The automation's planned post this is (automation_slot.id): unique, so a slot is never posted twice. */
    automationSlotId: uuid('automation_slot_id'),
    publishId: text('publish_id'),
    tiktokPostId: text('tiktok_post_id'),
    errorMessage: text('error_message'),
    /**
     * When the person rejected this draft (ADR 048): it is `skipped` for good — never approved, given a new time or
     * sent. Null for every other post, including a draft skipped because nobody approved it by its time.
     */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /**
     * When the person last changed this post before it went out (PATCH /api/posts/:id, ADR 050): an automation post
     * they edited is kept, unless they say otherwise, when changed settings plan their posts again.
     */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    uploadedBytes: bigint('uploaded_bytes', { mode: 'number' }),
    /**
     * What resuming an interrupted upload needs (ADR 019), stored with the publish_id: TikTok's upload_url sealed like
     * a token (lib/crypto.ts; it lets anyone upload into this post), when it stops working, and the chunk plan. The
     * upload is unfinished while the post is `publishing` with a publish_id; the URL is forgotten once it is over.
     */
    uploadUrlEnc: text('upload_url_enc'),
    uploadUrlExpiresAt: timestamp('upload_url_expires_at', { withTimezone: true }),
    uploadPlan: jsonb('upload_plan').$type<StoredChunkPlan>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    lastStatusAt: timestamp('last_status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_user_scheduled_idx').on(t.userId, t.scheduledAt),
    index('post_state_scheduled_idx').on(t.state, t.scheduledAt),
    index('post_account_idx').on(t.accountId),
    // The pending-drafts cap counts an account's inbox posts of the last 24 hours.
    index('post_account_mode_scheduled_idx').on(t.accountId, t.postMode, t.scheduledAt),
    uniqueIndex('post_automation_slot_idx').on(t.automationSlotId),
  ],
)
