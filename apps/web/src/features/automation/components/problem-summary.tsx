import { useId, type Ref } from 'react'
import { fieldPlace, type FieldKey, type Problem } from '../utils/form'

/**
 * What stops the settings from being saved, at the top of the form: each message, and for one on a field a way to
 * that field's sub-tab (the field may be on a tab that is not shown). Focus comes here after a refused save.
 */
export function ProblemSummary({
  problems,
  onGo,
  ref,
}: {
  problems: readonly Problem[]
  onGo: (field: FieldKey) => void
  ref?: Ref<HTMLDivElement>
}) {
  const id = useId()
  if (problems.length === 0) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <p className="font-semibold">
        {problems.length === 1
          ? 'Please fix this before saving:'
          : `Please fix these ${problems.length} problems before saving:`}
      </p>
      <ul className="mt-2 space-y-1.5">
        {problems.map((problem, i) => {
          const field = problem.field
          const messageId = `${id}-${i}`
          return (
            <li key={`${field ?? 'form'}-${i}`} className="flex flex-wrap items-baseline gap-x-2">
              <span id={messageId} className="[overflow-wrap:anywhere]">
                {problem.message}
              </span>
              {field ? (
                <button
                  type="button"
                  // Two problems may be on one sub-tab: the message tells their buttons apart.
                  aria-describedby={messageId}
                  className="rounded-sm font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                  onClick={() => onGo(field)}
                >
                  Go to {fieldPlace(field)}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
