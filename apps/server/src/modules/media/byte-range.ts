/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14.2). Browsers' <video> asks for one range at
 * a time; a header we do not understand, or several ranges, is ignored and the whole file is sent, which the RFC
 * allows. `end` is inclusive.
 */
export type ByteRange =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  /** 416, with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return { kind: 'full' }
  const match = SINGLE_RANGE.exec(header.trim())
  if (!match) return { kind: 'full' }
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return { kind: 'full' }

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end: Math.min(end, size - 1) }
}
