import { useId, type ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CommercialChoice } from '../utils/schedule-form'
import { disabledText } from './tiktok-post-settings'

/**
 * TikTok rule 3 (tiktok-api.md §6): the commercial content disclosure, off by default; when on, whether the video
 * promotes the creator's own brand, another brand, or both, and the label TikTok will show.
 */
export function CommercialDisclosure({
  value,
  privateChosen,
  onChange,
}: {
  value: CommercialChoice
  /** 'Only me' is chosen: branded content cannot be private, so that box is off until the person changes privacy. */
  privateChosen: boolean
  onChange: (value: CommercialChoice) => void
}) {
  const id = useId()
  const brandedBlocked = privateChosen && !value.brandedContent
  const label = value.brandedContent ? 'Paid partnership' : value.yourBrand ? 'Promotional content' : null
  return (
    <div className="rounded-md border border-slate-200 p-3 sm:p-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={`${id}-toggle`} className="text-sm font-medium text-slate-800">
            Disclose video content
          </label>
          <p id={`${id}-toggle-hint`} className="mt-1 text-xs text-slate-600">
            Turn on to disclose that this video promotes goods or services in exchange for something of value. Your
            video could promote yourself, a third party, or both.
          </p>
        </div>
        <input
          id={`${id}-toggle`}
          type="checkbox"
          role="switch"
          name="commercialEnabled"
          checked={value.enabled}
          aria-describedby={`${id}-toggle-hint`}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? { ...value, enabled: true }
                : { enabled: false, yourBrand: false, brandedContent: false },
            )
          }
          className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-fuchsia-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
        />
      </div>
      {value.enabled ? (
        <fieldset className="mt-3 space-y-3">
          <legend className="sr-only">What this video promotes</legend>
          <CheckboxWithHint
            label="Your brand"
            checked={value.yourBrand}
            onChange={(checked) => onChange({ ...value, yourBrand: checked })}
            hint="You are promoting yourself or your own business. This video will be classified as Brand Organic."
          />
          <CheckboxWithHint
            label="Branded content"
            checked={value.brandedContent}
            disabled={brandedBlocked}
            onChange={(checked) => onChange({ ...value, brandedContent: checked })}
            hint={
              brandedBlocked ? (
                <>
                  {MESSAGES.brandedNotPrivate} Choose who can view this video other than &apos;Only me&apos; to select
                  it.
                </>
              ) : (
                'You are promoting another brand or a third party. This video will be classified as Branded Content.'
              )
            }
          />
          {label ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800" aria-live="polite">
              Your video will be labeled as &apos;{label}&apos;
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  )
}

function CheckboxWithHint({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  label: string
  hint: ReactNode
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-fuchsia-700 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
      />
      <div>
        <label htmlFor={id} className={`text-sm font-medium ${disabledText(disabled)}`}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  )
}
