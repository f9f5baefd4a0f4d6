import { DAY_MS } from './sync-schedule'

/**
 * Relative views: how a post did against the account's own typical post *at the same age* (issue 19, Deliver 3).
 * Comparing raw views would favour old posts (they had longer to collect views) and big accounts; comparing at the
 * same age against the account's median removes both. The leaderboard, the bandit and the best times read the result
 * (`post_stats.relative_views`).
 *
 * Method, for each post p of one account:
 * 1. Its series is its readings as (age, views), age = reading time − the post's publish time, with the origin
 *    (0 h, 0 views) added: a post has no views when it goes public. Readings at age ≤ 0 are dropped (the origin stands
 *    for them); of two readings at the same age the one with more views is kept. Between readings, views are
 *    interpolated linearly; past its latest reading a series has no value ("does not reach" that age).
 * 2. Its reference age r = min(age at its latest reading, 7 days). Seven days: most of a post's views come in its
 *    first week, and a fixed age lets old posts be compared with each other at all.
 * 3. Its views at r, v_p(r) (its latest views when r is its latest age).
 * 4. The median, over the account's posts q whose series reaches r (p itself included), of v_q(r); with an even count
 *    the mean of the two middle values.
 * 5. relativeViews = v_p(r) ÷ that median. 1 = a typical post of this account at that age, 2 = twice its views.
 *
 * Null when no comparison is possible: no readings (at an age above 0), or a median of 0 (nothing had views by r).
 * A post compared only with itself (the account's oldest post, while younger than 7 days) scores 1: it is, so far,
 * the account's typical post. A post first read long after it went public has its early curve approximated by the
 * straight line from the origin to that reading, which understates its early views; from then on its readings follow
 * the schedule (sync-schedule.ts). Deterministic: the same input always gives the same output, in any order.
 */

export const REFERENCE_AGE_MS = 7 * DAY_MS

export interface Reading {
  /** Time since the post went public. */
  ageMs: number
  views: number
}

export interface PostReadings {
  postId: string
  readings: readonly Reading[]
}

/** A post's readings as a series: ascending ages > 0, one point per age. */
interface Series {
  ages: number[]
  views: number[]
}

function toSeries(readings: readonly Reading[]): Series {
  const sorted = readings
    .filter((r) => Number.isFinite(r.ageMs) && r.ageMs > 0 && Number.isFinite(r.views))
    .toSorted((a, b) => a.ageMs - b.ageMs || a.views - b.views)
  const ages: number[] = []
  const views: number[] = []
  for (const reading of sorted) {
    if (ages.at(-1) === reading.ageMs) {
      // Sorted by views within an age: the last one has the most.
      views[views.length - 1] = reading.views
      continue
    }
    ages.push(reading.ageMs)
    views.push(reading.views)
  }
  return { ages, views }
}

function latestAge(series: Series): number | undefined {
  return series.ages.at(-1)
}

/** Views at `ageMs` interpolated linearly from the origin (0, 0) through the readings; undefined past the last one. */
export function viewsAtAge(readings: readonly Reading[], ageMs: number): number | undefined {
  return interpolate(toSeries(readings), ageMs)
}

function interpolate(series: Series, ageMs: number): number | undefined {
  const last = latestAge(series)
  if (last === undefined || ageMs > last) return undefined
  if (ageMs <= 0) return 0
  // First reading at or after ageMs (binary search: a series holds up to a few hundred readings).
  let lo = 0
  let hi = series.ages.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (series.ages[mid]! < ageMs) lo = mid + 1
    else hi = mid
  }
  const age1 = series.ages[lo]!
  const views1 = series.views[lo]!
  if (age1 === ageMs) return views1
  const age0 = lo === 0 ? 0 : series.ages[lo - 1]!
  const views0 = lo === 0 ? 0 : series.views[lo - 1]!
  return views0 + ((views1 - views0) * (ageMs - age0)) / (age1 - age0)
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** relativeViews of every post of one account (method above); every post given is in the result. */
export function relativeViews(posts: readonly PostReadings[]): Map<string, number | null> {
  const all = posts.map((p) => ({ postId: p.postId, series: toSeries(p.readings) }))
  // Most posts share the reference age (7 days), so each distinct age's median is computed once.
  const medians = new Map<number, number>()
  const medianAt = (ageMs: number): number => {
    const known = medians.get(ageMs)
    if (known !== undefined) return known
    const values: number[] = []
    for (const other of all) {
      const v = interpolate(other.series, ageMs)
      if (v !== undefined) values.push(v)
    }
    const m = median(values)
    medians.set(ageMs, m)
    return m
  }

  const result = new Map<string, number | null>()
  for (const { postId, series } of all) {
    const last = latestAge(series)
    if (last === undefined) {
      result.set(postId, null)
      continue
    }
    const reference = Math.min(last, REFERENCE_AGE_MS)
    const own = interpolate(series, reference)!
    const typical = medianAt(reference)
    result.set(postId, typical > 0 ? own / typical : null)
  }
  return result
}
