import { dayLabel } from './calendar'

/**
 * Click a day to schedule on it (issue 21): opens the schedule form preset to that day. A real button in each day (a
 * cell is not a button: it holds the entries' own buttons), named for the day.
 */
export function ScheduleOnDayButton({ day, onScheduleOn }: { day: string; onScheduleOn: (day: string) => void }) {
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
