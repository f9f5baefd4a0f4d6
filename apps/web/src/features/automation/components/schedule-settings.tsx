import { useId } from 'react'
import {
  AUTOMATION_LIMITS,
  POSTING_TIMES,
  POSTING_TIMES_LABELS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  windowIssue,
  type PostingTimes,
  type Weekday,
} from '@hookpost/shared/automation'
import { Field } from '../../../components/ui/field'
import { POSTS_PER_DAY_CHOICES, sortDays, type AutomationForm, type FieldKey, type FormChange } from '../utils/form'

const checkboxClass =
  'h-4 w-4 rounded border-slate-300 accent-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700'

/**
 * Schedule Settings (product.md §9): the posting days, how many posts a day (1–5) and the window they are spread over, at
 * least 30 minutes apart, in `timeZone` (the account's, else the person's), and whether the times are random or the
 * account's best hours (issue 19). The window's problem shows as soon as the
 * times are there, not only on save.
 */
export function ScheduleSettings({
  form,
  errors,
  timeZone,
  onChange,
}: {
  form: AutomationForm
  errors: Partial<Record<FieldKey, string>>
  timeZone: string
  onChange: FormChange
}) {
  const id = useId()
  const daysErrorId = `${id}-days-error`
  const zoneId = `${id}-zone`
  const bothTimes = form.windowStart !== '' && form.windowEnd !== ''
  const liveWindowIssue = bothTimes ? windowIssue(form.windowStart, form.windowEnd, form.postsPerDay) : null
  const endError = errors.windowEnd ?? liveWindowIssue ?? undefined

  function toggleDay(day: Weekday, on: boolean) {
    onChange({ days: sortDays(on ? [...form.days, day] : form.days.filter((d) => d !== day)) })
  }

  return (
    <div className="space-y-5">
      <fieldset aria-describedby={errors.days ? daysErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Posting days</legend>
        {errors.days ? (
          <p id={daysErrorId} className="mt-1 text-sm text-red-700">
            {errors.days}
          </p>
        ) : null}
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="days"
                value={day}
                data-field={i === 0 ? 'days' : undefined}
                aria-invalid={errors.days ? true : undefined}
                checked={form.days.includes(day)}
                onChange={(e) => toggleDay(day, e.target.checked)}
                className={checkboxClass}
              />
              {WEEKDAY_LABELS[day]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="max-w-xs">
        <Field
          label="Posts per day"
          error={errors.postsPerDay}
          hint={`At least ${AUTOMATION_LIMITS.minGapMinutes} minutes apart, inside the window.`}
          render={(props) => (
            <select
              {...props}
              data-field="postsPerDay"
              value={form.postsPerDay}
              onChange={(e) => onChange({ postsPerDay: Number(e.target.value) })}
            >
              {POSTS_PER_DAY_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Posting window</legend>
        <p id={zoneId} className="mt-1 text-sm text-slate-600">
          Times are in {timeZone}
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <Field
            label="Start time"
            error={errors.windowStart}
            extraDescribedBy={zoneId}
            render={(props) => (
              <input
                {...props}
                type="time"
                data-field="windowStart"
                value={form.windowStart}
                onChange={(e) => onChange({ windowStart: e.target.value })}
              />
            )}
          />
          <Field
            label="End time"
            error={endError}
            extraDescribedBy={zoneId}
            render={(props) => (
              <input
                {...props}
                type="time"
                data-field="windowEnd"
                value={form.windowEnd}
                onChange={(e) => onChange({ windowEnd: e.target.value })}
              />
            )}
          />
        </div>
      </fieldset>

      <div className="max-w-sm">
        <Field
          label="Posting times"
          error={errors.postingTimes}
          hint={
            form.postingTimes === 'best'
              ? 'Prefers the hours of the window when this account’s posts did best (1 in 5 posts tries another time). Until the account has 10 posts with stats, times are random.'
              : 'Random times inside the window.'
          }
          render={(props) => (
            <select
              {...props}
              data-field="postingTimes"
              value={form.postingTimes}
              onChange={(e) => onChange({ postingTimes: e.target.value as PostingTimes })}
            >
              {POSTING_TIMES.map((t) => (
                <option key={t} value={t}>
                  {POSTING_TIMES_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        />
      </div>
    </div>
  )
}
