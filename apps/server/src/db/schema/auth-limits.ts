import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Attempts counted per subject (an email address, a user) in a fixed window, beside the per-address limit: sign-in and
 * password-reset mails per email, password checks and mails per signed-in user (ADR 020). In the database, so every
 * API process and a restart see the same count. `key` is `<kind>:<sha256 of the subject>`: no address in clear.
 */
export const authAttempt = pgTable('auth_attempt', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
})
