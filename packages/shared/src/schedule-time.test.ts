import { describe, expect, it } from 'vitest'
import { MESSAGES } from './messages'
import { checkScheduledAt, resolveScheduledAt } from './schedule-time'

const NY = 'America/New_York'
/** Saturday 7 March 2026, 07:00 in New York: the clocks go forward there the next night, back on 1 November. */
const now = new Date('2026-03-07T12:00:00Z')

describe('resolveScheduledAt', () => {
  it('is the wall time in the chosen zone as an instant', () => {
    expect(resolveScheduledAt({ date: '2026-03-09', time: '09:30', timeZone: NY }, now)).toEqual({
      ok: true,
      instant: new Date('2026-03-09T13:30:00Z'),
    })
    expect(resolveScheduledAt({ date: '2026-03-09', time: '09:30', timeZone: 'Asia/Kolkata' }, now)).toEqual({
      ok: true,
      instant: new Date('2026-03-09T04:00:00Z'),
    })
  })

  it('refuses a time inside a spring-forward gap (it never happens), and takes the hour after it', () => {
    for (const [date, time, timeZone] of [
      ['2026-03-08', '02:30', NY],
      ['2026-03-08', '02:00', NY],
      ['2026-03-29', '02:30', 'Europe/Berlin'],
    ] as const) {
      expect(resolveScheduledAt({ date, time, timeZone }, now)).toEqual({
        ok: false,
        field: 'time',
        message: MESSAGES.timeDoesNotExist,
      })
    }
    expect(resolveScheduledAt({ date: '2026-03-08', time: '03:00', timeZone: NY }, now)).toEqual({
      ok: true,
      instant: new Date('2026-03-08T07:00:00Z'),
    })
  })

  it('takes the first of the two times an autumn-overlap time happens', () => {
    const autumn = new Date('2026-10-20T12:00:00Z')
    expect(resolveScheduledAt({ date: '2026-11-01', time: '01:30', timeZone: NY }, autumn)).toEqual({
      ok: true,
      instant: new Date('2026-11-01T05:30:00Z'),
    })
    expect(resolveScheduledAt({ date: '2026-10-25', time: '02:30', timeZone: 'Europe/Berlin' }, autumn)).toEqual({
      ok: true,
      instant: new Date('2026-10-25T00:30:00Z'),
    })
  })

  it('asks for a date when there is none, or none the calendar has', () => {
    for (const date of ['', 'tomorrow', '2026-3-09', '2026-02-30', '2026-13-01']) {
      expect(resolveScheduledAt({ date, time: '12:00', timeZone: NY }, now)).toEqual({
        ok: false,
        field: 'date',
        message: MESSAGES.chooseDate,
      })
    }
  })

  it('asks for a time when there is none, or none on the 24-hour clock', () => {
    for (const time of ['', '9:00', '24:00', '12:60', 'noon']) {
      expect(resolveScheduledAt({ date: '2026-03-09', time, timeZone: NY }, now)).toEqual({
        ok: false,
        field: 'time',
        message: MESSAGES.chooseTime,
      })
    }
    // Nothing usable at all: the date is asked for first, as the form reads.
    expect(resolveScheduledAt({ date: '', time: '', timeZone: '' }, now)).toMatchObject({ field: 'date' })
  })

  it('asks for a zone that exists', () => {
    expect(resolveScheduledAt({ date: '2026-03-09', time: '12:00', timeZone: 'Mars/Olympus' }, now)).toEqual({
      ok: false,
      field: 'timeZone',
      message: MESSAGES.timeZoneInvalid,
    })
  })

  it('refuses a date before today in that zone, and a time already past today', () => {
    // 12:00 UTC is already 8 March in Auckland and still 7 March in Honolulu (02:00 there).
    expect(resolveScheduledAt({ date: '2026-03-07', time: '23:59', timeZone: 'Pacific/Auckland' }, now)).toEqual({
      ok: false,
      field: 'date',
      message: MESSAGES.dateInPast,
    })
    expect(resolveScheduledAt({ date: '2026-03-07', time: '01:59', timeZone: 'Pacific/Honolulu' }, now)).toEqual({
      ok: false,
      field: 'time',
      message: MESSAGES.dateInPast,
    })
    // The very minute of now has passed too.
    expect(resolveScheduledAt({ date: '2026-03-07', time: '02:00', timeZone: 'Pacific/Honolulu' }, now)).toEqual({
      ok: false,
      field: 'time',
      message: MESSAGES.dateInPast,
    })
    expect(resolveScheduledAt({ date: '2026-03-07', time: '02:01', timeZone: 'Pacific/Honolulu' }, now)).toEqual({
      ok: true,
      instant: new Date('2026-03-07T12:01:00Z'),
    })
  })

  it('takes the last day of the horizon in the chosen zone, up to its last minute; not the day after', () => {
    // 7 March 2026 + 365 days = 7 March 2027 (no 29 February in between); already 8 March in Auckland.
    expect(resolveScheduledAt({ date: '2027-03-07', time: '23:59', timeZone: 'UTC' }, now)).toMatchObject({ ok: true })
    expect(resolveScheduledAt({ date: '2027-03-08', time: '00:00', timeZone: 'UTC' }, now)).toEqual({
      ok: false,
      field: 'date',
      message: MESSAGES.scheduleTooFar,
    })
    expect(resolveScheduledAt({ date: '2027-03-08', time: '09:00', timeZone: 'Pacific/Auckland' }, now)).toMatchObject({
      ok: true,
    })
    expect(resolveScheduledAt({ date: '2027-03-09', time: '09:00', timeZone: 'Pacific/Auckland' }, now)).toEqual({
      ok: false,
      field: 'date',
      message: MESSAGES.scheduleTooFar,
    })
  })
})

describe('checkScheduledAt', () => {
  it('holds an exact instant to the same rules, by the calendar of its zone', () => {
    expect(checkScheduledAt(new Date('2027-03-07T23:59:00Z'), 'UTC', now)).toBeUndefined()
    expect(checkScheduledAt(new Date('2027-03-08T00:00:00Z'), 'UTC', now)).toEqual({
      field: 'date',
      message: MESSAGES.scheduleTooFar,
    })
    // The same instant is still 7 March in New York.
    expect(checkScheduledAt(new Date('2027-03-08T00:00:00Z'), NY, now)).toBeUndefined()
    expect(checkScheduledAt(now, 'UTC', now)).toEqual({ field: 'time', message: MESSAGES.dateInPast })
    expect(checkScheduledAt(new Date(now.getTime() + 60_000), 'UTC', now)).toBeUndefined()
  })
})
