import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import { useAccountColors } from './account-colors-context'
import { AccountName } from './account-name'
import { dayLabel } from './calendar'
import { EntryOpenButton } from './entry-open-button'
import { dayCountLabel } from './calendar-labels'
import { DayMoreButton } from './day-more-button'
import { PostProblem } from './post-problem'
import { PostProgressBar } from './post-progress'
import { HIGHLIGHT_CLASS } from './calendar-entry'
import { PostThumbnail } from './post-thumbnail'
import { ScheduleOnDayButton } from './schedule-on-day-button'
import { useDayPosts } from './use-day-posts'

type DayProps = {
  today: string
  zone: string
  accountId: string | undefined
  onOpen: (post: CalendarPost) => void
  onScheduleOn?: ((day: string) => void) | undefined
  /** The post just scheduled, marked (ADR 042). */
  highlightedId: string | null
}

/**
 * Phones: the grid's seven columns do not fit in 375 px, so the days become a list (the week's seven days; the month's
 * days that have videos, and today), each with its first videos and "+N more". Moving is done with 'Move to…' here.
 */
export function Agenda({
  days,
  summaries,
  emptyText,
  ...dayProps
}: DayProps & {
  days: string[]
  summaries: ReadonlyMap<string, CalendarDay>
  emptyText: string
}) {
  if (days.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{emptyText}</p>
  return (
    <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {days.map((day) => (
        <AgendaDay key={day} day={day} summary={summaries.get(day)} {...dayProps} />
      ))}
    </ol>
  )
}

function AgendaDay({
  day,
  summary,
  today,
  zone,
  accountId,
  onOpen,
  onScheduleOn,
  highlightedId,
}: DayProps & { day: string; summary: CalendarDay | undefined }) {
  const colorOf = useAccountColors()
  const shown = useDayPosts(day, summary, zone, accountId)
  const { posts, total } = shown
  const isToday = day === today
  const listId = `agenda-${day}-videos`
  return (
    <li aria-current={isToday ? 'date' : undefined} className={`p-3 ${isToday ? 'bg-fuchsia-50' : ''}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h4 className={`text-sm font-semibold ${isToday ? 'text-fuchsia-800' : 'text-slate-900'}`}>
          {dayLabel(day)}
          {isToday ? ' (today)' : ''}
        </h4>
        <span className="flex shrink-0 items-center gap-2">
          {total > 0 ? (
            <span className="text-xs whitespace-nowrap text-slate-600">{dayCountLabel(total, shown.counts)}</span>
          ) : null}
          {onScheduleOn && day >= today ? <ScheduleOnDayButton day={day} onScheduleOn={onScheduleOn} /> : null}
        </span>
      </div>
      {posts.length > 0 ? (
        <ul id={listId} className="mt-2 space-y-2">
          {posts.map((post) => (
            <li
              key={post.id}
              data-highlighted={post.id === highlightedId || undefined}
              className={`rounded border border-l-4 border-slate-200 bg-white p-2 text-sm ${colorOf(post.accountId).stripe} ${HIGHLIGHT_CLASS}`}
            >
              <div className="flex items-start gap-2">
                <PostThumbnail post={post} size="small" />
                <EntryOpenButton post={post} zone={zone} compact={false} onOpen={onOpen} />
              </div>
              <AccountName post={post} className="mt-1 text-xs" />
              <PostProblem post={post} className="mt-1 text-xs" />
              <PostProgressBar postId={post.id} title={post.title} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-500">No videos</p>
      )}
      <DayMoreButton day={day} state={shown} listId={listId} />
    </li>
  )
}
