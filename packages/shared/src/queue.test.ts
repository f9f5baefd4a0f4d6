import { describe, expect, it } from 'vitest'
import { addToQueueBodySchema, nextFreeSlots, queueSlotsBodySchema, QUEUE_LIMITS, dayIndexOf } from './queue'

const NY = 'America/New_York'
const iso = (dates: Date[]) => dates.map((d) => d.toISOString())

describe('dayIndexOf', () => {
  it('counts Sunday as 0', () => {
    expect(dayIndexOf('2026-03-08')).toBe(0)
    expect(dayIndexOf('2026-03-09')).toBe(1)
    expect(dayIndexOf('2026-03-14')).toBe(6)
  })
})

describe('nextFreeSlots', () => {
  it('gives the soonest slot times after now, in the queue zone', () => {
    // Wednesday 2026-01-14 10:00 in New York (15:00Z): Wednesday 09:00 has passed, 18:00 has not.
    const now = new Date('2026-01-14T15:00:00Z')
    const slots = [
      { weekday: 3, time: '18:00' },
      { weekday: 3, time: '09:00' },
      { weekday: 5, time: '12:30' },
    ]
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 4 }))).toEqual([
      '2026-01-14T23:00:00.000Z',
      '2026-01-16T17:30:00.000Z',
      '2026-01-21T14:00:00.000Z',
      '2026-01-21T23:00:00.000Z',
    ])
  })

  it('skips slots a post of the account already takes', () => {
    const now = new Date('2026-01-14T15:00:00Z')
    const slots = [{ weekday: 3, time: '18:00' }]
    const taken = new Set([Date.parse('2026-01-14T23:00:00Z'), Date.parse('2026-01-21T23:00:00Z')])
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken, count: 1 }))).toEqual(['2026-01-28T23:00:00.000Z'])
  })

  it('never gives now itself or a past instant', () => {
    const now = new Date('2026-01-14T23:00:00Z') // Wednesday 18:00 in New York, exactly
    const slots = [{ weekday: 3, time: '18:00' }]
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 1 }))).toEqual([
      '2026-01-21T23:00:00.000Z',
    ])
  })

  it('keeps the wall time across the spring-forward change (the UTC instant moves an hour)', () => {
    // Sundays 09:00 in New York: 14:00Z in winter (EST), 13:00Z from 2026-03-08 (EDT).
    const now = new Date('2026-02-28T12:00:00Z')
    const slots = [{ weekday: 0, time: '09:00' }]
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 3 }))).toEqual([
      '2026-03-01T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-15T13:00:00.000Z',
    ])
  })

  it('skips a slot inside the spring-forward gap that day', () => {
    // 2026-03-08: New York clocks jump from 02:00 to 03:00, so Sunday 02:30 does not happen.
    const now = new Date('2026-03-07T12:00:00Z')
    const slots = [{ weekday: 0, time: '02:30' }]
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 2 }))).toEqual([
      '2026-03-15T06:30:00.000Z',
      '2026-03-22T06:30:00.000Z',
    ])
  })

  it('uses a slot in the autumn overlap once, at its first occurrence', () => {
    // 2026-11-01: 01:30 happens twice in New York (EDT 05:30Z, then EST 06:30Z).
    const now = new Date('2026-10-31T12:00:00Z')
    const slots = [{ weekday: 0, time: '01:30' }]
    expect(iso(nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 2 }))).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-08T06:30:00.000Z',
    ])
  })

  it('follows the zone across the European change too (Berlin, 2026-03-29)', () => {
    const now = new Date('2026-03-27T00:00:00Z')
    const slots = [
      { weekday: 6, time: '20:00' },
      { weekday: 0, time: '20:00' },
    ]
    expect(iso(nextFreeSlots({ slots, zone: 'Europe/Berlin', now, taken: new Set(), count: 3 }))).toEqual([
      '2026-03-28T19:00:00.000Z',
      '2026-03-29T18:00:00.000Z',
      '2026-04-04T18:00:00.000Z',
    ])
  })

  it('gives nothing without slots, or when every slot in the search window is taken', () => {
    const now = new Date('2026-01-14T15:00:00Z')
    expect(nextFreeSlots({ slots: [], zone: NY, now, taken: new Set(), count: 1 })).toEqual([])
    const slots = [{ weekday: 3, time: '18:00' }]
    const taken = new Set(
      nextFreeSlots({ slots, zone: NY, now, taken: new Set(), count: 100, searchDays: 30 }).map((d) => d.getTime()),
    )
    expect(taken.size).toBe(5)
    expect(nextFreeSlots({ slots, zone: NY, now, taken, count: 1, searchDays: 30 })).toEqual([])
  })
})

describe('queueSlotsBodySchema', () => {
  it('refuses the same slot twice, naming it', () => {
    const result = queueSlotsBodySchema.safeParse({
      slots: [
        { weekday: 1, time: '09:00' },
        { weekday: 1, time: '09:00' },
      ],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Monday at 09:00 is already a slot.')
  })

  it('refuses more than 50 slots and bad times', () => {
    const many = Array.from({ length: QUEUE_LIMITS.slotsPerAccount + 1 }, (_, i) => ({
      weekday: i % 7,
      time: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`,
    }))
    expect(queueSlotsBodySchema.safeParse({ slots: many }).error?.issues[0]?.message).toBe(
      'An account can have at most 50 posting slots.',
    )
    expect(queueSlotsBodySchema.safeParse({ slots: many.slice(0, 50) }).success).toBe(true)
    expect(queueSlotsBodySchema.safeParse({ slots: [{ weekday: 7, time: '09:00' }] }).success).toBe(false)
    expect(queueSlotsBodySchema.safeParse({ slots: [{ weekday: 1, time: '24:00' }] }).success).toBe(false)
  })
})

describe('addToQueueBodySchema', () => {
  it('takes the schedule form without account, date or time', () => {
    const body = {
      mediaId: 'm',
      title: ' Hello ',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    }
    expect(addToQueueBodySchema.parse(body)).toMatchObject({ title: 'Hello', description: '' })
    expect(addToQueueBodySchema.safeParse({ ...body, title: ' ' }).success).toBe(false)
  })
})
