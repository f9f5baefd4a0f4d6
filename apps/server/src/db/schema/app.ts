import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth'

/** One per user: the product's own facts about a person (better-auth owns `user`). */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** IANA zone the user works in; null until chosen (the web offers the browser's zone). */
  timeZone: text('time_zone'),
  plan: text('plan', { enum: ['trial', 'basic', 'pro', 'business'] })
    .notNull()
    .default('trial'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** Notifications the person wants (ADR 034): in the app and by mail; Profile turns each off. */
  notifyPostFailed: boolean('notify_post_failed').notNull().default(true),
  notifyAccountReconnect: boolean('notify_account_reconnect').notNull().default(true),
  notifyDailyDigest: boolean('notify_daily_digest').notNull().default(true),
  /** Automation drafts awaiting approval, and the reminder before each one's time (ADR 048). */
  notifyAwaitingApproval: boolean('notify_awaiting_approval').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every mail the product sends is written here first, then delivered by the `mail.send` job: over SMTP when SMTP_URL is
 * set, otherwise it stays here as the development outbox (readable at /dev/outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
)
