import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { todayInZone } from '@hookpost/shared/time'
import { Spinner } from '../../../components/ui/spinner'
import { calendarDaysQueryOptions } from '../api/get-calendar-days'
import type { AccountChoice } from '../utils/account-colors'
import { periodBounds, periodRange } from './scheduled-videos/calendar'
import type { Spotlight } from './scheduled-videos/use-spotlight'

export type { Spotlight } from './scheduled-videos/use-spotlight'

// The calendar and drag and drop are their own chunk: the Schedule tab's first paint does not wait for them.
const ScheduledVideos = lazy(async () => ({
  default: (await import('./scheduled-videos/scheduled-videos')).ScheduledVideos,
}))

function Loading() {
  return (
    <section
      aria-labelledby="scheduled-videos-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="scheduled-videos-heading" className="text-lg font-semibold text-slate-900">
        Scheduled Videos
      </h2>
      <div className="flex justify-center py-12">
        <Spinner label="Loading scheduled videos..." />
      </div>
    </section>
  )
}

/**
 * The Scheduled Videos panel (product.md §2 Schedule tab item 2). `timeZone` is the zone times are shown in (the user's, else
 * the browser's); null while it is not known yet.
 */
export function ScheduledVideosPanel({
  timeZone,
  accounts,
  onScheduleOn,
  spotlight = null,
}: {
  timeZone: string | null
  /** The user's accounts: the filter and the colour key. */
  accounts?: readonly AccountChoice[]
  /** Click a day to schedule on it: opens the schedule form preset to that day. */
  onScheduleOn?: (day: string, accountId: string | undefined) => void
  /** A post just scheduled, to show on the calendar (ADR 042). */
  spotlight?: Spotlight | null
}) {
  const queryClient = useQueryClient()
  // This month's posts load while the calendar's code does, not after it.
  useEffect(() => {
    if (!timeZone) return
    const { first, last } = periodBounds('month', todayInZone(new Date(), timeZone))
    void queryClient.prefetchQuery(calendarDaysQueryOptions({ ...periodRange(first, last, timeZone), zone: timeZone }))
  }, [queryClient, timeZone])
  if (!timeZone) return <Loading />
  return (
    <Suspense fallback={<Loading />}>
      <ScheduledVideos timeZone={timeZone} accounts={accounts} onScheduleOn={onScheduleOn} spotlight={spotlight} />
    </Suspense>
  )
}
