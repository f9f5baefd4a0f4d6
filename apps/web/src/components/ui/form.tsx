import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

export const buttonClass =
  'inline-flex items-center justify-center rounded-md bg-fuchsia-700 px-4 py-2 text-sm font-semibold text-white shadow-sm ' +
  'hover:bg-fuchsia-800 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700'

export const linkClass =
  'font-medium text-fuchsia-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 rounded-sm'

/** A labelled input with its hint and error wired by aria-describedby (tests and screen readers find it by label). */
export function TextField({
  label,
  error,
  hint,
  ...input
}: {
  label: string
  error?: string | undefined
  hint?: ReactNode
  /** React 19 passes it as a prop: it reaches the input (a dialog's first field takes focus through it). */
  ref?: Ref<HTMLInputElement>
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClass(Boolean(error))}
        {...input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

/** The classes of a text input or textarea, red-bordered when its value is wrong. */
export function fieldControlClass(invalid: boolean): string {
  return `mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm sm:text-sm focus:outline-2 focus:outline-offset-0 focus:outline-fuchsia-600 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`
}

/** A field's hint and error, with the ids its control names in aria-describedby. */
export function FieldMessages(props: {
  hint?: ReactNode
  hintId: string
  error?: string | undefined
  errorId: string
}) {
  return (
    <>
      {props.hint ? (
        <p id={props.hintId} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={props.errorId} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </>
  )
}

/** Field errors from a zod result, first message per field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form')
    out[key] ??= issue.message
  }
  return out
}
