import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { StoredTextOverlay } from '@hookpost/shared'
import { user } from './auth'
import { mediaFile } from './posts'

/**
 * A video made in the studio (the spec's created_videos, issue #5): its sources and overlays, and the render's state
 * queued → rendering → processed | failed. The rendered MP4 is a media file of the user's (`outputMediaId`), so
 * scheduling it is `POST /api/posts` with that id. Sources and output are ON DELETE RESTRICT: a file a created video
 * uses cannot disappear under it. `updatedAt` doubles as the render's heartbeat (a lease the sweep checks).
 */
export const createdVideo = pgTable(
  'created_video',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    layout: text('layout', { enum: ['single', 'sequence', 'split'] }).notNull(),
    /** How a source that is not portrait 9:16 fills the frame (ADR 032). */
    fit: text('fit', { enum: ['blur', 'crop'] })
      .notNull()
      .default('blur'),
    /** With `crop`: where the picture is kept, 0–100 along the cut axis (50 = the centre). */
    cropFocus: integer('crop_focus').notNull().default(50),
    textOverlays: jsonb('text_overlays').$type<StoredTextOverlay[]>().notNull().default([]),
    /** The primary (hook) video. */
    sourceMediaId: uuid('source_media_id')
      .notNull()
      .references(() => mediaFile.id, { onDelete: 'restrict' }),
    /** The product demo of a hook + demo video. */
    demoMediaId: uuid('demo_media_id').references(() => mediaFile.id, { onDelete: 'restrict' }),
    state: text('state', { enum: ['queued', 'rendering', 'processed', 'failed'] })
      .notNull()
      .default('queued'),
    /** 0–100 while rendering (written every few seconds, not every frame). */
    progress: integer('progress').notNull().default(0),
    errorMessage: text('error_message'),
    /** Render attempts claimed so far; fences a claim (a worker that lost its claim cannot write over the next). */
    attempts: integer('attempts').notNull().default(0),
    outputMediaId: uuid('output_media_id').references(() => mediaFile.id, { onDelete: 'restrict' }),
    /** The JPEG in media storage (`<userId>/<outputMediaId>.jpg`). */
    thumbnailKey: text('thumbnail_key'),
    /**
     * The thumbnail's bytes, counted in the person's storage (ADR 058). Null for thumbnails made before it was kept
     * (migration 0033 cannot measure a stored file); those count as 0.
     */
    thumbnailSizeBytes: integer('thumbnail_size_bytes'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** A queued render waiting out its retry back-off is not started before this (null: as soon as it is its turn). */
    renderAfter: timestamp('render_after', { withTimezone: true }),
    /** When its latest attempt was claimed: the person's latest is their place in the round (ADR 055). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('created_video_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The sweep: renders whose lease expired, queued renders whose job vanished.
    index('created_video_state_updated_idx').on(t.state, t.updatedAt),
    // The fair claim: each person's latest claim (ADR 055).
    index('created_video_user_claimed_idx').on(t.userId, t.claimedAt),
  ],
)
