import { MESSAGES } from '@hookpost/shared'
import { AppError } from './errors'

/**
 * Characters no text field may hold (ADR 021): NUL, which PostgreSQL cannot store in text (it would fail as a 500),
 * and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a caption or a
 * file name read differently from what it is ("Trojan Source"). Right-to-left text itself needs none of them.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL control character is the point
const FORBIDDEN = /[\u0000\u202A-\u202E\u2066-\u2069]/

export interface ForbiddenText {
  /** Where: `title`, `textOverlays.2.text`; a key holding one is named itself. */
  path: string
  /** The offending character as U+XXXX. */
  character: string
}

function codePoint(text: string): string {
  const match = FORBIDDEN.exec(text)
  return `U+${(match?.[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * A JSON object, or a parsed query string or path parameters: Fastify's parsers make those with an empty prototype
 * that itself has none. Buffers, streams and class instances are not text.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null
}

/**
 * The first string (or object key) in a parsed JSON value, query or path parameters holding a forbidden character.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findForbiddenText(value: unknown): ForbiddenText | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      if (FORBIDDEN.test(current)) return { path, character: codePoint(current) }
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: join(path, String(i)) })
    } else if (isPlainObject(current)) {
      const keys = Object.keys(current)
      for (const key of keys) if (FORBIDDEN.test(key)) return { path: join(path, key), character: codePoint(key) }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!
        stack.push({ value: current[key], path: join(path, key) })
      }
    }
  }
  return undefined
}

/** The 400 for a forbidden character: the field by name, in the message and in `details`. */
export function forbiddenTextError(found: ForbiddenText, where: string): AppError {
  const field = found.path || where
  const message = `“${field}” ${MESSAGES.forbiddenCharacter} (${found.character})`
  return new AppError('VALIDATION_FAILED', message, [{ path: field, message }])
}
