import { rowButtonClass } from '../../../../components/ui/button-styles'
import { ToggleGroup } from './toggle-group'
import type { CalendarPeriod } from './use-calendar-period'

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path
        d={
          direction === 'left'
            ? 'M12.8 4.2a1 1 0 0 1 0 1.4L8.4 10l4.4 4.4a1 1 0 0 1-1.4 1.4l-5.1-5.1a1 1 0 0 1 0-1.4l5.1-5.1a1 1 0 0 1 1.4 0Z'
            : 'M7.2 15.8a1 1 0 0 1 0-1.4l4.4-4.4-4.4-4.4a1 1 0 1 1 1.4-1.4l5.1 5.1a1 1 0 0 1 0 1.4l-5.1 5.1a1 1 0 0 1-1.4 0Z'
        }
      />
    </svg>
  )
}

/** The calendar's period: previous and next month or week, back to today, and Month or Week. */
export function PeriodNavigation({ period }: { period: CalendarPeriod }) {
  const { span, title } = period
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={rowButtonClass}
          aria-label={`Previous ${span}`}
          onClick={() => period.step(-1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <h3 className="px-1 text-center text-base font-semibold whitespace-nowrap text-slate-900" aria-live="polite">
          {title}
        </h3>
        <button type="button" className={rowButtonClass} aria-label={`Next ${span}`} onClick={() => period.step(1)}>
          <ChevronIcon direction="right" />
        </button>
        <button
          type="button"
          className={`${rowButtonClass} ml-1`}
          onClick={period.backToToday}
          disabled={period.atToday}
        >
          Today
        </button>
      </div>
      <ToggleGroup
        label="Calendar range"
        value={span}
        onChange={period.setSpan}
        options={[
          { value: 'month', label: 'Month' },
          { value: 'week', label: 'Week' },
        ]}
      />
    </div>
  )
}
