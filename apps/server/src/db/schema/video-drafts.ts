import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { VideoDraftContent } from '@hookpost/shared'
import { user } from './auth'

/**
 * The Create form's draft (issue 30 item 2, ADR 044): one per person, what the form held at its last save. `revision`
 * counts the saves and only ever grows (clearing keeps the row with no content), so a save from a page that read an
 * older revision is refused instead of overwriting newer work. The media it names are in the content, not foreign keys:
 * a video deleted since is dropped from the draft when it is read, never kept from being deleted. Goes with its user.
 */
export const videoDraft = pgTable('video_draft', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  content: jsonb('content').$type<VideoDraftContent>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
