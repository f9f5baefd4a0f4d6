import type { BestTimeCell } from '@hookpost/shared/analytics'
import { WEEKDAYS, type Weekday } from '@hookpost/shared/automation'

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

export type HeatRow = { weekday: Weekday; cells: BestTimeCell[] }

/**
 * The heat map's rows, Monday first, each with its 24 hours in order. The server sends 7 × 24 cells; a missing one
 * (an older server, a partial answer) reads as an hour without posts rather than shifting the row.
 */
export function heatRows(cells: readonly BestTimeCell[]): HeatRow[] {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}|${cell.hour}`, cell]))
  return WEEKDAYS.map((weekday) => ({
    weekday,
    cells: HOURS.map((hour) => byKey.get(`${weekday}|${hour}`) ?? { weekday, hour, posts: 0, relativeViews: null }),
  }))
}
