import { useId } from 'react'

/**
 * The enable/disable toggle (product.md §2, §4 'automation toggle'): a real switch named 'Automation'. It edits the form;
 * Save Settings makes it so. What it says tells the two apart, in words, not only by its colour.
 */
export function AutomationSwitch({
  checked,
  saved,
  disabled,
  onChange,
}: {
  checked: boolean
  /** Whether automation is on as saved on the server. */
  saved: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  const text =
    checked === saved
      ? checked
        ? 'On: Hookpost plans, renders and schedules your posts every posting day, even when this page is closed.'
        : 'Off: nothing is planned or posted.'
      : checked
        ? 'On once you save your settings.'
        : 'Off once you save your settings: the posts it planned that are not posted yet are cancelled.'
  return (
    <div className="flex items-start gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-text`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 disabled:cursor-not-allowed disabled:opacity-60 ${
          checked ? 'bg-fuchsia-700' : 'bg-slate-300'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
      <div className="min-w-0">
        <span id={`${id}-label`} className="font-semibold text-slate-900">
          Automation
        </span>{' '}
        <span className="text-sm font-medium text-slate-700" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
        <p id={`${id}-text`} className="text-sm text-slate-600">
          {text}
        </p>
      </div>
    </div>
  )
}
