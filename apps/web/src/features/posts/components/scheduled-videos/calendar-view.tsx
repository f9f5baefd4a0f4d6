import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import type { useCalendarDays } from '../../api/get-calendar-days'
import { Agenda } from './agenda'
import { monthWeeks, weekDays } from './calendar'
import { CalendarTable } from './calendar-table'
import type { CalendarPeriod } from './use-calendar-period'
import { LoadingVideos, VideosLoadError } from './videos-load-state'

/**
 * The Calendar view of the period's posts: a Sun–Sat grid where it fits, the days as a list on phones (`wide` is
 * false).
 */
export function CalendarView({
  posts,
  summaries,
  accountId,
  period,
  wide,
  zone,
  onOpen,
  onMoveByDays,
  onScheduleOn,
  highlightedId,
}: {
  posts: ReturnType<typeof useCalendarDays>
  /** The period's days with posts (counts, first posts), narrowed to the chosen account by the server. */
  summaries: ReadonlyMap<string, CalendarDay>
  accountId: string | undefined
  period: CalendarPeriod
  wide: boolean
  zone: string
  onOpen: (post: CalendarPost) => void
  onMoveByDays: (post: CalendarPost, days: number) => void
  onScheduleOn: ((day: string) => void) | undefined
  /** The post just scheduled, marked (ADR 042). */
  highlightedId: string | null
}) {
  const { span, first, today, title } = period
  if (posts.isPending) return <LoadingVideos />
  if (posts.isError && !posts.data) {
    return <VideosLoadError retrying={posts.isFetching} onRetry={() => void posts.refetch()} />
  }
  if (wide) {
    return (
      <CalendarTable
        weeks={span === 'month' ? monthWeeks(first) : [weekDays(first)]}
        summaries={summaries}
        accountId={accountId}
        today={today}
        zone={zone}
        caption={`Scheduled videos, ${title}`}
        onOpen={onOpen}
        onMoveByDays={onMoveByDays}
        onScheduleOn={onScheduleOn}
        highlightedId={highlightedId}
      />
    )
  }
  const agendaDays =
    span === 'week'
      ? weekDays(first)
      : monthWeeks(first)
          .flat()
          .filter((day): day is string => day !== null && (summaries.has(day) || day === today))
  return (
    <Agenda
      days={agendaDays}
      summaries={summaries}
      accountId={accountId}
      today={today}
      zone={zone}
      emptyText={`No videos ${span === 'month' ? 'in' : 'in the week of'} ${title}`}
      onOpen={onOpen}
      onScheduleOn={onScheduleOn}
      highlightedId={highlightedId}
    />
  )
}
