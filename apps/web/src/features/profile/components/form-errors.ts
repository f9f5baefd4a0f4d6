import { useEffect, useRef, useState } from 'react'
import { fieldErrors } from '../../../components/ui/form'
import { serverFieldErrors } from '../../../lib/api-client'

type Issues = readonly { path: readonly PropertyKey[]; message: string }[]

/**
 * A form's field errors, from the browser's own check or from the server's answer, and focus on the first wrong field
 * each time they are shown (so a keyboard or screen-reader user lands on what to fix). The server's other errors are
 * left to the form's banner.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [shown, setShown] = useState(0)

  useEffect(() => {
    if (shown === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [shown])

  function show(next: Partial<Record<F, string>>) {
    setErrors(next)
    if (Object.keys(next).length > 0) setShown((n) => n + 1)
  }
  function pick(all: Record<string, string>): Partial<Record<F, string>> {
    return Object.fromEntries(fields.flatMap((f) => (all[f] ? [[f, all[f]]] : []))) as Partial<Record<F, string>>
  }

  return {
    formRef,
    errors,
    clear: () => setErrors({}),
    fromIssues: (issues: Issues) => show(pick(fieldErrors(issues))),
    /** True when the server's error was about a field (shown there); false leaves it to the banner. */
    fromServer(error: unknown): boolean {
      const found = pick(serverFieldErrors(error))
      show(found)
      return Object.keys(found).length > 0
    },
  }
}
