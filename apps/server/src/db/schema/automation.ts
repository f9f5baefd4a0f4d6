import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type {
  AutomationConcept,
  AutomationFormat,
  AutomationSlotState,
  AutomationTone,
  AutomationTrigger,
  ContentTone,
  PostingTimes,
  PostMode,
  HookConcept,
  PrivacyLevel,
  Weekday,
} from '@hookpost/shared'
import { user } from './auth'
import { slideshow } from './slideshows'
import { tiktokAccount } from './tiktok'
import { createdVideo } from './videos'

/**
 * The person's automation (product.md §3 automation settings; one row per user, table automation_settings). The posting
 * window is wall-clock 'HH:MM' in the account's zone; the post settings are chosen once, explicitly.
 */
export const automationSettings = pgTable('automation_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  accountId: uuid('account_id').references(() => tiktokAccount.id, { onDelete: 'set null' }),
  hookConcept: text('hook_concept').$type<AutomationConcept>().notNull(),
  customConcept: text('custom_concept').notNull().default(''),
  contentTone: text('content_tone').$type<AutomationTone>().notNull(),
  customTone: text('custom_tone').notNull().default(''),
  mustIncludeKeywords: jsonb('must_include_keywords').$type<string[]>().notNull().default([]),
  mayIncludeKeywords: jsonb('may_include_keywords').$type<string[]>().notNull().default([]),
  /** Library item ids (`stock:<slug>`, `video:<id>`). */
  selectedVideos: jsonb('selected_videos').$type<string[]>().notNull().default([]),
  scheduleDays: jsonb('schedule_days').$type<Weekday[]>().notNull(),
  postsPerDay: integer('posts_per_day').notNull(),
  windowStart: text('window_start').notNull(),
  windowEnd: text('window_end').notNull(),
  /** 'random' minutes in the window, or the account's 'best' hours in it once it has enough posts (issue 19). */
  postingTimes: text('posting_times').$type<PostingTimes>().notNull().default('random'),
  customPrompt: text('custom_prompt').notNull().default(''),
  exampleHooks: jsonb('example_hooks').$type<string[]>().notNull().default([]),
  privacyLevel: text('privacy_level').$type<PrivacyLevel>(),
  allowComment: boolean('allow_comment').notNull(),
  allowDuet: boolean('allow_duet').notNull(),
  allowStitch: boolean('allow_stitch').notNull(),
  /** "Review before posting": planned posts are drafts until the person approves each one (ADR 018). */
  reviewBeforePosting: boolean('review_before_posting').notNull().default(false),
  /** What it posts (issue 29): videos, slideshows, or both by turns ('alternate', per account). */
  format: text('format').$type<AutomationFormat>().notNull().default('video'),
  /** Gallery image ids a slideshow's backgrounds are drawn from, least recently used first. */
  slideshowImageIds: jsonb('slideshow_image_ids').$type<string[]>().notNull().default([]),
  /** Point slides per slideshow, between the hook slide and the call to action. */
  slidesPerPost: integer('slides_per_post').notNull().default(3),
  /** Posts go to the creator's TikTok inbox as drafts (post mode `inbox`) rather than directly. */
  sendAsDrafts: boolean('send_as_drafts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One run of the planner (the History): when, why, and a sentence saying what it did. */
export const automationRun = pgTable(
  'automation_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<AutomationTrigger>().notNull(),
    summary: text('summary').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('automation_run_user_started_idx').on(t.userId, t.startedAt.desc())],
)

/**
 * A posting day that has been planned, for one account: the planner's idempotency key. A day is planned once; the
 * insert that claims it commits with its slots, so a second run (or a second worker) plans nothing new.
 */
export const automationDay = pgTable(
  'automation_day',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => automationRun.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.day] })],
)

/**
 * One planned post: its time, the Library video it is made from, the hook and title written for it, the video
 * rendered with the hook (`videoId`), and its state. Once scheduled, the post (post.automation_slot_id) says the rest.
 */
export const automationSlot = pgTable(
  'automation_slot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => automationRun.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    sourceItemId: text('source_item_id').notNull(),
    sourceTitle: text('source_title').notNull(),
    concept: text('concept').$type<HookConcept>().notNull(),
    tone: text('tone').$type<ContentTone>().notNull(),
    hookText: text('hook_text').notNull(),
    /** Why this concept × tone was chosen (the hook bandit's reason, or "Random"); null when the person fixed both. */
    hookReason: text('hook_reason'),
    /** Why this time was chosen (best times or random in the window); null for slots planned before issue 19. */
    timeReason: text('time_reason'),
    title: text('title').notNull(),
    /** The caption text (with hashtags) written for the post; the AI's filming brief is never kept (ADR 018). */
    description: text('description').notNull(),
    /** null for a draft sent to the inbox: the creator chooses who sees it in TikTok (issue 29). */
    privacyLevel: text('privacy_level').$type<PrivacyLevel>(),
    allowComment: boolean('allow_comment').notNull(),
    allowDuet: boolean('allow_duet').notNull(),
    allowStitch: boolean('allow_stitch').notNull(),
    /** A video, or a slideshow (a photo post) made from `slides` on the `imageIds` backgrounds (issue 29). */
    format: text('format').$type<'video' | 'slideshow'>().notNull().default('video'),
    /** `inbox`: sent as a draft to the creator's TikTok inbox. */
    postMode: text('post_mode').$type<PostMode>().notNull().default('direct'),
    /** A slideshow's written slides (hook, points, call to action), in order. */
    slides: jsonb('slides').$type<{ role: 'hook' | 'point' | 'cta'; text: string }[]>().notNull().default([]),
    /** A slideshow's backgrounds: gallery image ids, one per slide. */
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    slideshowId: uuid('slideshow_id').references(() => slideshow.id, { onDelete: 'set null' }),
    /** Its post becomes a draft awaiting approval ("Review before posting" was on when it was planned). */
    needsApproval: boolean('needs_approval').notNull().default(false),
    // 'draft', 'inbox', 'posted', 'skipped' and 'rejected' are read from the post (toSlotDto), never stored here.
    state: text('state')
      .$type<Exclude<AutomationSlotState, 'posted' | 'draft' | 'skipped' | 'rejected' | 'inbox'>>()
      .notNull(),
    errorMessage: text('error_message'),
    videoId: uuid('video_id').references(() => createdVideo.id, { onDelete: 'set null' }),
    /**
     * While Regenerate makes a new hook and video for this planned post (ADR 050): what it had before, put back if the
     * new one cannot be made, and whose video is removed once the new one is on the post. Null otherwise.
     */
    regeneratedFrom: jsonb('regenerated_from').$type<{
      hookText: string
      title: string
      description: string
      slides: { role: 'hook' | 'point' | 'cta'; text: string }[]
      videoId: string | null
      slideshowId: string | null
    }>(),
    /** When a worker took it to make its video (a lease: a dead worker's claim expires). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automation_slot_run_idx').on(t.runId),
    index('automation_slot_user_source_idx').on(t.userId, t.sourceItemId, t.createdAt),
    index('automation_slot_pending_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} in ('preparing', 'rendering')`),
  ],
)
