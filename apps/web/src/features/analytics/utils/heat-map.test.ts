import { describe, expect, it } from 'vitest'
import type { BestTimeCell } from '@hookpost/shared/analytics'
import { heatRows } from './heat-map'

describe('heatRows', () => {
  it('orders rows Monday first and each row by hour, whatever order the cells came in', () => {
    const cells: BestTimeCell[] = [
      { weekday: 'sunday', hour: 23, posts: 1, relativeViews: 2 },
      { weekday: 'monday', hour: 9, posts: 3, relativeViews: 1.4 },
      { weekday: 'monday', hour: 0, posts: 0, relativeViews: null },
    ]
    const rows = heatRows(cells)
    expect(rows.map((r) => r.weekday)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ])
    expect(rows.every((r) => r.cells.length === 24 && r.cells.every((c, hour) => c.hour === hour))).toBe(true)
    expect(rows[0]?.cells[9]).toEqual({ weekday: 'monday', hour: 9, posts: 3, relativeViews: 1.4 })
    expect(rows[6]?.cells[23]?.relativeViews).toBe(2)
    // Missing cells are hours without posts, in their place.
    expect(rows[3]?.cells[14]).toEqual({ weekday: 'thursday', hour: 14, posts: 0, relativeViews: null })
  })
})
