import type { KeyboardEvent } from 'react'
import { Field } from '../../../../components/ui/field'

const TIMES = [
  { key: 'start', label: 'Start (s)' },
  { key: 'end', label: 'End (s)' },
] as const

type TimeKey = (typeof TIMES)[number]['key']

/** When an overlay shows (optional): its start and end, typed in seconds, each with what is wrong with it. */
export function OverlayTimingFields({
  times,
  errors,
  onChange,
  onKeyDown,
}: {
  times: Record<TimeKey, string>
  errors: Partial<Record<TimeKey, string>>
  onChange: (key: TimeKey, value: string) => void
  /** Enter adds the overlay, as in its text. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">When it shows (optional)</legend>
      <p className="text-xs text-slate-600">In seconds from the start of the video. Leave empty for the whole video.</p>
      <div className="mt-1 grid grid-cols-2 gap-3">
        {TIMES.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            error={errors[key]}
            render={(props) => (
              <input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={times[key]}
                onChange={(e) => onChange(key, e.target.value)}
                onKeyDown={onKeyDown}
              />
            )}
          />
        ))}
      </div>
    </fieldset>
  )
}
