import { useDroppable } from '@dnd-kit/core'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import { dayLabel } from './calendar'
import { CalendarEntry } from './calendar-entry'
import { dayCountLabel } from './calendar-labels'
import { DayMoreButton } from './day-more-button'
import { useDayPosts } from './use-day-posts'
import { ScheduleOnDayButton } from './schedule-on-day-button'
import type { ClaimFocus } from './use-keyboard-drop-focus'

/**
 * One day of the grid: a drop target, with its count (by status, for a screen reader) and its first entries, "+N more"
 * for the rest of the day (ADR 053), or 'No videos'.
 */
export function DayCell({
  day,
  summary,
  accountId,
  today,
  zone,
  tall,
  onOpen,
  onScheduleOn,
  claimFocus,
  highlightedId,
}: {
  day: string
  /** The day in the calendar's answer; none when it has no posts. */
  summary: CalendarDay | undefined
  /** The calendar's account filter, which the whole day is narrowed by too. */
  accountId: string | undefined
  today: string
  zone: string
  tall: boolean
  onOpen: (post: CalendarPost) => void
  onScheduleOn: ((day: string) => void) | undefined
  claimFocus: ClaimFocus
  highlightedId: string | null
}) {
  const { setNodeRef, isOver } = useDroppable({ id: day })
  const shown = useDayPosts(day, summary, zone, accountId)
  const { posts, total } = shown
  const listId = `day-${day}-videos`
  const isToday = day === today
  return (
    <td
      ref={setNodeRef}
      data-date={day}
      aria-current={isToday ? 'date' : undefined}
      className={`border border-slate-200 p-1 align-top ${tall ? 'h-48' : 'h-28'} ${
        isOver ? 'bg-fuchsia-50 outline-2 -outline-offset-2 outline-fuchsia-500' : isToday ? 'bg-fuchsia-50/60' : ''
      }`}
    >
      <div className="flex items-center gap-1">
        <span
          className={`inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-sm ${
            isToday ? 'bg-fuchsia-700 font-semibold text-white' : 'text-slate-700'
          }`}
        >
          <span aria-hidden="true">{Number(day.slice(8))}</span>
          <span className="sr-only">
            {dayLabel(day)}
            {isToday ? ', today' : ''}
          </span>
        </span>
        {onScheduleOn && day >= today ? <ScheduleOnDayButton day={day} onScheduleOn={onScheduleOn} /> : null}
        {total > 0 ? (
          <span className="ml-auto rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">
            <span className="sr-only">{dayCountLabel(total, shown.counts)}</span>
            <span aria-hidden="true">
              {total}
              <span className="hidden xl:inline"> {total === 1 ? 'video' : 'videos'}</span>
            </span>
          </span>
        ) : null}
      </div>
      {posts.length > 0 ? (
        <ul id={listId} className="mt-1 space-y-1" aria-label={`Videos on ${dayLabel(day)}`}>
          {posts.map((post) => (
            <CalendarEntry
              key={post.id}
              post={post}
              day={day}
              zone={zone}
              onOpen={onOpen}
              claimFocus={claimFocus}
              highlighted={post.id === highlightedId}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-500">No videos</p>
      )}
      <DayMoreButton day={day} state={shown} listId={listId} />
    </td>
  )
}
