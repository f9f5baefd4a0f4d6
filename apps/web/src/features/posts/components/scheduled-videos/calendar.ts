import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost } from '@hookpost/shared/posts'
import { resolveScheduledAt } from '@hookpost/shared/schedule-time'
import { addDays, instantToZoned, zonedToInstant } from '@hookpost/shared/time'

/**
 * The calendar's pure date maths. Calendar days are 'YYYY-MM-DD' strings in the display zone (the user's profile zone,
 * else the browser's); instants are ISO strings. Days are handled as UTC dates, so the browser's own zone and its DST
 * never leak into the grid.
 */

export type CalendarSpan = 'month' | 'week'

const WEEKDAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })
const SHORT_WEEKDAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })

/** Sunday first, as the spec's grid (product.md §2: a Sun–Sat grid). */
export const WEEKDAYS = Array.from({ length: 7 }, (_, i) => {
  // 2023-01-01 was a Sunday.
  const day = new Date(Date.UTC(2023, 0, 1 + i))
  return { short: SHORT_WEEKDAY_FORMAT.format(day), long: WEEKDAY_FORMAT.format(day) }
})

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d))
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return utcDate(date).getUTCDay()
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000)
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`
}

/** The first day of the month `months` away from `date`'s month. */
export function addMonths(date: string, months: number): string {
  const d = utcDate(firstOfMonth(date))
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)).toISOString().slice(0, 10)
}

function lastOfMonth(date: string): string {
  return addDays(addMonths(date, 1), -1)
}

/** The month as weeks of seven cells, Sunday first; `null` is a blank cell before the 1st or after the last day. */
export function monthWeeks(date: string): (string | null)[][] {
  const first = firstOfMonth(date)
  const last = lastOfMonth(date)
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null)
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push(day)
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/** Sunday to Saturday of the week holding `date`. */
export function weekDays(date: string): string[] {
  const sunday = addDays(date, -weekdayOf(date))
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i))
}

/** The first and last day a view shows. */
export function periodBounds(span: CalendarSpan, anchor: string): { first: string; last: string } {
  if (span === 'month') return { first: firstOfMonth(anchor), last: lastOfMonth(anchor) }
  const days = weekDays(anchor)
  return { first: days[0]!, last: days[6]! }
}

/** The day before/after: a month or a week away. Moving by months lands on the 1st. */
export function shiftPeriod(span: CalendarSpan, anchor: string, step: 1 | -1): string {
  return span === 'month' ? addMonths(anchor, step) : addDays(anchor, 7 * step)
}

/**
 * The instant a calendar day begins in `zone`. Midnight itself does not exist on a few zones' DST days (clocks jump
 * from 00:00 to 01:00, e.g. America/Santiago), so take the first minute that does.
 */
export function startOfDay(date: string, zone: string): Date {
  for (const time of ['00:00', '00:30', '01:00', '02:00']) {
    const resolved = zonedToInstant(date, time, zone)
    if (resolved.ok) return resolved.instant
  }
  return utcDate(date)
}

/** What the calendar (`GET /api/posts/calendar`) and a day's "+N more" (`GET /api/posts`) ask for: from the first day's start to the start of the day after the last. */
export function periodRange(first: string, last: string, zone: string): { from: string; to: string } {
  return { from: startOfDay(first, zone).toISOString(), to: startOfDay(addDays(last, 1), zone).toISOString() }
}

/** The day a post falls on, in `zone`. */
export function postDay(post: Pick<CalendarPost, 'scheduledAt'>, zone: string): string {
  return instantToZoned(new Date(post.scheduledAt), zone).date
}

// --- Formatting (English, as the rest of the app) ---

const formats = new Map<string, Intl.DateTimeFormat>()
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options)
    formats.set(key, f)
  }
  return f
}

/** 'April 2026' */
export function monthTitle(date: string): string {
  return format({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDate(date))
}

/** 'Apr 5 – 11, 2026', 'Mar 29 – Apr 4, 2026' */
export function weekTitle(first: string, last: string): string {
  return format({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatRange(
    utcDate(first),
    utcDate(last),
  )
}

/** 'Tuesday, April 7' */
export function dayLabel(date: string): string {
  return format({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utcDate(date))
}

/** 'Tue, Apr 7, 2026' */
export function shortDate(date: string): string {
  return format({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    utcDate(date),
  )
}

/** '2:30 PM' in `zone`. */
export function timeIn(instant: string, zone: string): string {
  return format({ hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(instant))
}

/** 'Tue, Apr 7, 2026, 2:30 PM' in `zone` (one formatter for every screen: lib/format). */
export { dateTimeIn } from '../../../../lib/format'

// --- Moving a post to another day ---

export type MovePlan =
  | { ok: true; body: { date: string; time: string; timeZone: string }; scheduledAt: string }
  | { ok: false; message: string }

/**
 * Moving keeps the post's time of day in its own zone (a 09:00 New York post dragged to Friday is 09:00 New York on
 * Friday, whatever zone the calendar shows). `date` is the new day in the post's zone. Refused here, before anything is
 * sent: a post that is no longer scheduled, a moment that has passed or is more than a year ahead, a time the clocks
 * skip that day (product.md §5: `resolveScheduledAt`, the server's own rule, so the person hears the same sentence either way).
 */
export function planMove(
  post: Pick<CalendarPost, 'state' | 'scheduledAt' | 'timeZone'>,
  date: string,
  now: Date,
): MovePlan {
  if (post.state !== 'scheduled' && post.state !== 'draft') return { ok: false, message: MESSAGES.onlyScheduledCanMove }
  const { time } = instantToZoned(new Date(post.scheduledAt), post.timeZone)
  const resolved = resolveScheduledAt({ date, time, timeZone: post.timeZone }, now)
  if (!resolved.ok) return { ok: false, message: resolved.message }
  return { ok: true, body: { date, time, timeZone: post.timeZone }, scheduledAt: resolved.instant.toISOString() }
}

/** Dragging from one display day to another moves the post by that many days in its own zone. */
export function dayInOwnZoneAfterShift(post: Pick<CalendarPost, 'scheduledAt' | 'timeZone'>, shift: number): string {
  return addDays(instantToZoned(new Date(post.scheduledAt), post.timeZone).date, shift)
}
