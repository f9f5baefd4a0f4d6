/** Pure time helpers shared by the server and the web (no Node, no DOM). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/

/** 'YYYY-MM-DD' naming a day the calendar has (not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  const d = DATE_RE.exec(date)
  if (!d) return false
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
}

/** 'HH:mm' on the 24-hour clock, 00:00 to 23:59. */
export function isClockTime(time: string): boolean {
  return TIME_RE.test(time)
}

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one (slot picking asks thousands). */
const formatters = new Map<string, Intl.DateTimeFormat>()
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, formatter)
  }
  return formatter
}

/** Offset of `zone` from UTC at `instant`, in minutes (positive east of Greenwich). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const parts = zoneFormatter(zone).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
}

/** The wall-clock date and time of `instant` in `zone`: `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`. */
export function instantToZoned(instant: Date, zone: string): { date: string; time: string } {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, zone) * 60_000)
  const iso = local.toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

export type ZonedResolution =
  | {
      ok: true
      instant: Date
      /** Two instants had this wall time (autumn overlap); the earlier one was taken. */ ambiguous: boolean
    }
  | { ok: false; reason: 'invalid' | 'nonexistent' }

/**
 * A wall-clock date + time in an IANA zone → the UTC instant (spec: times are stored as UTC instants with their zone).
 * DST-correct: a time inside a spring-forward gap (02:30 on the day clocks jump from 02:00 to 03:00) does not exist
 * and is refused; a time in an autumn overlap (01:30 happening twice) resolves to the first occurrence.
 */
export function zonedToInstant(date: string, time: string, zone: string): ZonedResolution {
  const d = DATE_RE.exec(date)
  const t = TIME_RE.exec(time)
  if (!d || !t || !isCalendarDate(date) || !isValidTimeZone(zone)) return { ok: false, reason: 'invalid' }
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]))
  // Every offset the zone uses around that wall time: try each, keep those that map back to the same wall time.
  const offsets = new Set([-36, -12, 0, 12, 36].map((h) => zoneOffsetMinutes(new Date(wall + h * 3_600_000), zone)))
  const candidates = [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => instant + zoneOffsetMinutes(new Date(instant), zone) * 60_000 === wall)
    .sort((a, b) => a - b)
  const first = candidates[0]
  if (first === undefined) return { ok: false, reason: 'nonexistent' }
  return { ok: true, instant: new Date(first), ambiguous: new Set(candidates).size > 1 }
}

/** Today's date ('YYYY-MM-DD') in `zone`, for "not before today in the chosen zone". */
export function todayInZone(now: Date, zone: string): string {
  return instantToZoned(now, zone).date
}

/** `date` plus `days` calendar days ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}
