/**
 * The arithmetic of the Analytics tab's SVG charts (ADR 056: plain SVG instead of a chart library): round axis
 * steps, and which of many labels fit along an axis.
 */

/** Whole-number ticks from 0 to a round top at or above `max`: about `count` steps of 1, 2 or 5 × 10ⁿ. */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1]
  const rough = max / count
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude)
  const ticks: number[] = []
  for (let value = 0; value < max + step; value += step) {
    ticks.push(value)
    if (value >= max) break
  }
  return ticks
}

/**
 * The indexes of `length` evenly spaced labels to show when only `room` fit: always the first, then every k-th, so
 * the labels never overlap (a month of days on a phone shows a few of them).
 */
export function spacedIndexes(length: number, room: number): number[] {
  if (length <= 0) return []
  const every = Math.max(1, Math.ceil(length / Math.max(1, Math.floor(room))))
  const indexes: number[] = []
  for (let i = 0; i < length; i += every) indexes.push(i)
  return indexes
}
