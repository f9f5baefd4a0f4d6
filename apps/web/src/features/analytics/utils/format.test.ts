import { describe, expect, it } from 'vitest'
import {
  ageInHours,
  describeChange,
  formatCount,
  formatHour,
  formatMultiple,
  formatRate,
  formatRelativeViews,
  heatLevel,
  viewsAfterDays,
} from './format'

describe('figures', () => {
  it('formats counts, rates and multiples', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatRate(0.0423)).toBe('4.2%')
    expect(formatRate(null)).toBe('—')
    expect(formatMultiple(1.84)).toBe('1.8×')
    expect(formatMultiple(0.04)).toBe('0.04×')
    expect(formatMultiple(12.6)).toBe('13×')
    expect(formatRelativeViews(1.8)).toBe('1.8× typical')
    expect(formatRelativeViews(null)).toBe('—')
  })

  it('names the hours of the day', () => {
    expect([0, 1, 11, 12, 13, 23].map(formatHour)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM'])
  })
})

describe('describeChange', () => {
  it('compares with the previous period in whole percent', () => {
    expect(describeChange(123, 100)).toEqual({ direction: 'up', text: 'Up 23% on the previous period' })
    expect(describeChange(50, 200)).toEqual({ direction: 'down', text: 'Down 75% on the previous period' })
    expect(describeChange(1001, 1000)).toEqual({ direction: 'flat', text: 'No change on the previous period' })
  })

  it('says "from 0" instead of an infinite percentage, and nothing when a figure is unknown', () => {
    expect(describeChange(5, 0)).toEqual({ direction: 'up', text: 'Up from 0 on the previous period' })
    expect(describeChange(-3, 0)).toEqual({ direction: 'down', text: 'Down from 0 on the previous period' })
    expect(describeChange(0, 0)?.direction).toBe('flat')
    // Followers lost after a gain: the change is measured against the size of the previous figure.
    expect(describeChange(-10, 20)).toEqual({ direction: 'down', text: 'Down 150% on the previous period' })
    expect(describeChange(null, 10)).toBeNull()
    expect(describeChange(10, null)).toBeNull()
  })
})

describe('viewsAfterDays', () => {
  const curve = [
    { hours: 0, views: 0 },
    { hours: 1, views: 40 },
    { hours: 20, views: 300 },
    { hours: 30, views: 520 },
    { hours: 70, views: 900 },
  ]

  it('takes the highest reading at or before each day mark', () => {
    expect(viewsAfterDays(curve, 1, 200)).toBe(300)
    expect(viewsAfterDays(curve, 2, 200)).toBe(520)
    expect(viewsAfterDays(curve, 3, 200)).toBe(900)
    // No new reading after day 3: the last one still stands for day 7.
    expect(viewsAfterDays(curve, 7, 200)).toBe(900)
  })

  it('is null for a day the post has not reached yet, or with no reading by then', () => {
    expect(viewsAfterDays(curve, 3, 60)).toBeNull()
    expect(viewsAfterDays([{ hours: 30, views: 10 }], 1, 100)).toBeNull()
  })

  it('measures a post’s age in hours', () => {
    expect(ageInHours('2026-04-15T10:00:00.000Z', new Date('2026-04-16T22:00:00.000Z'))).toBe(36)
  })
})

describe('heatLevel', () => {
  it('shades by relative views, with no posts (or no score) as the blank shade', () => {
    expect(heatLevel(null, 0)).toBe(0)
    expect(heatLevel(3, 0)).toBe(0)
    expect(heatLevel(null, 2)).toBe(0)
    expect(heatLevel(0.5, 2)).toBe(1)
    expect(heatLevel(0.8, 2)).toBe(2)
    expect(heatLevel(1.249, 2)).toBe(2)
    expect(heatLevel(1.25, 2)).toBe(3)
    expect(heatLevel(2, 2)).toBe(4)
  })
})
