import { randomBytes } from 'node:crypto'

/**
 * A JSON number written digit for digit. TikTok sends `publicaly_available_post_id` as 19-digit numbers above
 * Number.MAX_SAFE_INTEGER (tiktok-api.md §3.7, C2); a JS number cannot carry them, so they are spliced into the text.
 */
export class RawJsonNumber {
  constructor(readonly digits: string) {
    if (!/^-?\d+$/.test(digits)) throw new Error(`not an integer: ${digits}`)
  }
}

// A per-process nonce keeps user text (titles) from ever matching the placeholder.
const MARK = `__raw_number_${randomBytes(8).toString('hex')}__`
const MARK_PATTERN = new RegExp(`"${MARK}(-?\\d+)"`, 'g')

export function stringifyWithRawNumbers(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJsonNumber ? `${MARK}${v.digits}` : v))
  return text.replace(MARK_PATTERN, '$1')
}
