import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import {
  addMonths,
  dayInOwnZoneAfterShift,
  daysBetween,
  monthTitle,
  monthWeeks,
  periodBounds,
  periodRange,
  planMove,
  postDay,
  shiftPeriod,
  startOfDay,
  timeIn,
  weekDays,
  weekTitle,
  WEEKDAYS,
} from './calendar'
import { makePost } from './test-utils'

describe('month grid', () => {
  it('starts on Sunday with a blank for each weekday before the 1st, and fills the last week', () => {
    // April 2026: the 1st is a Wednesday, the 30th a Thursday.
    const weeks = monthWeeks('2026-04-17')
    expect(WEEKDAYS.map((d) => d.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
    expect(weeks).toHaveLength(5)
    expect(weeks[0]).toEqual([null, null, null, '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'])
    expect(weeks[4]).toEqual(['2026-04-26', '2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30', null, null])
    expect(weeks.flat().filter(Boolean)).toHaveLength(30)
  })

  it('has no leading blank when the 1st is a Sunday, and six rows when the month needs them', () => {
    expect(monthWeeks('2026-11-05')[0]?.[0]).toBe('2026-11-01')
    // August 2026 starts on a Saturday: 6 blanks, then 31 days → 6 weeks.
    const august = monthWeeks('2026-08-01')
    expect(august[0]).toEqual([null, null, null, null, null, null, '2026-08-01'])
    expect(august).toHaveLength(6)
    // February 2027 has 28 days starting on a Monday; 2028 is a leap year.
    expect(monthWeeks('2027-02-10').flat().filter(Boolean)).toHaveLength(28)
    expect(monthWeeks('2028-02-10').flat().filter(Boolean)).toHaveLength(29)
  })

  it('moves between months and weeks, across years', () => {
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-01')
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01')
    expect(shiftPeriod('month', '2026-03-31', 1)).toBe('2026-04-01')
    expect(shiftPeriod('week', '2026-12-30', 1)).toBe('2027-01-06')
    expect(weekDays('2026-04-01')).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ])
    expect(periodBounds('week', '2026-04-04')).toEqual({ first: '2026-03-29', last: '2026-04-04' })
    expect(periodBounds('month', '2026-02-14')).toEqual({ first: '2026-02-01', last: '2026-02-28' })
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5)
    expect(daysBetween('2026-04-02', '2026-03-28')).toBe(-5)
  })

  it('titles months and weeks', () => {
    expect(monthTitle('2026-04-17')).toBe('April 2026')
    expect(weekTitle('2026-04-05', '2026-04-11')).toMatch(/^Apr 5\s*–\s*11, 2026$/)
    expect(weekTitle('2026-03-29', '2026-04-04')).toMatch(/^Mar 29\s*–\s*Apr 4, 2026$/)
  })
})

describe('the display zone', () => {
  it('asks for the month from local midnight to local midnight, whatever the offset that day', () => {
    // Berlin: UTC+2 on 1 April and 1 May 2026 (summer time began on 29 March).
    expect(periodRange('2026-04-01', '2026-04-30', 'Europe/Berlin')).toEqual({
      from: '2026-03-31T22:00:00.000Z',
      to: '2026-04-30T22:00:00.000Z',
    })
    // March: from UTC+1 to UTC+2.
    expect(periodRange('2026-03-01', '2026-03-31', 'Europe/Berlin')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
    })
  })

  it('starts a day at the first minute that exists when midnight is skipped', () => {
    // America/Santiago moved from 00:00 to 01:00 on 6 September 2026.
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z')
  })

  it('puts each post on its day and time in the shown zone, across a DST change', () => {
    const before = makePost({ scheduledAt: '2026-03-28T12:00:00.000Z' })
    const after = makePost({ scheduledAt: '2026-03-30T12:00:00.000Z' })
    const lateEvening = makePost({ scheduledAt: '2026-03-31T22:30:00.000Z' })
    expect(timeIn(before.scheduledAt, 'Europe/Berlin')).toBe('1:00 PM')
    expect(timeIn(after.scheduledAt, 'Europe/Berlin')).toBe('2:00 PM')
    // 22:30 UTC on 31 March is already 1 April in Berlin, and still 31 March in New York.
    expect(postDay(lateEvening, 'Europe/Berlin')).toBe('2026-04-01')
    expect(postDay(lateEvening, 'America/New_York')).toBe('2026-03-31')
  })
})

describe('moving a post to another day', () => {
  const now = new Date('2026-04-15T10:00:00.000Z')

  it('keeps the time of day in the post’s own zone, whatever zone the calendar shows', () => {
    // 09:00 in New York on Friday 17 April (13:00Z, EDT).
    const post = makePost({ scheduledAt: '2026-04-17T13:00:00.000Z', timeZone: 'America/New_York' })
    expect(planMove(post, '2026-04-20', now)).toEqual({
      ok: true,
      body: { date: '2026-04-20', time: '09:00', timeZone: 'America/New_York' },
      scheduledAt: '2026-04-20T13:00:00.000Z',
    })
  })

  it('keeps the wall time across a DST change (the UTC moment shifts by the hour)', () => {
    // 12:00 Berlin on Friday 27 March 2026 (CET) moved to Monday 30 March (CEST).
    const post = makePost({ scheduledAt: '2026-03-27T11:00:00.000Z', timeZone: 'Europe/Berlin' })
    const plan = planMove(post, '2026-03-30', new Date('2026-03-20T00:00:00.000Z'))
    expect(plan).toMatchObject({ ok: true, scheduledAt: '2026-03-30T10:00:00.000Z' })
  })

  it('shifts by the days dragged across, counted in the post’s own zone', () => {
    // 23:30 in Los Angeles on 17 April is 18 April in Berlin; dragged one day on the Berlin calendar → 18 April in LA.
    const post = makePost({ scheduledAt: '2026-04-18T06:30:00.000Z', timeZone: 'America/Los_Angeles' })
    expect(postDay(post, 'Europe/Berlin')).toBe('2026-04-18')
    expect(dayInOwnZoneAfterShift(post, 1)).toBe('2026-04-18')
  })

  it('refuses a moment in the past, before sending anything', () => {
    const post = makePost({ scheduledAt: '2026-04-20T08:00:00.000Z', timeZone: 'Europe/Berlin' })
    expect(planMove(post, '2026-04-14', now)).toEqual({ ok: false, message: MESSAGES.dateInPast })
    // Today, but at 10:00 Berlin = 08:00Z, which has passed at 10:00Z.
    expect(planMove(post, '2026-04-15', now)).toEqual({ ok: false, message: MESSAGES.dateInPast })
  })

  it('refuses a day more than a year ahead (in the post’s zone), before sending anything', () => {
    const post = makePost({ scheduledAt: '2026-04-20T08:00:00.000Z', timeZone: 'Europe/Berlin' })
    // 15 April 2026 + 365 days = 15 April 2027.
    expect(planMove(post, '2027-04-15', now)).toMatchObject({ ok: true })
    expect(planMove(post, '2027-04-16', now)).toEqual({ ok: false, message: MESSAGES.scheduleTooFar })
  })

  it('refuses a time the clocks skip that day, and a post that is no longer scheduled', () => {
    // 02:30 Berlin does not exist on 29 March 2026.
    const post = makePost({ scheduledAt: '2026-03-27T01:30:00.000Z', timeZone: 'Europe/Berlin' })
    expect(planMove(post, '2026-03-29', new Date('2026-03-20T00:00:00.000Z'))).toEqual({
      ok: false,
      message: MESSAGES.timeDoesNotExist,
    })
    const uploaded = makePost({ state: 'uploaded', scheduledAt: '2026-04-20T08:00:00.000Z' })
    expect(planMove(uploaded, '2026-04-21', now)).toEqual({ ok: false, message: MESSAGES.onlyScheduledCanMove })
  })
})
