import { useMemo, useState } from 'react'
import { todayInZone } from '@hookpost/shared/time'
import { monthTitle, periodBounds, periodRange, shiftPeriod, weekTitle, type CalendarSpan } from './calendar'

/**
 * The month or week the calendar shows, in the display zone: it follows today until the person steps to another
 * period, and 'Today' brings it back.
 */
export function useCalendarPeriod(now: Date, zone: string) {
  const today = todayInZone(now, zone)
  const [span, setSpan] = useState<CalendarSpan>('month')
  /** The day whose month or week is shown; null follows today. */
  const [anchor, setAnchor] = useState<string | null>(null)
  const shown = anchor ?? today
  const { first, last } = periodBounds(span, shown)
  const range = useMemo(() => periodRange(first, last, zone), [first, last, zone])
  return {
    today,
    span,
    setSpan,
    first,
    last,
    /** What `GET /api/posts` is asked for. */
    range,
    title: span === 'month' ? monthTitle(first) : weekTitle(first, last),
    /** 'Today' has nothing to do while the period follows today or holds it. */
    atToday: anchor === null || (today >= first && today <= last),
    step: (direction: 1 | -1) => setAnchor(shiftPeriod(span, shown, direction)),
    backToToday: () => setAnchor(null),
    /** Shows the month or week that holds `day` (a post just scheduled, ADR 042). */
    show: (day: string) => setAnchor(day),
  }
}

export type CalendarPeriod = ReturnType<typeof useCalendarPeriod>
