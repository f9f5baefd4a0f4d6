import { describe, expect, it } from 'vitest'
import { duplicateTimeDefaults, presetScheduleValues } from './schedule-form'

describe('presetScheduleValues (the form opened on a calendar day)', () => {
  const zone = 'Europe/Berlin'

  it('without a day: tomorrow at 12:00 (product.md §9)', () => {
    const values = presetScheduleValues(new Date('2026-04-07T08:00:00Z'), zone, undefined)
    expect([values.date, values.time]).toEqual(['2026-04-08', '12:00'])
  })

  it('a later day: that day at 12:00', () => {
    const values = presetScheduleValues(new Date('2026-04-07T08:00:00Z'), zone, '2026-04-20')
    expect([values.date, values.time]).toEqual(['2026-04-20', '12:00'])
  })

  it('today before noon there: today at 12:00', () => {
    // 09:30 in Berlin (UTC+2 in April).
    const values = presetScheduleValues(new Date('2026-04-07T07:30:00Z'), zone, '2026-04-07')
    expect([values.date, values.time]).toEqual(['2026-04-07', '12:00'])
  })

  it('today after noon there: the next whole hour, never a moment already past', () => {
    // 15:20 in Berlin.
    expect(presetScheduleValues(new Date('2026-04-07T13:20:00Z'), zone, '2026-04-07').time).toBe('16:00')
    // 23:10 in Berlin: the last minute of the day.
    expect(presetScheduleValues(new Date('2026-04-07T21:10:00Z'), zone, '2026-04-07').time).toBe('23:59')
  })

  it('starts TikTok’s choices unchosen, like the plain form', () => {
    const values = presetScheduleValues(new Date('2026-04-07T08:00:00Z'), zone, '2026-04-20')
    expect(values).toMatchObject({ title: '', privacyLevel: '', allowComment: false, allowDuet: false })
  })
})

describe('duplicateTimeDefaults', () => {
  it('the day after the original, at its time of day, in its zone', () => {
    // 2026-05-10 18:30 in New York.
    const post = { scheduledAt: '2026-05-10T22:30:00Z', timeZone: 'America/New_York' }
    expect(duplicateTimeDefaults(post, new Date('2026-05-01T12:00:00Z'))).toEqual({
      date: '2026-05-11',
      time: '18:30',
      timeZone: 'America/New_York',
    })
  })

  it('tomorrow when the original is long past', () => {
    const post = { scheduledAt: '2026-01-10T09:00:00Z', timeZone: 'UTC' }
    expect(duplicateTimeDefaults(post, new Date('2026-05-01T12:00:00Z'))).toEqual({
      date: '2026-05-02',
      time: '09:00',
      timeZone: 'UTC',
    })
  })
})
