import { describe, expect, it } from 'vitest'
import { addDays, instantToZoned, todayInZone, zonedToInstant } from './time'

describe('zonedToInstant', () => {
  it('converts a plain wall time in a zone to UTC', () => {
    expect(zonedToInstant('2026-07-01', '12:00', 'Europe/Berlin')).toEqual({
      ok: true,
      instant: new Date('2026-07-01T10:00:00Z'),
      ambiguous: false,
    })
    expect(zonedToInstant('2026-01-15', '09:30', 'America/New_York')).toMatchObject({
      instant: new Date('2026-01-15T14:30:00Z'),
    })
    expect(zonedToInstant('2026-03-10', '23:15', 'Asia/Kolkata')).toMatchObject({
      instant: new Date('2026-03-10T17:45:00Z'),
    })
  })

  it('refuses a time inside the spring-forward gap (it never happens)', () => {
    // 2026-03-08: New York clocks jump from 02:00 to 03:00.
    expect(zonedToInstant('2026-03-08', '02:30', 'America/New_York')).toEqual({ ok: false, reason: 'nonexistent' })
    // 2026-03-29: Berlin jumps from 02:00 to 03:00.
    expect(zonedToInstant('2026-03-29', '02:00', 'Europe/Berlin')).toEqual({ ok: false, reason: 'nonexistent' })
    expect(zonedToInstant('2026-03-29', '03:00', 'Europe/Berlin')).toMatchObject({
      ok: true,
      instant: new Date('2026-03-29T01:00:00Z'),
    })
  })

  it('resolves an autumn-overlap time to its first occurrence, and says it was ambiguous', () => {
    // 2026-11-01: New York 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(zonedToInstant('2026-11-01', '01:30', 'America/New_York')).toEqual({
      ok: true,
      instant: new Date('2026-11-01T05:30:00Z'),
      ambiguous: true,
    })
    expect(zonedToInstant('2026-11-01', '03:00', 'America/New_York')).toMatchObject({ ambiguous: false })
  })

  it('refuses malformed dates, times and zones', () => {
    for (const [date, time, zone] of [
      ['2026-02-30', '12:00', 'UTC'],
      ['2026-13-01', '12:00', 'UTC'],
      ['2026-1-01', '12:00', 'UTC'],
      ['2026-01-01', '24:00', 'UTC'],
      ['2026-01-01', '9:00', 'UTC'],
      ['2026-01-01', '12:00', 'Mars/Olympus'],
    ] as const) {
      expect(zonedToInstant(date, time, zone)).toEqual({ ok: false, reason: 'invalid' })
    }
  })
})

describe('zoned helpers', () => {
  it('shows an instant as the wall time of a zone', () => {
    expect(instantToZoned(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    })
    expect(instantToZoned(new Date('2026-11-01T06:30:00Z'), 'America/New_York').time).toBe('01:30')
  })

  it('knows which day it is in a zone and adds calendar days across months', () => {
    const now = new Date('2026-11-22T23:30:00Z')
    expect(todayInZone(now, 'UTC')).toBe('2026-11-22')
    expect(todayInZone(now, 'Asia/Tokyo')).toBe('2026-11-23')
    expect(todayInZone(now, 'America/Los_Angeles')).toBe('2026-11-22')
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})
