import { PLAN_IDS } from '@hookpost/shared'
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from './auth'

/**
 * A person's plan (ADR 036): one row per user, made the first time it is needed with the trial starting at sign-up
 * (`user.created_at`) and ending TRIAL_DAYS later. `status` is what billing last said: `trial` (no plan bought yet),
 * `active` (a plan is paid for, or chosen with manual billing), `ended` (the paid plan ended). Whether the trial is
 * still running is read from `trial_ends_at` against the clock, never stored. The row is also the per-user lock every
 * limit check takes (`SELECT … FOR UPDATE`), so two creates at the limit cannot both pass.
 */
export const subscription = pgTable(
  'subscription',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLAN_IDS }),
    /** The plan picked on the pricing page before sign-up (issue 30 item 9): offered first; it buys nothing. */
    chosenPlan: text('chosen_plan', { enum: PLAN_IDS }),
    status: text('status', { enum: ['trial', 'active', 'ended'] })
      .notNull()
      .default('trial'),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    /** Which provider the plan was bought through (`manual` or `stripe`); null while none was. */
    provider: text('provider', { enum: ['manual', 'stripe'] }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When the provider made the last event applied here: an older one arriving late changes nothing (ADR 036). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_provider_subscription_idx').on(t.subscriptionId)],
)

/** Webhook events already applied, by the provider's event id: a re-sent event changes nothing (ADR 036). */
export const billingEvent = pgTable('billing_event', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: ['manual', 'stripe'] }).notNull(),
  kind: text('kind').notNull(),
  /** Whose subscription it changed; forgotten with the person (the event id stays, so a re-send still changes nothing). */
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
