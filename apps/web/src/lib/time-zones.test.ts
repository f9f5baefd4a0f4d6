import { describe, expect, it } from 'vitest'
import { zonePins } from './display-zone'
import { offsetQuery, searchTimeZones, zoneLabel, zoneOffset } from './time-zones'

// Winter in the north: Los Angeles is GMT-8, Paris GMT+1.
const now = new Date('2026-12-02T12:00:00Z')
const zones = (query: string, pinned = [] as { zone: string; note: string }[]) =>
  searchTimeZones(query, { now, pinned }).map((m) => m.zone)

describe('zone offsets and labels', () => {
  it('says today’s offset the way Intl writes it', () => {
    expect(zoneOffset('America/Los_Angeles', now)).toBe('GMT-8')
    expect(zoneOffset('America/Los_Angeles', new Date('2026-07-01T12:00:00Z'))).toBe('GMT-7')
    expect(zoneOffset('Asia/Kolkata', now)).toBe('GMT+5:30')
    expect(zoneOffset('UTC', now)).toBe('GMT')
    expect(zoneOffset('Mars/Base', now)).toBe('')
    expect(zoneLabel('America/Los_Angeles', now)).toBe('America/Los Angeles (GMT-8)')
  })

  it('reads an offset typed in any of the usual ways', () => {
    expect(offsetQuery('GMT-8')).toBe('GMT-8')
    expect(offsetQuery('utc -08:00')).toBe('GMT-8')
    expect(offsetQuery('+5:30')).toBe('GMT+5:30')
    expect(offsetQuery('+0530')).toBe('GMT+5:30')
    expect(offsetQuery('UTC')).toBe('GMT')
    expect(offsetQuery('gmt+0')).toBe('GMT')
    expect(offsetQuery('paris')).toBeNull()
    expect(offsetQuery('+15')).toBeNull()
  })
})

describe('searchTimeZones', () => {
  it('lists every zone, UTC first, for an empty query', () => {
    const all = zones('')
    expect(all[0]).toBe('UTC')
    expect(all.length).toBeGreaterThan(300)
    expect(new Set(all).size).toBe(all.length)
  })

  it('finds a zone by the start of its city, before zones that only hold the letters', () => {
    const found = zones('los')
    expect(found[0]).toBe('America/Los_Angeles')
    expect(zones('paris')).toEqual(['Europe/Paris'])
    expect(zones('new york')[0]).toBe('America/New_York')
    expect(zones('NEW_YORK')[0]).toBe('America/New_York')
  })

  it('finds zones by region, a city-starting match first', () => {
    const found = zones('america')
    expect(found.length).toBeGreaterThan(50)
    expect(found.every((z) => z.toLowerCase().includes('america'))).toBe(true)
  })

  it('finds zones by offset: every zone eight hours behind today, Los Angeles among them', () => {
    const found = zones('GMT-8')
    expect(found).toContain('America/Los_Angeles')
    expect(found).not.toContain('America/New_York')
    expect(searchTimeZones('GMT-8', { now }).every((m) => m.offset === 'GMT-8')).toBe(true)
  })

  it('puts the pinned zones first, with their notes, each once; a pinned zone that does not match is left out', () => {
    const pinned = zonePins('UTC', 'America/Los_Angeles')
    const all = searchTimeZones('', { now, pinned })
    expect(all.slice(0, 2).map((m) => [m.zone, m.note])).toEqual([
      ['UTC', 'your profile zone'],
      ['America/Los_Angeles', 'detected from this browser'],
    ])
    expect(all.filter((m) => m.zone === 'UTC')).toHaveLength(1)
    const angeles = searchTimeZones('angeles', { now, pinned })
    expect(angeles.map((m) => m.zone)).toEqual(['America/Los_Angeles'])
    expect(zones('a', pinned)[0]).toBe('America/Los_Angeles')
  })

  it('one pin when the profile and the browser agree', () => {
    expect(zonePins('Europe/Paris', 'Europe/Paris')).toEqual([
      { zone: 'Europe/Paris', note: 'your profile zone, detected from this browser' },
    ])
    expect(zonePins(null, 'Europe/Paris')).toEqual([{ zone: 'Europe/Paris', note: 'detected from this browser' }])
  })

  it('keeps a valid current choice the browser’s list lacks, and drops an invalid one', () => {
    expect(searchTimeZones('', { now, extra: ['Etc/GMT+8'] }).some((m) => m.zone === 'Etc/GMT+8')).toBe(true)
    expect(searchTimeZones('', { now, extra: ['Mars/Base'] }).some((m) => m.zone === 'Mars/Base')).toBe(false)
  })

  it('matches nothing for words no zone has', () => {
    expect(zones('atlantis')).toEqual([])
  })
})
