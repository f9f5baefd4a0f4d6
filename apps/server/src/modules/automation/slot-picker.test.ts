import { describe, expect, it } from 'vitest'
import { instantToZoned, windowTooShortMessage } from '@hookpost/shared'
import { mulberry32 } from '../../lib/random'
import { pickSlots, wallMinuteInstant } from './slot-picker'

const MINUTE = 60_000

function gaps(slots: Date[]): number[] {
  return slots.slice(1).map((s, i) => (s.getTime() - slots[i]!.getTime()) / MINUTE)
}

describe('picking the posting times of a day', () => {
  const windows = [
    ['10:00', '18:00'],
    ['09:00', '10:00'],
    ['00:00', '23:59'],
    ['12:00', '14:00'],
    ['07:15', '08:45'],
  ] as const

  for (const [windowStart, windowEnd] of windows) {
    for (let count = 1; count <= 5; count++) {
      it(`${count} post(s) in ${windowStart}–${windowEnd}: inside the window, ≥ 30 min apart, for 50 seeds`, () => {
        const fitsWindow =
          Number(windowEnd.slice(0, 2)) * 60 +
            Number(windowEnd.slice(3)) -
            (Number(windowStart.slice(0, 2)) * 60 + Number(windowStart.slice(3))) >=
          (count - 1) * 30
        for (let seed = 1; seed <= 50; seed++) {
          const pick = pickSlots({
            date: '2026-06-15',
            windowStart,
            windowEnd,
            count,
            timeZone: 'Europe/Paris',
            rng: mulberry32(seed),
          })
          if (!fitsWindow) {
            expect(pick).toEqual({ ok: false, message: windowTooShortMessage(count) })
            continue
          }
          if (!pick.ok) throw new Error(pick.message)
          expect(pick.slots).toHaveLength(count)
          for (const slot of pick.slots) {
            const { date, time } = instantToZoned(slot, 'Europe/Paris')
            expect(date).toBe('2026-06-15')
            expect(time >= windowStart && time <= windowEnd, time).toBe(true)
          }
          for (const gap of gaps(pick.slots)) expect(gap).toBeGreaterThanOrEqual(30)
        }
      })
    }
  }

  it('is the same for the same seed, and differs between seeds', () => {
    const request = { date: '2026-06-15', windowStart: '10:00', windowEnd: '18:00', count: 3, timeZone: 'UTC' }
    const a = pickSlots({ ...request, rng: mulberry32(7) })
    const b = pickSlots({ ...request, rng: mulberry32(7) })
    const c = pickSlots({ ...request, rng: mulberry32(8) })
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
    expect(a).toMatchObject({ method: 'random' })
  })

  it('refuses impossible windows with the spec’s words', () => {
    const base = { date: '2026-06-15', timeZone: 'UTC', rng: mulberry32(1) }
    expect(pickSlots({ ...base, windowStart: '18:00', windowEnd: '10:00', count: 1 })).toEqual({
      ok: false,
      message: 'End time must be after start time',
    })
    expect(pickSlots({ ...base, windowStart: '10:00', windowEnd: '10:00', count: 1 })).toMatchObject({ ok: false })
    expect(pickSlots({ ...base, windowStart: '10:00', windowEnd: '11:29', count: 4 })).toEqual({
      ok: false,
      message: 'Not enough time between start and end for 4 posts',
    })
  })

  it('falls back to even spacing when the random tries run out', () => {
    // Exactly (5 − 1) × 30 minutes: random minutes almost never leave room for all five.
    const pick = pickSlots({
      date: '2026-06-15',
      windowStart: '10:00',
      windowEnd: '12:00',
      count: 5,
      timeZone: 'UTC',
      rng: mulberry32(3),
    })
    expect(pick).toMatchObject({ ok: true, method: 'even' })
    if (!pick.ok) return
    expect(pick.slots.map((s) => s.toISOString().slice(11, 16))).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00'])
    // And a random source that always says the same minute gives even spacing too.
    const stuck = pickSlots({
      date: '2026-06-15',
      windowStart: '10:00',
      windowEnd: '18:00',
      count: 3,
      timeZone: 'UTC',
      rng: () => 0.5,
    })
    expect(stuck).toMatchObject({ ok: true, method: 'even' })
    if (stuck.ok) expect(stuck.slots.map((s) => s.toISOString().slice(11, 16))).toEqual(['10:00', '14:00', '18:00'])
  })

  it('keeps 30 real minutes between posts across the spring-forward gap and the autumn overlap', () => {
    for (let seed = 1; seed <= 100; seed++) {
      // New York, 8 March 2026: 02:00 → 03:00. The window's 02:xx minutes do not exist.
      const spring = pickSlots({
        date: '2026-03-08',
        windowStart: '01:00',
        windowEnd: '04:00',
        count: 5,
        timeZone: 'America/New_York',
        rng: mulberry32(seed),
      })
      if (!spring.ok) throw new Error(spring.message)
      for (const gap of gaps(spring.slots)) expect(gap).toBeGreaterThanOrEqual(30)
      for (const slot of spring.slots) {
        expect(slot.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-08T06:00:00Z')) // 01:00 EST
        expect(slot.getTime()).toBeLessThanOrEqual(Date.parse('2026-03-08T09:00:00Z') + 60 * MINUTE) // 04:00 EDT + the gap
      }
      // New York, 1 November 2026: 02:00 → 01:00. 01:xx happens twice.
      const autumn = pickSlots({
        date: '2026-11-01',
        windowStart: '00:30',
        windowEnd: '03:00',
        count: 5,
        timeZone: 'America/New_York',
        rng: mulberry32(seed),
      })
      if (!autumn.ok) throw new Error(autumn.message)
      for (const gap of gaps(autumn.slots)) expect(gap).toBeGreaterThanOrEqual(30)
    }
    // Two hours on the wall but one in real time cannot hold five posts 30 minutes apart: the day is refused.
    expect(
      pickSlots({
        date: '2026-03-08',
        windowStart: '01:30',
        windowEnd: '03:30',
        count: 5,
        timeZone: 'America/New_York',
        rng: () => 0.5,
      }),
    ).toEqual({ ok: false, message: 'Not enough time between start and end for 5 posts' })
  })

  it('reads a wall minute in the zone: a skipped minute lands after the gap, a doubled one is the first', () => {
    expect(wallMinuteInstant('2026-03-08', 2 * 60 + 30, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(wallMinuteInstant('2026-11-01', 60 + 30, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z')
    expect(wallMinuteInstant('2026-06-15', 10 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-06-15T04:30:00.000Z')
  })
})

describe('preferring the account’s best hours (posting times: best)', () => {
  // 18:00 did 1.6× typical, 12:00 0.8×, the rest unknown (1).
  const scores = Array.from({ length: 24 }, (_, h) => (h === 18 ? 1.6 : h === 12 ? 0.8 : 1))
  const request = (seed: number, exploreShare = 0.2) =>
    pickSlots({
      date: '2026-11-24',
      windowStart: '10:00',
      windowEnd: '19:30',
      count: 1,
      timeZone: 'Europe/Paris',
      rng: mulberry32(seed),
      preferHours: { scores, exploreShare },
    })

  it('lands in the best hour far more often than chance, inside the window, and says which hour it preferred', () => {
    let inBest = 0
    let explored = 0
    const runs = 1000
    for (let seed = 1; seed <= runs; seed++) {
      const pick = request(seed)
      if (!pick.ok) throw new Error(pick.message)
      expect(pick.method).toBe('best')
      const { time } = instantToZoned(pick.slots[0]!, 'Europe/Paris')
      expect(time >= '10:00' && time <= '19:30').toBe(true)
      const preferred = pick.picked[0]!.preferredHour
      if (preferred === null) explored++
      else expect(Number(time.slice(0, 2))).toBe(preferred)
      if (time.startsWith('18:')) inBest++
    }
    // Weights: 18:00 → 1.6⁸ ≈ 43, 12:00 → 0.17, eight other hours → 1: 18:00 takes ≈ 84% of the non-exploring
    // picks (80%), plus its share of the random minutes; a uniform pick would give ≈ 11%.
    expect(inBest / runs).toBeGreaterThan(0.6)
    expect(explored / runs).toBeGreaterThan(0.16)
    expect(explored / runs).toBeLessThan(0.24)
  })

  it('keeps several posts 30 minutes apart even when they all prefer the same hour', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const pick = pickSlots({
        date: '2026-11-24',
        windowStart: '17:00',
        windowEnd: '19:00',
        count: 3,
        timeZone: 'UTC',
        rng: mulberry32(seed),
        preferHours: { scores, exploreShare: 0 },
      })
      if (!pick.ok) throw new Error(pick.message)
      expect(pick.slots).toHaveLength(3)
      for (const g of gaps(pick.slots)) expect(g).toBeGreaterThanOrEqual(30)
    }
  })

  it('without a preference, picks random minutes and prefers no hour', () => {
    const base = { date: '2026-11-24', windowStart: '10:00', windowEnd: '18:00', count: 3, timeZone: 'UTC' }
    const before = pickSlots({ ...base, rng: mulberry32(5) })
    expect(before.ok && before.method).toBe('random')
    expect(before.ok && before.picked.every((p) => p.preferredHour === null)).toBe(true)
  })
})
