import type { CurvePoint } from '@hookpost/shared/analytics'

const counts = new Intl.NumberFormat('en-US')
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** '12,345': a figure as people read it in a table or a card. */
export function formatCount(value: number): string {
  return counts.format(value)
}

/** '12.3K': for chart axes, where there is no room. */
export function formatCompact(value: number): string {
  return compact.format(value)
}

/** An engagement rate (0.0423) as '4.2%'; '—' when there is none (no views). */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  return `${(rate * 100).toFixed(1)}%`
}

/** Relative views (1 = the account's typical post at the same age) as '1.8×'; '—' when too young to compare. */
export function formatMultiple(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—'
  if (value >= 10) return `${Math.round(value)}×`
  // Two decimals below 0.1, or a flop would read as "0.0×".
  return `${value.toFixed(value < 0.1 ? 2 : 1)}×`
}

/** '1.8× typical' (what the leaderboard and top posts say); '—' when there is no score. */
export function formatRelativeViews(value: number | null): string {
  const multiple = formatMultiple(value)
  return multiple === '—' ? multiple : `${multiple} typical`
}

export type Change = { direction: 'up' | 'down' | 'flat'; text: string }

/**
 * How a figure gained in this period compares with the period of the same length before it: 'Up 23% on the previous
 * period'. Null when either is unknown (followers without user.info.stats).
 */
export function describeChange(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null
  if (previous === 0) {
    if (current === 0) return { direction: 'flat', text: 'No change on the previous period' }
    return current > 0
      ? { direction: 'up', text: 'Up from 0 on the previous period' }
      : { direction: 'down', text: 'Down from 0 on the previous period' }
  }
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100)
  if (percent === 0) return { direction: 'flat', text: 'No change on the previous period' }
  return percent > 0
    ? { direction: 'up', text: `Up ${formatCount(percent)}% on the previous period` }
    : { direction: 'down', text: `Down ${formatCount(-percent)}% on the previous period` }
}

/** An hour of the day (0–23) as '12 AM', '9 AM', '6 PM'. */
export function formatHour(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`
}

/** 'Apr 7' for a day of the chart ('YYYY-MM-DD'). */
export function formatShortDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/** 'Tue, Apr 7, 2026' for a day of the table ('YYYY-MM-DD'). */
export function formatLongDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

/** The days of a post's first week the curve table shows (views after 1, 2, … 7 days). */
export const CURVE_DAYS = [1, 2, 3, 4, 5, 6, 7] as const

/**
 * A post's views `day` days after it was published, from its snapshots: the highest reading at or before that age
 * (views only grow; a later reading a little lower is TikTok correcting itself). Null when the post is not that old
 * yet (`ageHours`), or nothing was read by then.
 */
export function viewsAfterDays(curve: readonly CurvePoint[], day: number, ageHours: number): number | null {
  const hours = day * 24
  if (ageHours < hours) return null
  let found: number | null = null
  for (const point of curve) {
    if (point.hours <= hours) found = found === null ? point.views : Math.max(found, point.views)
  }
  return found
}

/** Hours since `publishedAt` at `now`. */
export function ageInHours(publishedAt: string, now: Date): number {
  return (now.getTime() - Date.parse(publishedAt)) / 3_600_000
}

/**
 * The heat map's five shades: 0 no posts in that hour, then below typical (< 0.8×), about typical (0.8–1.25×), above
 * (1.25–2×) and far above (≥ 2×). A slot with posts but no score yet is shade 0 as well.
 */
export type HeatLevel = 0 | 1 | 2 | 3 | 4
export function heatLevel(relativeViews: number | null, posts: number): HeatLevel {
  if (posts === 0 || relativeViews === null || !Number.isFinite(relativeViews)) return 0
  if (relativeViews < 0.8) return 1
  if (relativeViews < 1.25) return 2
  if (relativeViews < 2) return 3
  return 4
}

export const HEAT_LEVEL_LABELS: Record<HeatLevel, string> = {
  0: 'No posts',
  1: 'Below typical (under 0.8×)',
  2: 'About typical (0.8× to 1.25×)',
  3: 'Above typical (1.25× to 2×)',
  4: 'Far above typical (2× or more)',
}
