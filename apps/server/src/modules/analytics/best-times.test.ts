import { describe, expect, it } from 'vitest'
import { ANALYTICS_MESSAGES, BEST_TIMES_MIN_POSTS } from '@hookpost/shared'
import { bestTimes, hourEstimates, weekdayHourIn, type ScoredPost } from './best-times'

/** 2026-11-24 is a Tuesday. An instant on that Tuesday at `hour`:`minute` UTC, `weeks` weeks earlier. */
const tuesdayUtc = (hour: number, weeks = 0, minute = 10) => new Date(Date.UTC(2026, 10, 24 - 7 * weeks, hour, minute))

const posts = (n: number, at: (i: number) => Date, rv: number | ((i: number) => number)): ScoredPost[] =>
  Array.from({ length: n }, (_, i) => ({ publishedAt: at(i), relativeViews: typeof rv === 'number' ? rv : rv(i) }))

describe('best time to post', () => {
  it('places a post by the wall clock of the account’s zone, not UTC', () => {
    // 23:30 UTC on Tuesday is 08:30 on Wednesday in Tokyo and 18:30 on Tuesday in New York (EST).
    const at = tuesdayUtc(23, 0, 30)
    expect(weekdayHourIn(at, 'Asia/Tokyo')).toEqual({ weekday: 'wednesday', hour: 8 })
    expect(weekdayHourIn(at, 'America/New_York')).toEqual({ weekday: 'tuesday', hour: 18 })
    expect(weekdayHourIn(at, 'UTC')).toEqual({ weekday: 'tuesday', hour: 23 })
  })

  it('has 7 × 24 cells, Monday 00 first, each the geometric mean of its posts', () => {
    const map = bestTimes({
      accountId: 'a',
      timeZone: 'UTC',
      posts: [
        { publishedAt: tuesdayUtc(18), relativeViews: 2 },
        { publishedAt: tuesdayUtc(18, 1), relativeViews: 0.5 },
        { publishedAt: tuesdayUtc(9), relativeViews: 4 },
      ],
    })
    expect(map.cells).toHaveLength(168)
    expect(map.cells[0]).toMatchObject({ weekday: 'monday', hour: 0, posts: 0, relativeViews: null })
    expect(map.cells[167]).toMatchObject({ weekday: 'sunday', hour: 23 })
    // 2× and 0.5× average to 1× (ratios), not 1.25×.
    expect(map.cells[24 + 18]).toEqual({ weekday: 'tuesday', hour: 18, posts: 2, relativeViews: 1 })
    expect(map.cells[24 + 9]).toEqual({ weekday: 'tuesday', hour: 9, posts: 1, relativeViews: 4 })
  })

  it('says there is not enough data under the minimum, with the cells but no suggestions', () => {
    const few = posts(BEST_TIMES_MIN_POSTS - 1, (i) => tuesdayUtc(18, i), 3)
    const map = bestTimes({ accountId: 'a', timeZone: 'UTC', posts: few })
    expect(map).toMatchObject({
      posts: BEST_TIMES_MIN_POSTS - 1,
      minPosts: BEST_TIMES_MIN_POSTS,
      enough: false,
      message: ANALYTICS_MESSAGES.notEnoughForBestTimes,
      suggestions: [],
    })
    expect(map.cells[24 + 18]!.posts).toBe(BEST_TIMES_MIN_POSTS - 1)
  })

  it('ignores posts without a usable score', () => {
    const map = bestTimes({
      accountId: 'a',
      timeZone: 'UTC',
      posts: [
        { publishedAt: tuesdayUtc(18), relativeViews: 0 },
        { publishedAt: tuesdayUtc(18), relativeViews: Number.NaN },
      ],
    })
    expect(map.posts).toBe(0)
    expect(map.cells.every((c) => c.posts === 0)).toBe(true)
  })

  it('does not let a single lucky post win: a cell that keeps doing well leads', () => {
    const history = [
      // One 8× post on Monday 07:00.
      ...posts(1, () => new Date(Date.UTC(2026, 10, 23, 7)), 8),
      // Five posts at 2× on Tuesday 18:00.
      ...posts(5, (i) => tuesdayUtc(18, i), 2),
      // Three posts at 1.5× on Friday 12:00.
      ...posts(3, (i) => new Date(Date.UTC(2026, 10, 20 - 7 * i, 12, 5)), 1.5),
      // Four typical-or-worse posts on Wednesday 10:00.
      ...posts(
        4,
        (i) => new Date(Date.UTC(2026, 10, 25 - 7 * i, 10)),
        (i) => [1, 0.8, 0.9, 0.7][i]!,
      ),
    ]
    const map = bestTimes({ accountId: 'a', timeZone: 'UTC', posts: history })
    expect(map.enough).toBe(true)
    expect(map.message).toBeNull()
    expect(map.posts).toBe(13)
    expect(map.suggestions.map((s) => `${s.weekday} ${s.hour}`)).toEqual(['tuesday 18', 'friday 12'])
    // exp(5 ln 2 / 8) ≈ 1.54: shrunk toward 1, and only cells better than typical are suggested.
    expect(map.suggestions[0]).toEqual({ weekday: 'tuesday', hour: 18, relativeViews: 1.54, posts: 5 })
    // The single 8× post still shows on the map, unshrunk.
    expect(map.cells[7]).toMatchObject({ posts: 1, relativeViews: 8 })
  })

  it('weighs the hours of a weekday by their shrunk estimate (1 where there are no posts)', () => {
    const map = bestTimes({ accountId: 'a', timeZone: 'UTC', posts: posts(5, (i) => tuesdayUtc(18, i), 2) })
    const hours = hourEstimates(map, 'tuesday')
    expect(hours).toHaveLength(24)
    expect(hours[18]).toBeCloseTo(Math.exp((5 * Math.log(2)) / 8), 2)
    expect(hours[17]).toBe(1)
    expect(hourEstimates(map, 'monday').every((h) => h === 1)).toBe(true)
  })
})
