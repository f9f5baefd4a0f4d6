import { useState } from 'react'
import { EXAMPLE_HOOKS_MAX } from '@hookpost/shared/ai'
import { secondaryButtonClass } from './button-styles'
import { Field } from './field'

/**
 * Example hooks (product.md §5: at most 5, none blank): type one, Add example (or Enter, which adds instead of submitting
 * the form), and remove any. The content generator and the automation's Content Settings both ask for them.
 */
export function ExampleHooksField({
  value,
  onChange,
  error,
  maxLength = 150,
  fieldName,
}: {
  value: readonly string[]
  onChange: (next: string[]) => void
  error: string | undefined
  maxLength?: number
  /** `data-field` of the input (a form's error summary focuses it). */
  fieldName?: string
}) {
  const [draft, setDraft] = useState('')
  const full = value.length >= EXAMPLE_HOOKS_MAX

  function add() {
    const text = draft.trim()
    if (text === '' || full) return
    onChange([...value, text])
    setDraft('')
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            label="Example hook"
            hint={`Hooks you like, up to ${EXAMPLE_HOOKS_MAX}: new ones follow their style.`}
            error={error}
            render={(props) => (
              <input
                {...props}
                {...(fieldName ? { 'data-field': fieldName } : {})}
                maxLength={maxLength}
                value={draft}
                disabled={full}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  // Enter adds the example instead of submitting the form.
                  if (e.key !== 'Enter') return
                  e.preventDefault()
                  add()
                }}
              />
            )}
          />
        </div>
        <button type="button" className={secondaryButtonClass} disabled={draft.trim() === '' || full} onClick={add}>
          Add example
        </button>
      </div>
      {value.length > 0 ? (
        <ul aria-label="Example hooks" className="space-y-1">
          {value.map((text, i) => (
            <li key={`${i}-${text}`} className="flex items-center justify-between gap-2 text-sm text-slate-800">
              <span className="min-w-0 break-words">{text}</span>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={`Remove example “${text}”`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
