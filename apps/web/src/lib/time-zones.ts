import { isValidTimeZone } from '@hookpost/shared/time'

/** One zone as the picker lists it: the IANA id, its name as people read it, and today's offset ('GMT-8'). */
export type ZoneOption = { zone: string; name: string; offset: string; label: string }

/** A zone shown on top of the list whatever is typed (the detected zone, the profile's), with why it is there. */
export type PinnedZone = { zone: string; note: string }

export type ZoneMatch = ZoneOption & { note: string | null }

/** The browser's own zone ('UTC' when it has none to say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const offsetFormats = new Map<string, Intl.DateTimeFormat | null>()

/** 'GMT-8', 'GMT+5:30', 'GMT' (UTC itself): the zone's offset at `now`, '' for a zone this browser does not know. */
export function zoneOffset(zone: string, now: Date): string {
  let format = offsetFormats.get(zone)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    } catch {
      format = null
    }
    offsetFormats.set(zone, format)
  }
  const offset = format?.formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? ''
  // ICU builds differ on Greenwich itself ('GMT' in Chromium, 'GMT+0' in some Node builds): one spelling.
  return offset === 'GMT+0' || offset === 'GMT-0' ? 'GMT' : offset
}

/** 'America/Los Angeles (GMT-8)': the IANA name people search for, with today's offset. */
export function zoneLabel(zone: string, now: Date): string {
  const offset = zoneOffset(zone, now)
  const name = zone.replace(/_/g, ' ')
  return offset ? `${name} (${offset})` : name
}

let cache: string[] | null = null

/** Every IANA zone the browser knows, UTC first. */
export function allTimeZones(): string[] {
  cache ??= (() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    return ['UTC', ...zones.filter((z) => z !== 'UTC')]
  })()
  return cache
}

function option(zone: string, now: Date): ZoneOption {
  const offset = zoneOffset(zone, now)
  const name = zone.replace(/_/g, ' ')
  return { zone, name, offset, label: offset ? `${name} (${offset})` : name }
}

/**
 * 'gmt-8', 'UTC -08:00', '-8', '+5:30' → 'GMT-8' / 'GMT+5:30' as Intl writes offsets; 'gmt' and 'utc' → 'GMT';
 * anything else → null (not an offset).
 */
export function offsetQuery(query: string): string | null {
  const q = query.trim().toLowerCase().replace(/\s+/g, '')
  if (q === 'gmt' || q === 'utc' || q === 'gmt+0' || q === 'utc+0' || q === 'gmt-0' || q === 'utc-0') return 'GMT'
  const m = /^(?:gmt|utc)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(q)
  if (!m) return null
  const hours = Number(m[2])
  const minutes = m[3] ? Number(m[3]) : 0
  if (hours > 14 || minutes > 59) return null
  if (hours === 0 && minutes === 0) return 'GMT'
  return `GMT${m[1]}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/-]+/g, ' ')
    .trim()

/**
 * How well `zone` matches the typed words, lower is better, null for no match: the city starting with them first
 * ('los' → Los Angeles), then any part of the name starting with them ('america'), then the name holding them
 * anywhere, then the offset ('GMT-8' → every zone eight hours behind today).
 */
function rank(option: ZoneOption, query: string, offset: string | null): number | null {
  if (offset !== null) return option.offset === offset ? 3 : null
  const q = normalise(query)
  const name = normalise(option.zone)
  const city = normalise(option.zone.slice(option.zone.lastIndexOf('/') + 1))
  if (city.startsWith(q)) return 0
  if (name.split(' ').some((_, i, words) => words.slice(i).join(' ').startsWith(q))) return 1
  if (name.includes(q)) return 2
  return null
}

/**
 * The picker's list for what has been typed: the pinned zones first (each once, with its note), then every zone that
 * matches, best first and alphabetically among equals. An empty query lists everything. `extra` (a current choice
 * the browser's list lacks, e.g. a zone saved by an older browser) is listed too when it is a valid zone.
 */
export function searchTimeZones(
  query: string,
  { now, pinned = [], extra = [] }: { now: Date; pinned?: readonly PinnedZone[]; extra?: readonly string[] },
): ZoneMatch[] {
  const known = allTimeZones()
  const zones = [...extra.filter((z) => !known.includes(z) && isValidTimeZone(z)), ...known]
  const offset = offsetQuery(query)
  const trimmed = query.trim()
  const notes = new Map<string, string>()
  for (const p of pinned) if (!notes.has(p.zone)) notes.set(p.zone, p.note)
  const scored: { match: ZoneMatch; score: number }[] = []
  for (const zone of new Set([...notes.keys(), ...zones])) {
    if (!isValidTimeZone(zone)) continue
    const candidate = option(zone, now)
    const score = trimmed === '' ? 0 : rank(candidate, trimmed, offset)
    if (score === null) continue
    const note = notes.get(zone) ?? null
    // A pinned zone that matches leads whatever its score: it is the likely answer.
    scored.push({ match: { ...candidate, note }, score: note !== null ? -1 : score })
  }
  const order = new Map([...notes.keys()].map((z, i) => [z, i]))
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        (order.get(a.match.zone) ?? 0) - (order.get(b.match.zone) ?? 0) ||
        (trimmed === '' ? 0 : a.match.zone.localeCompare(b.match.zone)),
    )
    .map((s) => s.match)
}
