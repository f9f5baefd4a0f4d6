import { describe, expect, it } from 'vitest'
import { REFERENCE_AGE_MS, relativeViews, viewsAtAge, type PostReadings } from './normalise'
import { DAY_MS, HOUR_MS } from './sync-schedule'

const h = (hours: number) => hours * HOUR_MS

/** A seeded generator (mulberry32): the same seed, the same numbers. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('viewsAtAge', () => {
  const readings = [
    { ageMs: h(2), views: 200 },
    { ageMs: h(1), views: 50 },
    { ageMs: h(4), views: 300 },
  ]

  it('interpolates linearly from the origin through the readings, in any order', () => {
    expect(viewsAtAge(readings, 0)).toBe(0)
    expect(viewsAtAge(readings, h(0.5))).toBe(25)
    expect(viewsAtAge(readings, h(1))).toBe(50)
    expect(viewsAtAge(readings, h(1.5))).toBe(125)
    expect(viewsAtAge(readings, h(3))).toBe(250)
    expect(viewsAtAge(readings, h(4))).toBe(300)
  })

  it('has no value past the latest reading, nor without readings', () => {
    expect(viewsAtAge(readings, h(4) + 1)).toBeUndefined()
    expect(viewsAtAge([], h(1))).toBeUndefined()
  })

  it('drops readings at age 0 or before and keeps the larger of two readings at one age', () => {
    const odd = [
      { ageMs: -h(1), views: 999 },
      { ageMs: 0, views: 999 },
      { ageMs: h(2), views: 80 },
      { ageMs: h(2), views: 100 },
    ]
    expect(viewsAtAge(odd, h(1))).toBe(50)
    expect(viewsAtAge(odd, h(2))).toBe(100)
  })
})

describe('relativeViews', () => {
  it('divides views at the same age by the median of the posts that reach it', () => {
    // Three posts read at 10 h: 100, 200, 400 views → median 200.
    const posts: PostReadings[] = [
      { postId: 'a', readings: [{ ageMs: h(10), views: 100 }] },
      { postId: 'b', readings: [{ ageMs: h(10), views: 200 }] },
      { postId: 'c', readings: [{ ageMs: h(10), views: 400 }] },
    ]
    const result = relativeViews(posts)
    expect(result.get('a')).toBe(0.5)
    expect(result.get('b')).toBe(1)
    expect(result.get('c')).toBe(2)
  })

  it('compares a young post with older posts interpolated at its age, and leaves out posts younger than it', () => {
    const posts: PostReadings[] = [
      // 5 h old, 300 views.
      { postId: 'young', readings: [{ ageMs: h(5), views: 300 }] },
      // Old posts: at 5 h they had 100 (interpolated between 4 h and 6 h) and 500.
      {
        postId: 'old1',
        readings: [
          { ageMs: h(4), views: 80 },
          { ageMs: h(6), views: 120 },
          { ageMs: h(30), views: 900 },
        ],
      },
      { postId: 'old2', readings: [{ ageMs: h(10), views: 1000 }] },
      // Only 2 h old: does not reach 5 h, so it is not in the young post's median.
      { postId: 'newest', readings: [{ ageMs: h(2), views: 10_000 }] },
    ]
    const result = relativeViews(posts)
    // Median at 5 h of {300, 100, 500} = 300.
    expect(result.get('young')).toBe(1)
    // newest at 2 h: {10000, young 120, old1 40, old2 200} → median (120 + 200) / 2 = 160.
    expect(result.get('newest')).toBe(10_000 / 160)
    // old2 at 10 h: {old1 at 10 h = 120 + 780 × 4/24 = 250, old2 1000} → median 625.
    expect(result.get('old2')).toBe(1000 / 625)
  })

  it('compares posts older than 7 days at 7 days', () => {
    const week = REFERENCE_AGE_MS
    const posts: PostReadings[] = [
      {
        postId: 'a',
        readings: [
          { ageMs: week - DAY_MS, views: 600 },
          { ageMs: week + DAY_MS, views: 800 },
          { ageMs: 60 * DAY_MS, views: 5000 },
        ],
      },
      { postId: 'b', readings: [{ ageMs: week, views: 1400 }] },
      { postId: 'c', readings: [{ ageMs: 2 * week, views: 200 }] },
    ]
    const result = relativeViews(posts)
    // At 7 days: a 700, b 1400, c 100 → median 700.
    expect(result.get('a')).toBe(1)
    expect(result.get('b')).toBe(2)
    expect(result.get('c')).toBe(100 / 700)
  })

  it('is null without readings or with a zero median; a post alone is its own typical post', () => {
    expect(relativeViews([{ postId: 'none', readings: [] }]).get('none')).toBeNull()
    expect(relativeViews([{ postId: 'zero', readings: [{ ageMs: h(1), views: 0 }] }]).get('zero')).toBeNull()
    expect(relativeViews([{ postId: 'alone', readings: [{ ageMs: h(3), views: 42 }] }]).get('alone')).toBe(1)
    const result = relativeViews([
      { postId: 'flat1', readings: [{ ageMs: h(3), views: 0 }] },
      { postId: 'flat2', readings: [{ ageMs: h(3), views: 0 }] },
      { postId: 'hit', readings: [{ ageMs: h(3), views: 90 }] },
    ])
    expect(result.get('hit')).toBeNull()
    expect(result.get('flat1')).toBeNull()
  })

  it('gives every post a result and is deterministic whatever the order (seeded data)', () => {
    const random = seeded(19)
    const posts: PostReadings[] = Array.from({ length: 60 }, (_, i) => {
      const reach = 100 + Math.floor(random() * 10_000)
      const lastAge = h(1) + random() * 20 * DAY_MS
      const readings = Array.from({ length: 1 + Math.floor(random() * 30) }, () => {
        const ageMs = random() * lastAge
        return { ageMs, views: Math.floor(reach * (1 - Math.exp(-ageMs / h(30)))) }
      })
      return { postId: `p${i}`, readings }
    })
    const first = relativeViews(posts)
    const shuffled = posts.toSorted(() => random() - 0.5).map((p) => ({ ...p, readings: p.readings.toReversed() }))
    const second = relativeViews(shuffled)
    expect(first.size).toBe(60)
    for (const [id, value] of first) expect(second.get(id)).toBe(value)
    // Scores of posts compared at the full 7 days have the median post at 1.
    const weekOld = posts.filter((p) => Math.max(...p.readings.map((r) => r.ageMs)) >= REFERENCE_AGE_MS)
    const scores = weekOld.map((p) => first.get(p.postId)!).toSorted((a, b) => a - b)
    if (scores.length % 2 === 1) expect(scores[scores.length >> 1]).toBeCloseTo(1, 10)
    else expect((scores[scores.length / 2 - 1]! + scores[scores.length / 2]!) / 2).toBeCloseTo(1, 10)
  })
})
