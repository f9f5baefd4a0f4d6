/**
 * When the stats sync reads a post or an account again (issue 19, Deliver 1). A post's views move fast while it is new
 * and hardly at all after a month, so the gap between readings grows with its age: hourly for its first 2 days (enough
 * points for the 7-day curve and for comparing young posts at the same age), daily to 30 days, weekly after. An
 * account's counts (followers) are read hourly. Pure: every function takes the instants it needs.
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

/** Age bands of a post and the gap between its readings in each. */
export const POST_SYNC_BANDS = [
  { untilAgeMs: 2 * DAY_MS, everyMs: HOUR_MS },
  { untilAgeMs: 30 * DAY_MS, everyMs: DAY_MS },
] as const
/** Past the last band. */
export const POST_SYNC_LATE_EVERY_MS = 7 * DAY_MS
/** An account's counts (user.info.stats). */
export const ACCOUNT_SYNC_EVERY_MS = HOUR_MS

/** The gap between readings of a post of this age (a post not yet public counts as age 0). */
export function postSyncInterval(ageMs: number): number {
  const age = Math.max(0, ageMs)
  for (const band of POST_SYNC_BANDS) if (age < band.untilAgeMs) return band.everyMs
  return POST_SYNC_LATE_EVERY_MS
}

/** When a post read at `syncedAt` is read next. */
export function nextPostSyncAt(publishedAt: Date, syncedAt: Date): Date {
  return new Date(syncedAt.getTime() + postSyncInterval(syncedAt.getTime() - publishedAt.getTime()))
}

/** When an account whose counts were read at `syncedAt` is read next. */
export function nextAccountSyncAt(syncedAt: Date): Date {
  return new Date(syncedAt.getTime() + ACCOUNT_SYNC_EVERY_MS)
}
