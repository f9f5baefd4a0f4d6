const formats = new Map<string, Intl.DateTimeFormat>()

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
      })
    } catch {
      // A zone this browser does not know: say it in UTC rather than fail the whole history.
      return format('UTC')
    }
    formats.set(zone, f)
  }
  return f
}

/** 'Mon, Nov 24, 2025, 2:30 PM' in `zone` (English, as the rest of the app). */
export function dateTimeIn(iso: string, zone: string): string {
  return format(zone).format(new Date(iso))
}
