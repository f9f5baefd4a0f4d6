import { useId } from 'react'
import type { BestTimeSuggestion } from '@hookpost/shared/analytics'
import { WEEKDAYS } from '@hookpost/shared/automation'
import { lastSchedulableDate } from '@hookpost/shared/posts'
import { addDays, instantToZoned, todayInZone, zonedToInstant } from '@hookpost/shared/time'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { useBestTimes } from '../../../lib/best-times'

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
/** A suggestion is at least this far ahead (time to finish the form). */
const MIN_LEAD_MS = 5 * 60_000

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** "Tue 18:00 · 1.9× typical". */
export function suggestionLabel(s: BestTimeSuggestion): string {
  return `${SHORT_DAYS[WEEKDAYS.indexOf(s.weekday)]} ${hh(s.hour)} · ${s.relativeViews.toFixed(1)}× typical`
}

/**
 * The next time a suggestion happens — its weekday at its hour in the account's zone, at least a few minutes from
 * now — as a date and time in `formZone`; null when that is past the last schedulable day.
 */
export function nextOccurrence(
  s: BestTimeSuggestion,
  accountZone: string,
  formZone: string,
  now: Date,
): { date: string; time: string } | null {
  const today = todayInZone(now, accountZone)
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today, offset)
    const [y, m, d] = date.split('-').map(Number) as [number, number, number]
    // 0 = Sunday … 6 = Saturday → Monday-first index.
    if (WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7] !== s.weekday) continue
    const at = zonedToInstant(date, hh(s.hour), accountZone)
    if (!at.ok || at.instant.getTime() < now.getTime() + MIN_LEAD_MS) continue
    const local = instantToZoned(at.instant, formZone)
    return local.date <= lastSchedulableDate(now, formZone) ? local : null
  }
  return null
}

/**
 * "Suggested times" (issue 19): up to three of the account's best hours as buttons that fill the date (the next such
 * weekday) and time. Nothing at all while loading, on error, or when the account does not have enough posts yet.
 */
export function SuggestedTimes({
  accountId,
  formZone,
  now,
  onPick,
}: {
  accountId: string
  formZone: string
  now: Date
  onPick: (date: string, time: string) => void
}) {
  const id = useId()
  const best = useBestTimes(accountId)
  const times = best.data
  if (!times?.enough || times.suggestions.length === 0) return null
  const choices = times.suggestions
    .slice(0, 3)
    .map((s) => ({ s, at: nextOccurrence(s, times.timeZone, formZone, now) }))
    .filter((c): c is { s: BestTimeSuggestion; at: { date: string; time: string } } => c.at !== null)
  if (choices.length === 0) return null
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Suggested times
      </p>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        When this account’s posts did best, in {times.timeZone}; views compared with its typical post.
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map(({ s, at }) => (
          <button
            key={`${s.weekday}-${s.hour}`}
            type="button"
            className={secondaryButtonClass}
            onClick={() => onPick(at.date, at.time)}
          >
            {suggestionLabel(s)}
          </button>
        ))}
      </div>
    </div>
  )
}
