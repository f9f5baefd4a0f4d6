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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * 'Tue, Apr 7, 2026, 2:30 PM' in `zone` (English, as the rest of the app). A zone this browser does not know is
 * shown in UTC rather than failing the whole screen.
 */
export function dateTimeIn(instant: string, zone: string): string {
  let format = dateTimeFormats.get(zone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
      })
    } catch {
      return zone === 'UTC' ? new Date(instant).toISOString() : dateTimeIn(instant, 'UTC')
    }
    dateTimeFormats.set(zone, format)
  }
  return format.format(new Date(instant))
}

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
