import { describe, expect, it } from 'vitest'
import { niceTicks, spacedIndexes } from './chart-scale'

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 × 10ⁿ from 0 to a round top at or above the largest figure', () => {
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500])
    expect(niceTicks(100)).toEqual([0, 50, 100])
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(38_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000])
  })

  it('never steps by less than one view, and has an axis when everything is 0', () => {
    expect(niceTicks(2)).toEqual([0, 1, 2])
    expect(niceTicks(0)).toEqual([0, 1])
  })
})

describe('spacedIndexes', () => {
  it('keeps every label that fits, and every k-th one when they do not', () => {
    expect(spacedIndexes(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(spacedIndexes(30, 5)).toEqual([0, 6, 12, 18, 24])
    expect(spacedIndexes(0, 5)).toEqual([])
  })
})
