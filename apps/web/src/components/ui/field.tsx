import { useId, type ReactNode } from 'react'
import { FieldMessages, fieldControlClass } from './form'

export type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-required': true | undefined
  'aria-describedby': string | undefined
  className: string
}

/**
 * A labelled control with its hint and error wired by aria-describedby (error first, so it is read first). The
 * required mark sits outside the label so the accessible name is the label itself.
 */
export function Field({
  label,
  required = false,
  hint,
  error,
  aside,
  extraDescribedBy,
  render,
}: {
  label: string
  required?: boolean
  hint?: ReactNode
  error: string | undefined
  /** Beside the label on the right, e.g. a character counter (also read as part of the description). */
  aside?: ReactNode
  /** Ids of other elements that describe the control (read after the error and hint). */
  extraDescribedBy?: string
  render: (props: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const asideId = `${id}-aside`
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, aside ? asideId : null, extraDescribedBy ?? null]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm font-medium">
        <span className="flex gap-0.5">
          <label htmlFor={id} className="text-slate-800">
            {label}
          </label>
          {required ? (
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          ) : null}
        </span>
        {aside ? (
          <span id={asideId} className="text-xs font-normal text-slate-600">
            {aside}
          </span>
        ) : null}
      </div>
      {render({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
        'aria-describedby': describedBy,
        className: fieldControlClass(Boolean(error)),
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

/** 'n/max characters', red once over the limit. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? 'font-medium text-red-700' : undefined}>
      {length.toLocaleString('en-US')}/{max.toLocaleString('en-US')}
      <span className="sr-only"> characters</span>
    </span>
  )
}
