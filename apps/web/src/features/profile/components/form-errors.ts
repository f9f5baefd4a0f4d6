import { useEffect, useRef, useState, type FormEvent } from 'react'
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

/**
 * A profile form that sends its fields, checked by `schema`, to `send`: the browser's check first (errors on their
 * fields), then the server's answer (on a field when it names one, otherwise `failure` for the form's banner). The
 * form is cleared once the server said yes, and `onDone` gets its message.
 */
export function useCheckedSubmit<F extends string, Body, Answer extends { message: string }>(options: {
  fields: readonly F[]
  schema: {
    safeParse(data: unknown): { success: true; data: Body } | { success: false; error: { issues: Issues } }
  }
  send: (body: Body, callbacks: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void }) => void
  onStart: () => void
  onDone: (message: string) => void
}) {
  const { formRef, errors, clear, fromIssues, fromServer } = useFieldErrors(options.fields)
  const [failure, setFailure] = useState<unknown>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const element = event.currentTarget
    const data = new FormData(element)
    options.onStart()
    setFailure(null)
    const parsed = options.schema.safeParse(Object.fromEntries(options.fields.map((f) => [f, data.get(f)])))
    if (!parsed.success) {
      fromIssues(parsed.error.issues)
      return
    }
    clear()
    options.send(parsed.data, {
      onSuccess: (answer) => {
        element.reset()
        options.onDone(answer.message)
      },
      onError: (error) => {
        if (!fromServer(error)) setFailure(error)
      },
    })
  }

  return { formRef, errors, failure, onSubmit }
}
