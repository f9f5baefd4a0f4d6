import {
  ANALYTICS_MESSAGES,
  BEST_TIMES_MIN_POSTS,
  instantToZoned,
  WEEKDAYS,
  weekdayOf,
  type BestTimeCell,
  type BestTimes,
  type BestTimeSuggestion,
  type Weekday,
} from '@hookpost/shared'

/**
 * Best time to post (issue 19, ADR 022): a weekday × hour map of the account's scored posts, in the account's zone.
 * Pure: the posts (when each went public and its relative views) and the zone are given.
 *
 * A cell's figure is the geometric mean of its posts' relative views (relative views are ratios: 2× and 0.5× average
 * to 1×, not 1.25×). Suggestions rank cells by a shrunk estimate instead: each cell is given BEST_TIME_PRIOR_POSTS
 * imaginary posts at exactly 1× (the account's typical post), so
 *
 *   estimate = exp( Σ ln(relative views) / (posts + BEST_TIME_PRIOR_POSTS) )
 *
 * One lucky 5× post scores exp(ln 5 / 4) ≈ 1.5×, while four posts at 2× score exp(4 ln 2 / 7) ≈ 1.5× too, and six
 * at 2× ≈ 1.7×: a cell has to keep doing well to lead. A suggestion also needs BEST_TIME_MIN_CELL_POSTS posts and an
 * estimate above 1 (better than typical); its `relativeViews` is that estimate, so the order shown is the order used.
 */

/** Imaginary posts at 1× each cell starts with (the shrinkage toward "typical"). */
export const BEST_TIME_PRIOR_POSTS = 3
/** A cell needs at least this many real posts to be suggested. */
export const BEST_TIME_MIN_CELL_POSTS = 2
/** Suggestions returned at most. */
export const BEST_TIME_SUGGESTIONS = 3

export interface ScoredPost {
  publishedAt: Date
  /** Views ÷ the account's median at the same age (post_stats.relative_views); must be > 0. */
  relativeViews: number
}

/** The weekday and hour of `instant` on the wall clock of `zone`. */
export function weekdayHourIn(instant: Date, zone: string): { weekday: Weekday; hour: number } {
  const { date, time } = instantToZoned(instant, zone)
  return {
    weekday: weekdayOf(date),
    hour: Number(time.slice(0, 2)),
  }
}

/** The shrunk estimate of a cell from the sum of its posts' ln(relative views). */
export function shrunkRelativeViews(sumLn: number, posts: number): number {
  return Math.exp(sumLn / (posts + BEST_TIME_PRIOR_POSTS))
}

const round2 = (x: number) => Math.round(x * 100) / 100

export function bestTimes(input: { accountId: string; timeZone: string; posts: readonly ScoredPost[] }): BestTimes {
  const { accountId, timeZone } = input
  const scored = input.posts.filter((p) => Number.isFinite(p.relativeViews) && p.relativeViews > 0)
  const sums = Array.from({ length: 7 * 24 }, () => ({ posts: 0, sumLn: 0 }))
  for (const post of scored) {
    const { weekday, hour } = weekdayHourIn(post.publishedAt, timeZone)
    const cell = sums[WEEKDAYS.indexOf(weekday) * 24 + hour]!
    cell.posts++
    cell.sumLn += Math.log(post.relativeViews)
  }
  const cells: BestTimeCell[] = sums.map((s, i) => ({
    weekday: WEEKDAYS[Math.floor(i / 24)]!,
    hour: i % 24,
    posts: s.posts,
    relativeViews: s.posts > 0 ? round2(Math.exp(s.sumLn / s.posts)) : null,
  }))
  const enough = scored.length >= BEST_TIMES_MIN_POSTS
  const suggestions: BestTimeSuggestion[] = enough
    ? sums
        .map((s, i) => ({ i, posts: s.posts, estimate: shrunkRelativeViews(s.sumLn, s.posts) }))
        .filter((c) => c.posts >= BEST_TIME_MIN_CELL_POSTS && c.estimate > 1)
        // Best estimate first; more posts, then the earlier slot of the week, break ties.
        .sort((a, b) => b.estimate - a.estimate || b.posts - a.posts || a.i - b.i)
        .slice(0, BEST_TIME_SUGGESTIONS)
        .map((c) => ({
          weekday: WEEKDAYS[Math.floor(c.i / 24)]!,
          hour: c.i % 24,
          relativeViews: round2(c.estimate),
          posts: c.posts,
        }))
    : []
  return {
    accountId,
    timeZone,
    posts: scored.length,
    minPosts: BEST_TIMES_MIN_POSTS,
    enough,
    message: enough ? null : ANALYTICS_MESSAGES.notEnoughForBestTimes,
    cells,
    suggestions,
  }
}

/**
 * The shrunk estimate of every hour of one weekday (24 values, 1 where there are no posts): what the automation's
 * slot picker weighs the hours of its window by.
 */
export function hourEstimates(times: BestTimes, weekday: Weekday): number[] {
  return times.cells
    .filter((c) => c.weekday === weekday)
    .sort((a, b) => a.hour - b.hour)
    .map((c) =>
      c.posts > 0 && c.relativeViews !== null ? shrunkRelativeViews(Math.log(c.relativeViews) * c.posts, c.posts) : 1,
    )
}
