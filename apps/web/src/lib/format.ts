/** Sizes in Bytes/KB/MB/GB (product.md §9): the one formatter, shared with the server's storage messages. */
export { formatFileSize } from '@hookpost/shared/file-size'

/** A video's length as m:ss (h:mm:ss from an hour), rounded to the nearest second. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** 'Tue, Apr 7, 2026, 2:30 PM' in `zone`, and with ' (zone)' after it: the one date format (ADR 049). */
export {
  formatDate as dateIn,
  formatDateTime as dateTimeIn,
  formatDateTimeInZone as dateTimeWithZone,
} from '@hookpost/shared/date-format'

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** 'just now', '5 minutes ago', 'yesterday': how long before `now` an instant was (a later one reads 'just now'). */
export function relativeTime(instant: string, now: Date): string {
  const ago = now.getTime() - Date.parse(instant)
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (ago >= ms) return relative.format(-Math.floor(ago / ms), unit)
  }
  return 'just now'
}
