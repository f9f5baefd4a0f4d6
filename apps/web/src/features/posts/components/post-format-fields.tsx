import { useId } from 'react'
import {
  INBOX_PENDING_CAP,
  POST_FORMAT_LABELS,
  POST_FORMATS,
  POST_MODE_LABELS,
  POST_MODES,
  type PostFormat,
  type PostMode,
} from '@hookpost/shared/posts'

function RadioGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  describedBy,
  onChange,
}: {
  legend: string
  name: string
  options: readonly T[]
  labels: Record<T, string>
  value: T
  describedBy?: string
  onChange: (value: T) => void
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
        {options.map((option) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="h-4 w-4 accent-fuchsia-700"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The pending-drafts cap, said under the mode choice (tiktok-api.md §3.3, §4.4). */
export const INBOX_CAP_NOTE = `TikTok keeps at most ${INBOX_PENDING_CAP} drafts per creator in 24 hours: Hookpost counts the drafts already waiting before it schedules another.`

/** What a draft leaves to the creator (tiktok-api.md §3.3, §6). */
export const DRAFT_NOTE =
  'A draft goes to the creator’s TikTok inbox without privacy or interaction settings: they choose those and add a sound in the TikTok app, then post it.'

/**
 * What the post is (a video or a slideshow) and how it goes to TikTok (posted directly, or sent as a draft to the
 * creator's inbox), as two radio groups with their legends, and what each choice means.
 */
export function PostFormatFields({
  format,
  postMode,
  showFormat = true,
  onFormat,
  onMode,
}: {
  /** False when the form schedules a given video (its format is settled). */
  showFormat?: boolean
  format: PostFormat
  postMode: PostMode
  onFormat: (format: PostFormat) => void
  onMode: (mode: PostMode) => void
}) {
  const id = useId()
  return (
    <div className="space-y-3">
      {showFormat ? (
        <RadioGroup
          legend="Format"
          name={`${id}-format`}
          options={POST_FORMATS}
          labels={POST_FORMAT_LABELS}
          value={format}
          onChange={onFormat}
        />
      ) : null}
      <RadioGroup
        legend="How it goes to TikTok"
        name={`${id}-mode`}
        options={POST_MODES}
        labels={POST_MODE_LABELS}
        value={postMode}
        describedBy={`${id}-cap`}
        onChange={onMode}
      />
      <p id={`${id}-cap`} className="text-xs text-slate-600">
        {INBOX_CAP_NOTE}
      </p>
    </div>
  )
}
