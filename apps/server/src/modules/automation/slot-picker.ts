import {
  AUTOMATION_LIMITS,
  minutesOfDay,
  windowIssue,
  windowTooShortMessage,
  zoneOffsetMinutes,
} from '@hookpost/shared'
import { randomInt } from '../../lib/random'

/**
 * Posting times for one day (product.md §9): random minutes inside the window, at least 30 minutes apart, up to 100 tries
 * per slot; when the tries run out, even spacing across the window instead. Pure: the day, the window, the zone and
 * the random source are given (seeded in tests).
 */
export interface SlotRequest {
  /** The day, 'YYYY-MM-DD', in `timeZone`. */
  date: string
  windowStart: string
  windowEnd: string
  count: number
  timeZone: string
  rng: () => number
  minGapMinutes?: number
  triesPerSlot?: number
  /**
   * Posting times 'best' with enough posts (issue 19): prefer the account's best hours of this weekday. Each slot
   * explores (a random minute of the window, as without it) `exploreShare` of the time; otherwise it takes an hour of
   * the window with probability ∝ score^BEST_HOUR_SHARPNESS, then a random minute of that hour inside the window.
   */
  preferHours?: { scores: readonly number[]; exploreShare: number }
}

/**
 * How strongly the best hours are preferred: an hour whose (shrunk) estimate is 1.2× typical is 1.2⁸ ≈ 4 times as
 * likely as a typical one, 1.5× ≈ 26 times, 0.8× ≈ 0.17 times.
 */
export const BEST_HOUR_SHARPNESS = 8

/** A posting time, and the hour it was preferred for (null: a random minute of the window, or even spacing). */
export interface PickedSlot {
  at: Date
  preferredHour: number | null
}

export type SlotPick =
  { ok: true; slots: Date[]; picked: PickedSlot[]; method: 'random' | 'even' | 'best' } | { ok: false; message: string }

/**
 * The instant of a wall-clock minute of `date` in `zone`. A minute that does not exist (the hour skipped when clocks
 * go forward) is read with the offset from before the change, so it lands just after the gap at the same distance
 * from its neighbours; a minute that happens twice (clocks go back) is its first occurrence.
 */
export function wallMinuteInstant(date: string, minute: number, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d, 0, minute)
  // Every offset the zone uses around that wall time; keep those that map back to it, earliest first.
  const offsets = [
    ...new Set([-36, -12, 0, 12, 36].map((h) => zoneOffsetMinutes(new Date(wall + h * 3_600_000), zone))),
  ]
  const exact = offsets
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => instant + zoneOffsetMinutes(new Date(instant), zone) * 60_000 === wall)
    .sort((a, b) => a - b)
  if (exact[0] !== undefined) return new Date(exact[0])
  // In the gap: the offset in force a day before.
  return new Date(wall - zoneOffsetMinutes(new Date(wall - 86_400_000), zone) * 60_000)
}

export function pickSlots(request: SlotRequest): SlotPick {
  const { date, windowStart, windowEnd, count, timeZone, rng } = request
  const gap = request.minGapMinutes ?? AUTOMATION_LIMITS.minGapMinutes
  const tries = request.triesPerSlot ?? AUTOMATION_LIMITS.triesPerSlot
  if (!Number.isInteger(count) || count < 1) return { ok: false, message: 'At least one post per day is needed' }
  const issue = windowIssue(windowStart, windowEnd, count)
  if (issue) return { ok: false, message: issue }
  const start = minutesOfDay(windowStart)
  const end = minutesOfDay(windowEnd)
  const gapMs = gap * 60_000

  const prefer = request.preferHours
  // The window's hours and their weights (an hour counts if any of its minutes is inside the window).
  const hours: { hour: number; weight: number }[] = []
  if (prefer) {
    for (let hour = Math.floor(start / 60); hour <= Math.floor(end / 60); hour++) {
      const score = prefer.scores[hour] ?? 1
      hours.push({ hour, weight: Math.max(score, 0) ** BEST_HOUR_SHARPNESS })
    }
  }
  const totalWeight = hours.reduce((sum, h) => sum + h.weight, 0)
  /** A minute of the window: random, or in an hour drawn by weight. */
  const draw = (): { minute: number; hour: number | null } => {
    if (!prefer || totalWeight <= 0 || rng() < prefer.exploreShare) {
      return { minute: randomInt(rng, start, end), hour: null }
    }
    let r = rng() * totalWeight
    const h = hours.find((x) => (r -= x.weight) < 0) ?? hours[hours.length - 1]!
    const from = Math.max(start, h.hour * 60)
    const to = Math.min(end, h.hour * 60 + 59)
    return { minute: randomInt(rng, from, to), hour: h.hour }
  }

  const chosen: { minute: number; at: number; hour: number | null }[] = []
  const fits = (minute: number, at: number) =>
    chosen.every((c) => Math.abs(c.minute - minute) >= gap && Math.abs(c.at - at) >= gapMs)
  for (let slot = 0; slot < count; slot++) {
    let placed = false
    for (let attempt = 0; attempt < tries && !placed; attempt++) {
      const { minute, hour } = draw()
      const at = wallMinuteInstant(date, minute, timeZone).getTime()
      if (fits(minute, at)) {
        chosen.push({ minute, at, hour })
        placed = true
      }
    }
    if (!placed) {
      const even = evenSlots(date, start, end, count, timeZone, gapMs)
      return even
        ? { ok: true, slots: even, picked: even.map((at) => ({ at, preferredHour: null })), method: 'even' }
        : { ok: false, message: windowTooShortMessage(count) }
    }
  }
  const picked = chosen.sort((a, b) => a.at - b.at).map((c) => ({ at: new Date(c.at), preferredHour: c.hour }))
  return { ok: true, slots: picked.map((p) => p.at), picked, method: prefer ? 'best' : 'random' }
}

/**
 * `count` times spread evenly, in real time, from the window's start to its end (one post: the start). On the day
 * clocks go forward the window is an hour shorter in real time; when it is then too short, the day is refused.
 */
function evenSlots(
  date: string,
  start: number,
  end: number,
  count: number,
  zone: string,
  gapMs: number,
): Date[] | null {
  const from = wallMinuteInstant(date, start, zone).getTime()
  const to = wallMinuteInstant(date, end, zone).getTime()
  if (to - from < (count - 1) * gapMs) return null
  const step = count === 1 ? 0 : (to - from) / (count - 1)
  return Array.from({ length: count }, (_, i) => new Date(Math.round((from + i * step) / 60_000) * 60_000))
}
