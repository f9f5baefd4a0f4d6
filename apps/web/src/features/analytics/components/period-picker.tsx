import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { TextField } from '../../../components/ui/form'
import { PERIOD_CHOICES, PERIOD_LABELS, type DateRange, type PeriodChoice } from '../utils/period'

/**
 * 'Period': the last 7, 28 or 90 days, or a custom From/To (both days included). The dates are days in the tab's one
 * zone, the person's, which the tab says once beside this control (analytics-panel.tsx).
 */
export function PeriodPicker({
  choice,
  custom,
  problem,
  range,
  onChoose,
  onCustomChange,
}: {
  choice: PeriodChoice
  /** The custom dates as typed (only shown for 'custom'). */
  custom: DateRange
  /** What is wrong with the custom dates (the contract's message), if anything. */
  problem: string | null
  /** The range shown now, as a label. */
  range: string | null
  onChoose: (choice: PeriodChoice) => void
  onCustomChange: (range: DateRange) => void
}) {
  return (
    <div className="space-y-3">
      <SegmentedRadio
        legend="Period"
        name="analytics-period"
        options={PERIOD_CHOICES}
        labels={PERIOD_LABELS}
        value={choice}
        onChange={onChoose}
      />
      {choice === 'custom' ? (
        <div className="grid max-w-md grid-cols-2 gap-3">
          <TextField
            label="From"
            type="date"
            value={custom.from}
            max={custom.to || undefined}
            error={problem ?? undefined}
            onChange={(e) => onCustomChange({ ...custom, from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={custom.to}
            min={custom.from || undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => onCustomChange({ ...custom, to: e.target.value })}
          />
        </div>
      ) : null}
      {range ? <p className="text-sm font-medium text-slate-800">{range}</p> : null}
    </div>
  )
}
