import {
  addDays,
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGE_MAX_DAYS,
  isValidTimeZone,
  zoneOffsetMinutes,
  zonedToInstant,
  type AnalyticsQuery,
} from '@hookpost/shared'

/** The profile's wording for a zone that is not an IANA zone (packages/shared profile.ts timeZoneSchema). */
export const INVALID_TIME_ZONE = 'Please choose a valid time zone'

/**
 * A query's dates as instants: the days from `from` to `to` (inclusive) in `timeZone`, each with the instant it
 * starts at. Days are cut by the zone's calendar, so a DST day is 23 or 25 hours long. The bucketing happens here,
 * not in SQL (`AT TIME ZONE`), so the answer does not depend on the database's copy of the zone rules.
 */
export interface AnalyticsRange {
  from: string
  to: string
  timeZone: string
  /** The dates of the range, oldest first. */
  days: string[]
  /** When each day starts, plus when the day after `to` starts: days.length + 1 instants, ascending. */
  dayStarts: Date[]
  start: Date
  end: Date
  /** The period of as many days just before (for "vs previous period"). */
  previous: { start: Date; end: Date }
}

export type RangeIssue = { path: 'from' | 'to' | 'tz'; message: string }

/** Calendar days from `a` to `b` (b − a), both 'YYYY-MM-DD'. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/**
 * When `date` starts in `zone`: local midnight, or — in the few zones whose clocks jump at midnight — the first
 * wall-clock hour that exists that day.
 */
export function dayStart(date: string, zone: string): Date {
  for (let hour = 0; hour < 24; hour++) {
    const resolved = zonedToInstant(date, `${String(hour).padStart(2, '0')}:00`, zone)
    if (resolved.ok) return resolved.instant
  }
  throw new Error(`no hour of ${date} exists in ${zone}`)
}

/** Days between offset checks: zones change offset months apart, never twice within a week. */
const CHECK_EVERY_DAYS = 7
const MINUTE = 60_000

/** Remembered day starts (`zone|date` → epoch ms): the tab asks for the same ranges again and again. */
const remembered = new Map<string, number>()
const REMEMBER_MAX = 100_000

/**
 * When each of `dates` (consecutive, ascending) starts in `zone`. Asking the zone's offset costs an Intl call, so it
 * is asked once a week of dates; only a week whose two ends differ (a DST change inside) is resolved day by day.
 */
export function dayStarts(dates: readonly string[], zone: string): Date[] {
  const out = new Array<number>(dates.length)
  const missing: number[] = []
  dates.forEach((date, i) => {
    const known = remembered.get(`${zone}|${date}`)
    if (known === undefined) missing.push(i)
    else out[i] = known
  })
  if (missing.length > 0) {
    const wall = (i: number) => Date.parse(`${dates[i]}T00:00:00Z`)
    const offsetOf = new Map<number, number>()
    // The offset in force at local midnight of dates[i], when no change happens near it.
    const offsetNear = (i: number) => {
      let offset = offsetOf.get(i)
      if (offset === undefined) {
        offset = zoneOffsetMinutes(new Date(wall(i) - zoneOffsetMinutes(new Date(wall(i)), zone) * MINUTE), zone)
        offsetOf.set(i, offset)
      }
      return offset
    }
    for (let from = 0; from < dates.length; from += CHECK_EVERY_DAYS) {
      const to = Math.min(from + CHECK_EVERY_DAYS, dates.length - 1)
      const steady = offsetNear(from) === offsetNear(to)
      for (let i = from; i <= to; i++) {
        if (out[i] !== undefined) continue
        const guess = wall(i) - offsetNear(from) * MINUTE
        // A steady week: every midnight in it has the same offset. Otherwise check each day.
        out[i] = steady ? guess : dayStart(dates[i]!, zone).getTime()
      }
    }
    if (remembered.size > REMEMBER_MAX) remembered.clear()
    for (const i of missing) remembered.set(`${zone}|${dates[i]}`, out[i]!)
  }
  return out.map((ms) => new Date(ms))
}

/** Checks a parsed query's dates and zone (what zod cannot: a real zone, from ≤ to, at most 366 days). */
export function resolveRange(
  query: Pick<AnalyticsQuery, 'from' | 'to' | 'tz'>,
): { ok: true; range: AnalyticsRange } | { ok: false; issue: RangeIssue } {
  if (!isValidTimeZone(query.tz)) return { ok: false, issue: { path: 'tz', message: INVALID_TIME_ZONE } }
  const span = daysBetween(query.from, query.to)
  if (Number.isNaN(span)) return { ok: false, issue: { path: 'from', message: ANALYTICS_MESSAGES.rangeInvalid } }
  if (span < 0) return { ok: false, issue: { path: 'from', message: ANALYTICS_MESSAGES.rangeInvalid } }
  if (span + 1 > ANALYTICS_RANGE_MAX_DAYS) {
    return { ok: false, issue: { path: 'to', message: ANALYTICS_MESSAGES.rangeTooLong } }
  }
  const days = Array.from({ length: span + 1 }, (_, i) => addDays(query.from, i))
  const starts = dayStarts([...days, addDays(query.to, 1)], query.tz)
  const start = starts[0]!
  const end = starts[starts.length - 1]!
  return {
    ok: true,
    range: {
      from: query.from,
      to: query.to,
      timeZone: query.tz,
      days,
      dayStarts: starts,
      start,
      end,
      previous: { start: dayStart(addDays(query.from, -days.length), query.tz), end: start },
    },
  }
}
