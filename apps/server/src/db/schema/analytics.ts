import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ContentTone, HookConcept, StatsSyncStatus } from '@hookpost/shared'
import { user } from './auth'
import { post } from './posts'
import { tiktokAccount } from './tiktok'

/**
 * Analytics (issue 19, ADR 022). What TikTok's Display API says about published posts and accounts, kept as time
 * series, plus what hook each post carried, so the leaderboard and the automation's bandit can learn which hooks win.
 */

/**
 * What hook a post carried, written when the post is created (schedule form, automation) and kept even if the
 * created video or automation slot it came from is deleted later. Columns are null where unknown (a manual upload
 * has no concept or tone).
 */
export const postHook = pgTable(
  'post_hook',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => post.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    concept: text('concept').$type<HookConcept>(),
    tone: text('tone').$type<ContentTone>(),
    hookText: text('hook_text'),
    /** overlayStyleKey() of the hook overlay. */
    overlayStyle: text('overlay_style'),
    /** `stock:<slug>` or `media:<id>`: the clip the video was made from. */
    sourceKey: text('source_key'),
    sourceLabel: text('source_label'),
  },
  (t) => [index('post_hook_account_idx').on(t.accountId)],
)

/**
 * The latest figures of a post TikTok made public (one row per post with a TikTok post id), when to fetch them again,
 * and its score: views relative to the account's median at the same age (normalise.ts), recomputed after each sync.
 */
export const postStats = pgTable(
  'post_stats',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => post.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    /** TikTok's video id (post.tiktok_post_id): what /v2/video/query/ is asked for. */
    tiktokVideoId: text('tiktok_video_id').notNull(),
    /** When it became public (TikTok's create_time once known; until then the post's published_at). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    comments: bigint('comments', { mode: 'number' }).notNull().default(0),
    shares: bigint('shares', { mode: 'number' }).notNull().default(0),
    coverUrl: text('cover_url'),
    shareUrl: text('share_url'),
    /** `gone`: TikTok stopped returning it (deleted or no longer public); its history stays, it is not asked again. */
    state: text('state', { enum: ['live', 'gone'] })
      .notNull()
      .default('live'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** When the sync should fetch it again (by age: hourly for 2 days, daily to 30 days, weekly after). */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull(),
    /** Views ÷ the account's median views at the same age; null until it can be compared. */
    relativeViews: real('relative_views'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_stats_account_published_idx').on(t.accountId, t.publishedAt),
    index('post_stats_due_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.state} = 'live'`),
    index('post_stats_user_idx').on(t.userId),
  ],
)

/** One reading of a post's figures. Age = takenAt − post_stats.publishedAt. */
export const postStatsSnapshot = pgTable(
  'post_stats_snapshot',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    views: bigint('views', { mode: 'number' }).notNull(),
    likes: bigint('likes', { mode: 'number' }).notNull(),
    comments: bigint('comments', { mode: 'number' }).notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.takenAt] }),
    index('post_stats_snapshot_account_taken_idx').on(t.accountId, t.takenAt),
  ],
)

/**
 * What all of an account's posts gained, per 15-minute bucket of snapshot time (a cache the Analytics tab reads its
 * daily series and growth from, instead of differencing ~150,000 snapshots a year per request). Written by a trigger
 * on post_stats_snapshot (migration 0014): each new snapshot adds its figures minus its post's previous snapshot's.
 * Every time zone's offset is a multiple of 15 minutes, so a local day is always a whole number of buckets. Rows stay
 * when a post is deleted from Hookpost: the account did gain those views.
 */
export const postStatsGain = pgTable(
  'post_stats_gain',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    bucketAt: timestamp('bucket_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    comments: bigint('comments', { mode: 'number' }).notNull().default(0),
    shares: bigint('shares', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucketAt] })],
)

/** One reading of an account's counts (user.info.stats). */
export const accountStatsSnapshot = pgTable(
  'account_stats_snapshot',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    followers: bigint('followers', { mode: 'number' }),
    following: bigint('following', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    videos: bigint('videos', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.takenAt] })],
)

/** Per account: where its stats sync stands (shown in the Analytics tab) and when it runs next. */
export const accountStatsSync = pgTable(
  'account_stats_sync',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').$type<StatsSyncStatus>().notNull().default('pending'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** When the account's counts (followers) and any due posts are fetched next. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sync is queued or running (a lease: older than a few minutes counts as dead). */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /**
     * "Refresh stats" was pressed while a run held the lease: that run chose its posts before the press, so it runs
     * once more before releasing the lease.
     */
    rerunRequested: boolean('rerun_requested').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_stats_sync_due_idx').on(t.nextSyncAt)],
)
