import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  type DraggableSyntheticListeners,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import {
  useEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'
import { accountColor } from '../../utils/account-colors'
import { WEEKDAYS, dayLabel, daysBetween, postDay, timeIn } from './calendar'
import { PostProblem } from './post-problem'
import { PostProgressBar } from './post-progress'
import { SourceBadge, sourceSuffix } from './source-badge'
import { StatusBadge, statusLabel } from './status-badge'

type EntryData = { post: CalendarPost }

/** dnd-kit types its listeners as plain `Function`s; these are React event handlers. */
function handler<E>(listeners: DraggableSyntheticListeners, name: 'onPointerDown' | 'onKeyDown') {
  return listeners?.[name] as ((event: E) => void) | undefined
}

function entryPost(data: unknown): CalendarPost | null {
  return typeof data === 'object' && data !== null && 'post' in data ? (data as EntryData).post : null
}

/**
 * 'Morning tip, 9:00 AM, Scheduled' (', Automation' when automation planned it): what an entry's button says (its
 * visible parts have no spaces between them).
 */
function entryName(post: CalendarPost, zone: string): string {
  return `${post.title}, ${timeIn(post.scheduledAt, zone)}, ${statusLabel(post.state)}${sourceSuffix(post)}`
}

/**
 * The account an entry goes to, as text beside its colour (issue 21): colour is never the only cue. Outside the entry's
 * button, whose name is the post's, so a screen reader reads it as the entry's next line.
 */
function AccountName({ post, className = '' }: { post: CalendarPost; className?: string }) {
  return (
    <p className={`flex min-w-0 items-center gap-1 text-slate-600 ${className}`}>
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${accountColor(post.accountId).swatch}`} />
      <span className="truncate" title={`${post.account.accountName} (@${post.account.accountUsername})`}>
        {post.account.accountName}
      </span>
    </p>
  )
}

/**
 * Click a day to schedule on it (issue 21): opens the schedule form preset to that day. A real button in each day (a
 * cell is not a button: it holds the entries' own buttons), named for the day.
 */
function ScheduleOnDayButton({ day, onScheduleOn }: { day: string; onScheduleOn: (day: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onScheduleOn(day)}
      aria-label={`Schedule a video on ${dayLabel(day)}`}
      aria-haspopup="dialog"
      title={`Schedule a video on ${dayLabel(day)}`}
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-fuchsia-50 hover:text-fuchsia-800 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
      </svg>
    </button>
  )
}

function videoCount(count: number): string {
  return `${count} ${count === 1 ? 'video' : 'videos'}`
}

/**
 * The keyboard moves a picked-up entry from day to day: the arrow keys jump to the nearest day cell in that direction
 * (the next or previous day, or the same weekday a week away), whatever the layout, instead of dnd-kit's default
 * 25-pixel steps.
 */
const dayToDayCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const directions: string[] = [KeyboardCode.Left, KeyboardCode.Right, KeyboardCode.Up, KeyboardCode.Down]
  if (!directions.includes(event.code)) return undefined
  event.preventDefault()
  const { collisionRect, droppableRects, droppableContainers, over } = context
  if (!collisionRect) return undefined
  const from: ClientRect = (over ? droppableRects.get(over.id) : undefined) ?? collisionRect
  const fromX = from.left + from.width / 2
  const fromY = from.top + from.height / 2
  let best: { rect: ClientRect; distance: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect || container.id === over?.id) continue
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    const sameRow = Math.abs(y - fromY) < from.height / 2
    const sameColumn = Math.abs(x - fromX) < from.width / 2
    const distance =
      event.code === KeyboardCode.Right && sameRow && x > fromX
        ? x - fromX
        : event.code === KeyboardCode.Left && sameRow && x < fromX
          ? fromX - x
          : event.code === KeyboardCode.Down && sameColumn && y > fromY
            ? y - fromY
            : event.code === KeyboardCode.Up && sameColumn && y < fromY
              ? fromY - y
              : null
    if (distance !== null && (!best || distance < best.distance)) best = { rect, distance }
  }
  if (!best) return currentCoordinates
  // Centre the entry in the target cell, so that cell is the one it overlaps most.
  return {
    x: best.rect.left + (best.rect.width - collisionRect.width) / 2,
    y: best.rect.top + Math.min(24, Math.max(0, (best.rect.height - collisionRect.height) / 2)),
  }
}

/** The pointer's cell when there is a pointer; for the keyboard, the cell the entry overlaps most. */
const collisionDetection: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : []
  return hits.length > 0 ? hits : rectIntersection(args)
}

const INSTRUCTIONS =
  'To move a scheduled video to another day, press Space or Enter to pick it up, use the arrow keys to choose the ' +
  'day, and press Space or Enter to drop it there, or Escape to cancel. It keeps its time of day.'

function announcements(zone: string): Announcements {
  const describe = (data: unknown) => {
    const post = entryPost(data)
    return post ? { title: post.title, day: postDay(post, zone) } : { title: 'The video', day: '' }
  }
  return {
    onDragStart: ({ active }) => {
      const { title, day } = describe(active.data.current)
      return `Picked up ${title}, on ${dayLabel(day)}.`
    },
    onDragOver: ({ active, over }) => {
      const { title } = describe(active.data.current)
      return over ? `${title} is over ${dayLabel(String(over.id))}.` : `${title} is not over a day.`
    },
    onDragEnd: ({ active, over }) => {
      const { title, day } = describe(active.data.current)
      return over && over.id !== day
        ? `${title} was dropped on ${dayLabel(String(over.id))}.`
        : `${title} stays on ${dayLabel(day)}.`
    },
    onDragCancel: ({ active }) => {
      const { title, day } = describe(active.data.current)
      return `Moving ${title} was cancelled. It stays on ${dayLabel(day)}.`
    },
  }
}

/** True once for the entry whose drag handle should take focus in its new cell (after a keyboard move). */
type ClaimFocus = (postId: string, day: string) => boolean

function CalendarEntry({
  post,
  day,
  zone,
  onOpen,
  claimFocus,
}: {
  post: CalendarPost
  /** The cell it is in. */
  day: string
  zone: string
  onOpen: (post: CalendarPost) => void
  claimFocus: ClaimFocus
}) {
  const movable = post.state === 'scheduled' || post.state === 'draft'
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post } satisfies EntryData,
    disabled: !movable,
  })
  // aria-pressed would make the handle read as a toggle button; the role description already says "draggable".
  const { 'aria-pressed': _pressed, ...handleAttributes } = attributes
  const handleRef = useRef<HTMLButtonElement | null>(null)
  // Moving re-creates the entry in its new cell: the keyboard user's focus follows it there instead of being lost.
  useEffect(() => {
    if (handleRef.current && claimFocus(post.id, day)) handleRef.current.focus()
  })
  return (
    <li
      ref={setNodeRef}
      onPointerDown={movable ? handler<ReactPointerEvent<HTMLLIElement>>(listeners, 'onPointerDown') : undefined}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`relative rounded border border-l-4 border-slate-200 bg-white p-1 text-xs shadow-sm ${accountColor(post.accountId).stripe} ${
        isDragging ? 'z-10 opacity-90 shadow-lg ring-2 ring-fuchsia-500' : ''
      } ${movable ? 'cursor-grab' : ''}`}
    >
      <div className="flex items-start gap-0.5">
        {movable ? (
          <button
            ref={(node) => {
              setActivatorNodeRef(node)
              handleRef.current = node
            }}
            type="button"
            {...handleAttributes}
            onKeyDown={handler<ReactKeyboardEvent<HTMLButtonElement>>(listeners, 'onKeyDown')}
            aria-label={`Drag ${post.title} to another day`}
            className="shrink-0 touch-none rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
              <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
            </svg>
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onOpen(post)}
          aria-label={entryName(post, zone)}
          aria-haspopup="dialog"
          className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-fuchsia-700"
        >
          <span className="block truncate font-medium text-slate-900" title={post.title}>
            {post.title}
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-1 text-slate-600">
            <time dateTime={post.scheduledAt}>{timeIn(post.scheduledAt, zone)}</time>
            <StatusBadge state={post.state} />
            <SourceBadge post={post} />
          </span>
        </button>
      </div>
      <AccountName post={post} className="mt-0.5" />
      <PostProblem post={post} className="mt-0.5 line-clamp-3" />
      <PostProgressBar postId={post.id} title={post.title} />
    </li>
  )
}

function DayCell({
  day,
  posts,
  today,
  zone,
  tall,
  onOpen,
  onScheduleOn,
  claimFocus,
}: {
  day: string
  posts: CalendarPost[]
  today: string
  zone: string
  tall: boolean
  onOpen: (post: CalendarPost) => void
  onScheduleOn: ((day: string) => void) | undefined
  claimFocus: ClaimFocus
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
            <CalendarEntry key={post.id} post={post} day={day} zone={zone} onOpen={onOpen} claimFocus={claimFocus} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-500">No videos</p>
      )}
    </td>
  )
}

/**
 * The month (or week) as a table, Sunday first (spec §2), each day with its count and entries or 'No videos'. A
 * scheduled entry can be dragged to another day, by pointer or keyboard; the drop is handed to `onMoveByDays`.
 */
export function CalendarTable({
  weeks,
  postsByDay,
  today,
  zone,
  caption,
  onOpen,
  onMoveByDays,
  onScheduleOn,
}: {
  weeks: (string | null)[][]
  postsByDay: Map<string, CalendarPost[]>
  today: string
  zone: string
  caption: string
  onOpen: (post: CalendarPost) => void
  onMoveByDays: (post: CalendarPost, days: number) => void
  /** Opens the schedule form on this day (today and later); without it, days are not clickable. */
  onScheduleOn?: (day: string) => void
}) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the entry.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayToDayCoordinates }),
  )

  const focusRequest = useRef<{ postId: string; day: string } | null>(null)
  const claimFocus = (postId: string, day: string) => {
    if (focusRequest.current?.postId !== postId || focusRequest.current.day !== day) return false
    focusRequest.current = null
    return true
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    const post = entryPost(active.data.current)
    if (post && over && activatorEvent instanceof KeyboardEvent) {
      const request = { postId: post.id, day: String(over.id) }
      focusRequest.current = request
      // Only for the move just made: a post moved out of view must not grab focus when it shows up later.
      window.setTimeout(() => {
        if (focusRequest.current === request) focusRequest.current = null
      }, 2000)
    }
    if (!post || !over) return
    const shift = daysBetween(postDay(post, zone), String(over.id))
    if (shift !== 0) onMoveByDays(post, shift)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      // The grid never scrolls sideways; the page scrolls only near its very edge, so a drop lands where it is aimed.
      autoScroll={{ threshold: { x: 0, y: 0.1 } }}
      accessibility={{ announcements: announcements(zone), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <table className="w-full table-fixed border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                abbr={weekday.long}
                className="border border-slate-200 bg-slate-50 px-1 py-1.5 text-xs font-semibold text-slate-700"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={week.find(Boolean) ?? i}>
              {week.map((day, j) =>
                day ? (
                  <DayCell
                    key={day}
                    day={day}
                    posts={postsByDay.get(day) ?? []}
                    today={today}
                    zone={zone}
                    tall={weeks.length === 1}
                    onOpen={onOpen}
                    onScheduleOn={onScheduleOn}
                    claimFocus={claimFocus}
                  />
                ) : (
                  <td key={`blank-${j}`} className="border border-slate-200 bg-slate-50/70" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </DndContext>
  )
}

/**
 * Phones: the grid's seven columns do not fit in 375 px, so the days become a list (the week's seven days; the month's
 * days that have videos, and today). Moving is done with 'Move to…' here.
 */
export function Agenda({
  days,
  postsByDay,
  today,
  zone,
  emptyText,
  onOpen,
  onScheduleOn,
}: {
  days: string[]
  postsByDay: Map<string, CalendarPost[]>
  today: string
  zone: string
  emptyText: string
  onOpen: (post: CalendarPost) => void
  onScheduleOn?: (day: string) => void
}) {
  if (days.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{emptyText}</p>
  return (
    <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {days.map((day) => {
        const posts = postsByDay.get(day) ?? []
        const isToday = day === today
        return (
          <li key={day} aria-current={isToday ? 'date' : undefined} className={`p-3 ${isToday ? 'bg-fuchsia-50' : ''}`}>
            <div className="flex items-baseline justify-between gap-2">
              <h4 className={`text-sm font-semibold ${isToday ? 'text-fuchsia-800' : 'text-slate-900'}`}>
                {dayLabel(day)}
                {isToday ? ' (today)' : ''}
              </h4>
              <span className="flex shrink-0 items-center gap-2">
                {posts.length > 0 ? (
                  <span className="text-xs whitespace-nowrap text-slate-600">{videoCount(posts.length)}</span>
                ) : null}
                {onScheduleOn && day >= today ? <ScheduleOnDayButton day={day} onScheduleOn={onScheduleOn} /> : null}
              </span>
            </div>
            {posts.length > 0 ? (
              <ul className="mt-2 space-y-2">
                {posts.map((post) => (
                  <li
                    key={post.id}
                    className={`rounded border border-l-4 border-slate-200 bg-white p-2 text-sm ${accountColor(post.accountId).stripe}`}
                  >
                    <button
                      type="button"
                      onClick={() => onOpen(post)}
                      aria-label={entryName(post, zone)}
                      aria-haspopup="dialog"
                      className="w-full rounded text-left focus-visible:outline-2 focus-visible:outline-fuchsia-700"
                    >
                      <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">{post.title}</span>
                      <span className="mt-0.5 flex flex-wrap items-center gap-2 text-slate-600">
                        <time dateTime={post.scheduledAt}>{timeIn(post.scheduledAt, zone)}</time>
                        <StatusBadge state={post.state} />
                        <SourceBadge post={post} />
                      </span>
                    </button>
                    <AccountName post={post} className="mt-1 text-xs" />
                    <PostProblem post={post} className="mt-1 text-xs" />
                    <PostProgressBar postId={post.id} title={post.title} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-500">No videos</p>
            )}
          </li>
        )
      })}
    </ol>
  )
}
