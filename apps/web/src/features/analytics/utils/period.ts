import { ANALYTICS_MESSAGES, ANALYTICS_RANGE_MAX_DAYS, type AnalyticsQuery } from '@hookpost/shared/analytics'
import { addDays, todayInZone } from '@hookpost/shared/time'

/** The period presets: the last 7, 28 or 90 days, today included. */
export const PERIOD_PRESETS = ['7', '28', '90'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]
export type PeriodChoice = PeriodPreset | 'custom'
export const PERIOD_CHOICES: readonly PeriodChoice[] = [...PERIOD_PRESETS, 'custom']
export const PERIOD_LABELS: Record<PeriodChoice, string> = {
  '7': 'Last 7 days',
  '28': 'Last 28 days',
  '90': 'Last 90 days',
  custom: 'Custom',
}

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string
  /** YYYY-MM-DD, inclusive. */
  to: string
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function isDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  // '2026-02-30' matches the pattern but is no day: it must survive a round trip.
  return addDays(value, 0) === value
}

/** The last `days` days in `zone`, ending today (so "Last 7 days" on a Wednesday is Thursday to Wednesday). */
export function presetRange(preset: PeriodPreset, now: Date, zone: string): DateRange {
  const to = todayInZone(now, zone)
  return { from: addDays(to, -(Number(preset) - 1)), to }
}

/** Days in a range, both ends included (1 for a single day). */
export function rangeDays({ from, to }: DateRange): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)
  return Math.round(ms / 86_400_000) + 1
}

/** What is wrong with a custom range (the contract's message), or null when the server will accept it. */
export function rangeProblem(range: DateRange): string | null {
  if (!isDate(range.from) || !isDate(range.to) || range.from > range.to) return ANALYTICS_MESSAGES.rangeInvalid
  if (rangeDays(range) > ANALYTICS_RANGE_MAX_DAYS) return ANALYTICS_MESSAGES.rangeTooLong
  return null
}

/** The query string of a range query (`accountId`, `from`, `to`, `tz`), as every range endpoint and the CSV take it. */
export function analyticsSearch(query: AnalyticsQuery, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...query, ...extra }).toString()
}

/** 'Apr 1 – Apr 28, 2026' (the year once when both ends share it). */
export function rangeLabel({ from, to }: DateRange): string {
  const day = (date: string, withYear: boolean) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`))
  if (from === to) return day(from, true)
  const sameYear = from.slice(0, 4) === to.slice(0, 4)
  return `${day(from, !sameYear)} – ${day(to, true)}`
}
