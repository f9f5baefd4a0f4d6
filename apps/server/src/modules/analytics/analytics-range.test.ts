import { describe, expect, it } from 'vitest'
import { addDays, ANALYTICS_MESSAGES } from '@hookpost/shared'
import { dayStart, dayStarts, daysBetween, INVALID_TIME_ZONE, resolveRange } from './analytics-range'

describe('dayStart', () => {
  it('is local midnight, also on DST days', () => {
    expect(dayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(dayStart('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(dayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(dayStart('2026-06-01', 'Asia/Kathmandu').toISOString()).toBe('2026-05-31T18:15:00.000Z')
  })

  it('is the first hour that exists where clocks jump at midnight', () => {
    // Chile's clocks go from 24:00 to 01:00 on 2026-09-06 (America/Santiago).
    expect(dayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z')
  })
})

describe('dayStarts', () => {
  it('gives every day of a year the same start as dayStart, in zones with and without DST', () => {
    const dates = Array.from({ length: 367 }, (_, i) => addDays('2026-01-01', i))
    for (const zone of ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC']) {
      expect(
        dayStarts(dates, zone).map((d) => d.toISOString()),
        zone,
      ).toEqual(dates.map((d) => dayStart(d, zone).toISOString()))
    }
  })
})

describe('resolveRange', () => {
  it('cuts the days in the zone: a spring-forward day is 23 hours, an autumn one 25', () => {
    const spring = resolveRange({ from: '2026-03-28', to: '2026-03-30', tz: 'Europe/Berlin' })
    if (!spring.ok) throw new Error('expected a range')
    expect(spring.range.days).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'])
    const hours = spring.range.dayStarts
      .slice(1)
      .map((d, i) => (d.getTime() - spring.range.dayStarts[i]!.getTime()) / 3_600_000)
    expect(hours).toEqual([24, 23, 24])
    expect(spring.range.start.toISOString()).toBe('2026-03-27T23:00:00.000Z')
    expect(spring.range.end.toISOString()).toBe('2026-03-30T22:00:00.000Z')
    expect(spring.range.previous).toEqual({
      start: new Date('2026-03-24T23:00:00.000Z'),
      end: new Date('2026-03-27T23:00:00.000Z'),
    })

    const autumn = resolveRange({ from: '2026-10-25', to: '2026-10-25', tz: 'Europe/Berlin' })
    if (!autumn.ok) throw new Error('expected a range')
    expect((autumn.range.end.getTime() - autumn.range.start.getTime()) / 3_600_000).toBe(25)
  })

  it('allows one day and up to 366 days', () => {
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-01', tz: 'UTC' }).ok).toBe(true)
    const leap = resolveRange({ from: '2024-01-01', to: '2024-12-31', tz: 'UTC' })
    expect(leap.ok && leap.range.days.length).toBe(366)
  })

  it('refuses a reversed range, a longer one and a zone that is not one', () => {
    expect(resolveRange({ from: '2026-01-02', to: '2026-01-01', tz: 'UTC' })).toEqual({
      ok: false,
      issue: { path: 'from', message: ANALYTICS_MESSAGES.rangeInvalid },
    })
    expect(resolveRange({ from: '2025-01-01', to: '2026-01-02', tz: 'UTC' })).toEqual({
      ok: false,
      issue: { path: 'to', message: ANALYTICS_MESSAGES.rangeTooLong },
    })
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-02', tz: 'Europe/Atlantis' })).toEqual({
      ok: false,
      issue: { path: 'tz', message: INVALID_TIME_ZONE },
    })
  })

  it('counts calendar days', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2)
    expect(daysBetween('2024-02-27', '2024-03-01')).toBe(3)
  })
})
