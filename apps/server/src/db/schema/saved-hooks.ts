import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { OverlayFontWeight, OverlayPosition, StoredFontSize } from '@hookpost/shared'
import { user } from './auth'

/**
 * A hook a creator saved from the studio's Text Overlays (product.md §3 saved_hooks): an overlay's text and style, to apply
 * to another video later. Listed newest first (product.md §7), hence the index; goes with its user.
 */
export const savedHook = pgTable(
  'saved_hook',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: text('position').$type<OverlayPosition>().notNull(),
    color: text('color').notNull(),
    fontSize: integer('font_size').$type<StoredFontSize>().notNull(),
    fontWeight: text('font_weight').$type<OverlayFontWeight>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_hook_user_created_idx').on(t.userId, t.createdAt.desc())],
)
