/** `application/x-www-form-urlencoded` bodies arrive as this record (first value per key, all values in `all`). */
export interface FormBody {
  get(name: string): string | undefined
  all(name: string): string[]
}

export function parseForm(text: string): FormBody {
  const params = new URLSearchParams(text)
  return {
    get: (name) => params.get(name) ?? undefined,
    all: (name) => params.getAll(name),
  }
}

export function isFormBody(value: unknown): value is FormBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FormBody).get === 'function' &&
    typeof (value as FormBody).all === 'function'
  )
}

export const EMPTY_FORM: FormBody = parseForm('')

/** The form of a request, or an empty one when the body is missing or of another type. */
export function formOf(body: unknown): FormBody {
  return isFormBody(body) ? body : EMPTY_FORM
}
