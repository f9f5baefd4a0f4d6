import {
  instantToZoned,
  planById,
  SENDING_OR_SENT_POST_STATES,
  TRIAL_DAYS,
  TRIAL_PLAN_ID,
  type PlanId,
  type PlanState,
} from '@hookpost/shared'

/**
 * The pure rules of plans and the trial (ADR 036): what a subscription row means at an instant, and which calendar
 * month a post counts in. No I/O, so they are tested on their own and used by every path.
 */

const DAY_MS = 86_400_000

export interface SubscriptionFacts {
  plan: PlanId | null
  status: 'trial' | 'active' | 'ended'
  trialEndsAt: Date
}

export interface Entitlement {
  state: PlanState
  /** The paid plan (null in the trial and after it). */
  plan: PlanId | null
  /** The plan whose words refusals use ("Your Basic plan allows …"); null once the trial ended without one. */
  planName: string | null
  maxAccounts: number
  /** null = unlimited. */
  scheduledPostsPerMonth: number | null
  /** What the person's stored files may add up to (ADR 058). */
  storageBytes: number
}

/**
 * A paid plan wins; otherwise the trial runs until `trialEndsAt` (exclusive) with Pro's limits; after it, nothing new
 * may be scheduled or connected (limits 0).
 */
export function entitlementAt(sub: SubscriptionFacts, now: Date): Entitlement {
  if (sub.status === 'active' && sub.plan) {
    const plan = planById(sub.plan)
    return {
      state: 'active',
      plan: plan.id,
      planName: plan.name,
      maxAccounts: plan.maxAccounts,
      scheduledPostsPerMonth: plan.scheduledPostsPerMonth,
      storageBytes: plan.storageBytes,
    }
  }
  if (now.getTime() < sub.trialEndsAt.getTime()) {
    const trial = planById(TRIAL_PLAN_ID)
    return {
      state: 'trial',
      plan: null,
      planName: null,
      maxAccounts: trial.maxAccounts,
      scheduledPostsPerMonth: trial.scheduledPostsPerMonth,
      storageBytes: trial.storageBytes,
    }
  }
  // Storage keeps the trial's limit (ADR 058): nothing stored is lost, and files may still be added up to it.
  return {
    state: 'ended',
    plan: null,
    planName: null,
    maxAccounts: 0,
    scheduledPostsPerMonth: 0,
    storageBytes: planById(TRIAL_PLAN_ID).storageBytes,
  }
}

/**
 * May `addingBytes` more be stored beside `usedBytes` under `limitBytes` (ADR 058)? A file of known size must fit
 * whole. `addingBytes` 0 is a render or export whose size is not known before it runs: it may start while the person
 * is below the limit, and is allowed to finish even if it ends past it.
 */
export function storageAllows(limitBytes: number, usedBytes: number, addingBytes: number): boolean {
  return addingBytes > 0 ? usedBytes + addingBytes <= limitBytes : usedBytes < limitBytes
}

/** The trial's end for a person who signed up at `signedUpAt`. */
export function trialEndFor(signedUpAt: Date): Date {
  return new Date(signedUpAt.getTime() + TRIAL_DAYS * DAY_MS)
}

/** Whole days left, rounded up (a trial ending in 3 hours has 1 day left); 0 once it ended. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  const ms = trialEndsAt.getTime() - now.getTime()
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS)
}

/**
 * The calendar month a post counts in: the month of its scheduled instant on the wall clock of the zone it was
 * chosen in ('YYYY-MM'). A post at 2027-01-31 23:30 Europe/Berlin counts in January, though it is February in UTC.
 */
export function monthOf(instant: Date, timeZone: string): string {
  return instantToZoned(instant, timeZone).date.slice(0, 7)
}

/**
 * A window of instants that surely holds every instant whose month in some zone is `month` (zones are within
 * UTC−12…UTC+14): the month in UTC widened by a day each side. Candidates are then kept by `monthOf`.
 */
export function monthWindow(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const start = Date.UTC(y, m - 1, 1)
  const end = Date.UTC(y, m, 1)
  return { from: new Date(start - DAY_MS), to: new Date(end + DAY_MS) }
}

/** Post states that count against the month: not drafts, skipped drafts or failed posts (deleted ones are gone). */
export const COUNTED_POST_STATES = SENDING_OR_SENT_POST_STATES
