import { dayLabel } from './calendar'
import type { DayPosts } from './use-day-posts'

/**
 * "+N more" under a day's first posts: loads the whole day into the cell (and "Show fewer" folds it again). A real
 * button that says what it opens for a screen reader ('+4 more videos on Tuesday, April 7') and which list it
 * controls. A failed load says so, with a way to try again.
 */
export function DayMoreButton({ day, state, listId }: { day: string; state: DayPosts; listId: string }) {
  if (state.more === 0) return null
  const on = `videos on ${dayLabel(day)}`
  if (state.failed) {
    return (
      <p role="alert" className="mt-1 text-xs text-red-700">
        Could not load the {on}.{' '}
        <button type="button" onClick={state.retry} className="font-medium underline">
          Try again
        </button>
      </p>
    )
  }
  const label = state.loading ? 'Loading…' : state.expanded ? 'Show fewer' : `+${state.more} more`
  // '+1 more video on …', '+4 more videos on …', 'Show fewer videos on …'.
  const named = !state.expanded && state.more === 1 ? `${label} video on ${dayLabel(day)}` : `${label} ${on}`
  return (
    <button
      type="button"
      aria-label={named}
      aria-expanded={state.expanded}
      aria-controls={listId}
      onClick={state.toggle}
      disabled={state.loading}
      className="mt-1 rounded px-1 text-xs font-medium text-fuchsia-800 hover:bg-fuchsia-50 focus-visible:outline-2 focus-visible:outline-fuchsia-700 disabled:text-slate-500"
    >
      {label}
    </button>
  )
}
