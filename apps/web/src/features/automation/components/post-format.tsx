import { useId } from 'react'
import {
  AUTOMATION_FORMAT_LABELS,
  AUTOMATION_FORMATS,
  formatUsesSlideshows,
  type AutomationFormat,
} from '@hookpost/shared/automation'
import { SLIDESHOW_WRITER_LIMITS } from '@hookpost/shared/slideshows'
import { Field } from '../../../components/ui/field'
import type { AutomationForm, FieldKey, FormChange } from '../utils/form'

/** What each choice means, under its label. */
const FORMAT_HINTS: Record<AutomationFormat, string> = {
  video: 'A video from your Library with the hook on it.',
  slideshow: 'A photo slideshow: the hook slide, point slides and a call to action, on images from your gallery.',
  alternate: 'A video, then a slideshow, and so on, for the chosen account.',
}

const POINT_CHOICES = Array.from(
  { length: SLIDESHOW_WRITER_LIMITS.points.max - SLIDESHOW_WRITER_LIMITS.points.min + 1 },
  (_, i) => SLIDESHOW_WRITER_LIMITS.points.min + i,
)

/**
 * What automation posts (issue 29): videos, slideshows or both by turns, and for slideshows how many point slides
 * come between the hook slide and the call to action.
 */
export function PostFormat({
  form,
  errors,
  onChange,
}: {
  form: AutomationForm
  errors: Partial<Record<FieldKey, string>>
  onChange: FormChange
}) {
  const id = useId()
  return (
    <div className="space-y-4">
      <fieldset data-field="format">
        <legend className="text-sm font-medium text-slate-800">What to post</legend>
        <div className="mt-2 space-y-2">
          {AUTOMATION_FORMATS.map((format) => (
            <label key={format} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-format`}
                value={format}
                checked={form.format === format}
                aria-describedby={`${id}-${format}-hint`}
                onChange={() => onChange({ format })}
                className="mt-0.5 h-4 w-4 shrink-0 accent-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
              />
              <span className="min-w-0">
                <span className="block font-medium">{AUTOMATION_FORMAT_LABELS[format]}</span>
                <span id={`${id}-${format}-hint`} className="block text-xs text-slate-600">
                  {FORMAT_HINTS[format]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {formatUsesSlideshows(form.format) ? (
        <div className="max-w-xs">
          <Field
            label="Point slides per slideshow"
            error={errors.slidesPerPost}
            hint={`Each slideshow has ${form.slidesPerPost + 2} slides: the hook, ${form.slidesPerPost} ${
              form.slidesPerPost === 1 ? 'point' : 'points'
            } and a call to action.`}
            render={(props) => (
              <select
                {...props}
                data-field="slidesPerPost"
                value={form.slidesPerPost}
                onChange={(e) => onChange({ slidesPerPost: Number(e.target.value) })}
              >
                {POINT_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
      ) : null}
    </div>
  )
}
