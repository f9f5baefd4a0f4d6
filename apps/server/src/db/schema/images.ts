import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ImageStyle } from '@hookpost/shared'
import { user } from './auth'

/**
 * An image of the person's (product.md §3 saved image, the AI Generation tab): generated from a prompt (by an image model, or
 * the offline text card when none is configured: `fallback`), or uploaded to turn into a video. `savedAt` is set when
 * it is saved to the gallery, which lists newest saved first; goes with its user.
 */
export const aiImage = pgTable(
  'ai_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    origin: text('origin', { enum: ['generated', 'uploaded'] }).notNull(),
    prompt: text('prompt').notNull(),
    style: text('style').$type<ImageStyle>().notNull(),
    provider: text('provider', { enum: ['offline', 'openai-compatible', 'upload'] }).notNull(),
    fallback: boolean('fallback').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_image_user_saved_idx').on(t.userId, t.savedAt.desc())],
)
