/**
 * The one way Hookpost writes a moment (issue 30 item 3, ADR 049): 'Thu, Dec 3, 2026, 10:30 AM (Europe/Berlin)' —
 * English, as the rest of the app, always in a named zone and with the zone said. The web (calendar, list, queue,
 * posting slots, notifications, post details) and the server (notices and mail) both write it from here.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone)
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
      return null
    }
    formats.set(zone, format)
  }
  return format
}

/**
 * 'Thu, Dec 3, 2026, 10:30 AM' in `zone`, without the zone (for where it is said once beside). A zone this runtime
 * does not know is written in UTC rather than failing the whole screen.
 */
export function formatDateTime(at: Date | string, zone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at
  const format = formatIn(zone) ?? formatIn('UTC')
  return format ? format.format(instant) : instant.toISOString()
}

/** 'Thu, Dec 3, 2026, 10:30 AM (America/Los_Angeles)': the moment and the zone it is read in. */
export function formatDateTimeInZone(at: Date | string, zone: string): string {
  const known = formatIn(zone) !== null
  return `${formatDateTime(at, zone)} (${known ? zone : 'UTC'})`
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** 'Thu, Dec 3, 2026': the day of a moment in `zone` (a trial's end, a renewal), the same words as the date above. */
export function formatDate(at: Date | string, zone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at
  const known = formatIn(zone) !== null ? zone : 'UTC'
  let format = dayFormats.get(known)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: known,
    })
    dayFormats.set(known, format)
  }
  return format.format(instant)
}
