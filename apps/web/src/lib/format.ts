/** product.md §9: file sizes in Bytes/KB/MB/GB with 2 decimals (1 KB = 1024 bytes, as the original app counted). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} Bytes`
  const units = ['KB', 'MB', 'GB'] as const
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(2)} ${units[unit]}`
}

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
