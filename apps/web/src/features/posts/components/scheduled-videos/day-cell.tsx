import { useDroppable } from '@dnd-kit/core'
import type { CalendarPost } from '@hookpost/shared/posts'
import { dayLabel } from './calendar'
import { CalendarEntry } from './calendar-entry'
import { videoCount } from './calendar-labels'
import { ScheduleOnDayButton } from './schedule-on-day-button'
import type { ClaimFocus } from './use-keyboard-drop-focus'

/** One day of the grid: a drop target, with its count and entries or 'No videos'. */
export function DayCell({
  day,
  posts,
  today,
  zone,
  tall,
  onOpen,
  onScheduleOn,
  claimFocus,
  highlightedId,
}: {
  day: string
  posts: CalendarPost[]
  today: string
  zone: string
  tall: boolean
  onOpen: (post: CalendarPost) => void
  onScheduleOn: ((day: string) => void) | undefined
  claimFocus: ClaimFocus
  highlightedId: string | null
}) {
  const { setNodeRef, isOver } = useDroppable({ id: day })
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
        {posts.length > 0 ? (
          <span className="ml-auto rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">
            <span className="sr-only">{videoCount(posts.length)}</span>
            <span aria-hidden="true">
              {posts.length}
              <span className="hidden xl:inline"> {posts.length === 1 ? 'video' : 'videos'}</span>
            </span>
          </span>
        ) : null}
      </div>
      {posts.length > 0 ? (
        <ul className="mt-1 space-y-1" aria-label={`Videos on ${dayLabel(day)}`}>
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
    </td>
  )
}
