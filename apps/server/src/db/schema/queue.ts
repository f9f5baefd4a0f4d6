import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { PrivacyLevel } from '@hookpost/shared'
import { user } from './auth'
import { mediaFile, photoSet, post } from './posts'
import { tiktokAccount } from './tiktok'

/** An account's queue (issue 21 item 2, ADR 029): whether it is paused. No row = not paused. */
export const queueSetting = pgTable('queue_setting', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A posting slot: a weekday (0 = Sunday) and a wall-clock 'HH:mm' in the account's zone. Each at most once. */
export const queueSlot = pgTable(
  'queue_slot',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    time: text('time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.weekday, t.time] })],
)

/**
 * A post added to the queue. While the queue runs it points at its scheduled post (deleting the post removes it from
 * the queue). While the queue is paused it is held: the post is taken off the schedule and what it says is kept here
 * (`heldOrder` keeps its place), to be scheduled again at the next free slots on resume.
 */
export const queueEntry = pgTable(
  'queue_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => post.id, { onDelete: 'cascade' }),
    held: boolean('held').notNull().default(false),
    /** While held: the time it had, which orders the held posts. */
    heldOrder: timestamp('held_order', { withTimezone: true }),
    // A held post goes with its video (nothing is left to post); a scheduled one keeps it (the post's own restrict).
    mediaId: uuid('media_id').references(() => mediaFile.id, { onDelete: 'cascade' }),
    /** issue 29: a held photo post keeps its photo set (and goes with it), its format and its mode. */
    format: text('format', { enum: ['video', 'photo'] }),
    postMode: text('post_mode', { enum: ['direct', 'inbox'] }),
    photoSetId: uuid('photo_set_id').references(() => photoSet.id, { onDelete: 'cascade' }),
    autoAddMusic: boolean('auto_add_music'),
    title: text('title'),
    description: text('description'),
    privacyLevel: text('privacy_level').$type<PrivacyLevel>(),
    allowComment: boolean('allow_comment'),
    allowDuet: boolean('allow_duet'),
    allowStitch: boolean('allow_stitch'),
    brandContent: boolean('brand_content'),
    brandOrganic: boolean('brand_organic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('queue_entry_post_unique').on(t.postId), index('queue_entry_account_idx').on(t.accountId, t.held)],
)
