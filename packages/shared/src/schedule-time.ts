import { MESSAGES } from './messages'
import { lastSchedulableDate } from './posts'
import { instantToZoned, isCalendarDate, isClockTime, todayInZone, zonedToInstant } from './time'

/** A rule the chosen moment breaks: the field that has to change, and the spec's words for it. */
export interface ScheduleTimeProblem {
  field: 'date' | 'time' | 'timeZone'
  message: string
}

export type ScheduledAtResolution = { ok: true; instant: Date } | ({ ok: false } & ScheduleTimeProblem)

/**
 * The date and time a person picked, in the zone they picked, as the instant the post goes out — or why it cannot go
 * out then (product.md §5: not before today in that zone; in the future; ADR 021: not after the scheduling horizon). A time
 * in a spring-forward gap does not exist and is refused; an autumn-overlap time is the first of its two occurrences
 * (`zonedToInstant`). The server (every way a post gets or changes its time), the Schedule form and the calendar's
 * moves all ask this, so each says the same sentence about the same moment.
 */
export function resolveScheduledAt(
  input: { date: string; time: string; timeZone: string },
  now: Date,
): ScheduledAtResolution {
  const { date, time, timeZone } = input
  const resolved = zonedToInstant(date, time, timeZone)
  if (!resolved.ok) {
    if (resolved.reason === 'nonexistent') return { ok: false, field: 'time', message: MESSAGES.timeDoesNotExist }
    // What cannot be read, in the order the form shows it: the date, the time, then the zone.
    if (!isCalendarDate(date)) return { ok: false, field: 'date', message: MESSAGES.chooseDate }
    if (!isClockTime(time)) return { ok: false, field: 'time', message: MESSAGES.chooseTime }
    return { ok: false, field: 'timeZone', message: MESSAGES.timeZoneInvalid }
  }
  if (date < todayInZone(now, timeZone)) return { ok: false, field: 'date', message: MESSAGES.dateInPast }
  const problem = checkScheduledAt(resolved.instant, timeZone, now)
  return problem ? { ok: false, ...problem } : { ok: true, instant: resolved.instant }
}

/**
 * An exact instant a post is to go out at (automation plans them; a picked date and time resolve to one): in the
 * future, and on a date, in the zone it was chosen in, no later than today there plus SCHEDULE_HORIZON_DAYS.
 */
export function checkScheduledAt(at: Date, timeZone: string, now: Date): ScheduleTimeProblem | undefined {
  if (at.getTime() <= now.getTime()) return { field: 'time', message: MESSAGES.dateInPast }
  if (instantToZoned(at, timeZone).date > lastSchedulableDate(now, timeZone)) {
    return { field: 'date', message: MESSAGES.scheduleTooFar }
  }
  return undefined
}
