import { lastSchedulableDate } from '@hookpost/shared/posts'
import { todayInZone } from '@hookpost/shared/time'
import { Field } from '../../../components/ui/field'
import { TimeZoneCombobox } from '../../../components/ui/time-zone-combobox'
import { SuggestedTimes } from './suggested-times'

export interface ScheduleTimeValues {
  date: string
  time: string
  timeZone: string
}

/**
 * Date, time and the IANA zone they are in: one set of fields for scheduling a post and for editing one. The date
 * input allows today to the last schedulable day (one year ahead, ADR 021) in the chosen zone; the server checks the
 * same rule. With `suggestionsFor` (an account id), the account's best hours are offered as "Suggested times" buttons
 * that fill the date and time (issue 19).
 */
export function ScheduleTimeFields({
  values,
  errors,
  zoneHint,
  now,
  suggestionsFor,
  onChange,
}: {
  values: ScheduleTimeValues
  errors: Partial<Record<keyof ScheduleTimeValues, string | undefined>>
  zoneHint: string
  now: Date
  suggestionsFor?: string
  onChange: (field: keyof ScheduleTimeValues, value: string) => void
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date"
          required
          error={errors.date}
          render={(props) => (
            <input
              {...props}
              type="date"
              name="date"
              min={todayInZone(now, values.timeZone)}
              max={lastSchedulableDate(now, values.timeZone)}
              value={values.date}
              onChange={(e) => onChange('date', e.target.value)}
            />
          )}
        />
        <Field
          label="Time"
          required
          error={errors.time}
          render={(props) => (
            <input
              {...props}
              type="time"
              name="time"
              step={60}
              value={values.time}
              onChange={(e) => onChange('time', e.target.value)}
            />
          )}
        />
      </div>
      {suggestionsFor ? (
        <SuggestedTimes
          accountId={suggestionsFor}
          formZone={values.timeZone}
          now={now}
          onPick={(date, time) => {
            onChange('date', date)
            onChange('time', time)
          }}
        />
      ) : null}
      <Field
        label="Time zone"
        error={errors.timeZone}
        hint={zoneHint}
        render={(props) => (
          <TimeZoneCombobox {...props} value={values.timeZone} onChange={(zone) => onChange('timeZone', zone)} />
        )}
      />
    </>
  )
}
