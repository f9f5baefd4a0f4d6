import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '@hookpost/shared'
import { user } from './auth'

/**
 * A notice for the bell (ADR 034). `dedupeKey` names the event it is about (a post's failed attempt, an account's
 * connection, a local day's digest): unique per user, so the same event never notifies twice, however many workers
 * see it. The mail goes out only for the row that was inserted.
 */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_user_key_idx').on(t.userId, t.dedupeKey),
    index('notification_user_created_idx').on(t.userId, t.createdAt),
  ],
)
