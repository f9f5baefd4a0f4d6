import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import { WEEKDAYS, daysBetween, postDay } from './calendar'
import { announcements, collisionDetection, dayToDayCoordinates, entryPost, INSTRUCTIONS } from './calendar-drag'
import { DayCell } from './day-cell'
import { useKeyboardDropFocus } from './use-keyboard-drop-focus'

/**
 * The month (or week) as a table, Sunday first (product.md §2), each day with its count and first entries or 'No videos'. A
 * scheduled entry can be dragged to another day, by pointer or keyboard; the drop is handed to `onMoveByDays`.
 */
export function CalendarTable({
  weeks,
  summaries,
  accountId,
  today,
  zone,
  caption,
  onOpen,
  onMoveByDays,
  onScheduleOn,
  highlightedId,
}: {
  weeks: (string | null)[][]
  /** The period's days with posts: counts and first posts (ADR 053). */
  summaries: ReadonlyMap<string, CalendarDay>
  /** The account filter, if any: a day's "+N more" is narrowed by it too. */
  accountId: string | undefined
  today: string
  zone: string
  caption: string
  onOpen: (post: CalendarPost) => void
  onMoveByDays: (post: CalendarPost, days: number) => void
  /** Opens the schedule form on this day (today and later); without it, days are not clickable. */
  onScheduleOn?: (day: string) => void
  /** The post just scheduled, marked (ADR 042). */
  highlightedId: string | null
}) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the entry.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayToDayCoordinates }),
  )

  const { claimFocus, followDrop } = useKeyboardDropFocus()

  function onDragEnd(event: DragEndEvent) {
    followDrop(event)
    const { active, over } = event
    const post = entryPost(active.data.current)
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
                    summary={summaries.get(day)}
                    accountId={accountId}
                    today={today}
                    zone={zone}
                    tall={weeks.length === 1}
                    onOpen={onOpen}
                    onScheduleOn={onScheduleOn}
                    claimFocus={claimFocus}
                    highlightedId={highlightedId}
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
