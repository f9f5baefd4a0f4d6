import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { SlideSource, StoredTextOverlay } from '@hookpost/shared'
import { user } from './auth'
import { mediaFile, photoSet } from './posts'

/** One slide as stored: its background and its overlays (the overlay spec as the video studio stores it). */
export interface StoredSlide {
  source: SlideSource
  overlays: StoredTextOverlay[]
}

/**
 * A slideshow made in the studio (issue 29): 1–35 slides, rendered to 1080×1920 JPEGs as a photo set
 * (`photoSetId`, the latest render) queued → rendering → processed | failed, like a created video; `updatedAt` is the
 * render's heartbeat. It can also be exported as an MP4 (`exportMediaId`), a media file schedulable like any video.
 */
export const slideshow = pgTable(
  'slideshow',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slides: jsonb('slides').$type<StoredSlide[]>().notNull(),
    coverIndex: integer('cover_index').notNull().default(0),
    state: text('state', { enum: ['queued', 'rendering', 'processed', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    errorMessage: text('error_message'),
    /** Render attempts claimed so far; fences a claim like a created video's. */
    attempts: integer('attempts').notNull().default(0),
    /** A render waiting out its back-off is not started before this (the fair claim, ADR 059). */
    renderAfter: timestamp('render_after', { withTimezone: true }),
    /** When its render was last claimed: the owner's latest is their turn in the round (ADR 059). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    photoSetId: uuid('photo_set_id').references(() => photoSet.id, { onDelete: 'restrict' }),
    exportState: text('export_state', { enum: ['none', 'queued', 'rendering', 'processed', 'failed'] })
      .notNull()
      .default('none'),
    exportSecondsPerSlide: real('export_seconds_per_slide').notNull().default(3),
    exportErrorMessage: text('export_error_message'),
    exportMediaId: uuid('export_media_id').references(() => mediaFile.id, { onDelete: 'restrict' }),
    /** When its export was last claimed: the owner's turn among exports (ADR 059). */
    exportClaimedAt: timestamp('export_claimed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slideshow_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('slideshow_state_updated_idx').on(t.state, t.updatedAt),
    index('slideshow_user_claimed_idx').on(t.userId, t.claimedAt),
    index('slideshow_user_export_claimed_idx').on(t.userId, t.exportClaimedAt),
  ],
)
