import { isValidTimeZone } from '@hookpost/shared/time'

export type ZoneOption = { zone: string; label: string }

function offsetLabel(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')
    return part?.value ?? ''
  } catch {
    return ''
  }
}

/** 'America/New York (GMT-5)': the IANA name people search for, with today's offset. */
export function zoneLabel(zone: string, now: Date): string {
  const offset = offsetLabel(zone, now)
  const name = zone.replace(/_/g, ' ')
  return offset ? `${name} (${offset})` : name
}

let cache: string[] | null = null

/** Every IANA zone the browser knows, UTC included; `extra` (the current choice) is kept even if the list lacks it. */
export function timeZoneOptions(now: Date, extra: readonly string[] = []): ZoneOption[] {
  cache ??= (() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    return zones.includes('UTC') ? zones : ['UTC', ...zones]
  })()
  const missing = extra.filter(
    (zone, i) => extra.indexOf(zone) === i && !cache?.includes(zone) && isValidTimeZone(zone),
  )
  return [...missing, ...cache].map((zone) => ({ zone, label: zoneLabel(zone, now) }))
}
