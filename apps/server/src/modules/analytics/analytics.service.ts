import {
  ANALYTICS_MESSAGES,
  CONTENT_TONE_LABELS,
  formatLeaderboardLabel,
  HOOK_CONCEPT_LABELS,
  LEADERBOARD_DIMENSIONS,
  LEADERBOARD_MIN_SAMPLE,
  LEADERBOARD_ROWS_MAX,
  MESSAGES,
  overlayStyleLabel,
  type AccountsOverview,
  type AccountsOverviewQuery,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type AnalyticsSeriesPoint,
  type ContentTone,
  type CurvePoint,
  type HookConcept,
  type Leaderboard,
  type LeaderboardDimension,
  type LeaderboardRow,
  type PostHook,
  type TopPost,
  type TopPostsSort,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Log as BaseLog } from '../../lib/log'
import { buildAccountsOverview } from './accounts-overview'
import { analyticsCsvChunks, analyticsCsvFileName, type AnalyticsCsvRow } from './analytics-csv'
import { resolveRange, type AnalyticsRange } from './analytics-range'
import type {
  AnalyticsRepository,
  Figures,
  HookColumn,
  HookColumns,
  LeaderboardGroupRow,
  PostFiguresRow,
} from './analytics.repository'

type Log = Pick<BaseLog, 'error'>

export interface AnalyticsServiceDeps {
  repo: AnalyticsRepository
  clock: () => Date
  log: Log
}

/** A top post's curve covers its first week. */
export const CURVE_DAYS = 7

const ZERO: Figures = { views: 0, likes: 0, comments: 0, shares: 0 }

/** (likes + comments + shares) / views; null without views. */
export function engagementRate(f: Figures): number | null {
  return f.views > 0 ? (f.likes + f.comments + f.shares) / f.views : null
}

export function toPostHook(hook: HookColumns | null): PostHook | null {
  if (!hook) return null
  return {
    concept: hook.concept as HookConcept | null,
    tone: hook.tone as ContentTone | null,
    hookText: hook.hookText,
    overlayStyle: hook.overlayStyle,
    sourceKey: hook.sourceKey,
    sourceLabel: hook.sourceLabel,
  }
}

const DIMENSION_OF: Record<HookColumn, LeaderboardDimension> = {
  concept: 'concept',
  tone: 'tone',
  overlay_style: 'overlay_style',
  hook_text: 'hook_text',
  source_key: 'source',
  format: 'format',
}

/** What the leaderboard calls a group: the product's words for concepts, tones and overlay looks. */
export function leaderboardLabel(dimension: LeaderboardDimension, key: string, sourceLabel: string | null): string {
  switch (dimension) {
    case 'concept':
      return HOOK_CONCEPT_LABELS[key as HookConcept] ?? key
    case 'tone':
      return CONTENT_TONE_LABELS[key as ContentTone] ?? key
    case 'overlay_style':
      return overlayStyleLabel(key)
    case 'hook_text':
      return key
    case 'source':
      return sourceLabel ?? key
    case 'format':
      return formatLeaderboardLabel(key)
  }
}

/**
 * Groups into the leaderboard: per dimension, best relative views first (ties: more posts, then the label), at most
 * LEADERBOARD_ROWS_MAX rows, low-sample rows kept and marked.
 */
export function buildLeaderboard(accountId: string, groups: readonly LeaderboardGroupRow[]): Leaderboard {
  const dimensions = Object.fromEntries(LEADERBOARD_DIMENSIONS.map((d) => [d, [] as LeaderboardRow[]])) as Record<
    LeaderboardDimension,
    LeaderboardRow[]
  >
  for (const group of groups) {
    const dimension = DIMENSION_OF[group.column]
    dimensions[dimension].push({
      key: group.key,
      label: leaderboardLabel(dimension, group.key, group.sourceLabel),
      posts: group.posts,
      medianViews: group.medianViews,
      relativeViews: group.relativeViews,
      lowSample: group.posts < LEADERBOARD_MIN_SAMPLE,
    })
  }
  for (const d of LEADERBOARD_DIMENSIONS) {
    dimensions[d] = dimensions[d]
      .sort(
        (a, b) =>
          (b.relativeViews ?? -1) - (a.relativeViews ?? -1) || b.posts - a.posts || a.label.localeCompare(b.label),
      )
      .slice(0, LEADERBOARD_ROWS_MAX)
  }
  return { accountId, minSample: LEADERBOARD_MIN_SAMPLE, dimensions }
}

/** A post's curve: { 0 h, 0 views } then each snapshot of its first week. */
export function toCurve(points: readonly { hours: number; views: number }[]): CurvePoint[] {
  const curve: CurvePoint[] = [{ hours: 0, views: 0 }]
  for (const p of points) curve.push({ hours: Math.round(p.hours * 1000) / 1000, views: p.views })
  return curve
}

const round = (value: number | null, digits: number): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits

/** overlayStyleLabel for the few styles an account uses, worked out once each (an export is thousands of rows). */
const overlayLabels = new Map<string, string>()
function overlayLabel(key: string): string {
  let label = overlayLabels.get(key)
  if (label === undefined) {
    if (overlayLabels.size > 1_000) overlayLabels.clear()
    label = overlayStyleLabel(key)
    overlayLabels.set(key, label)
  }
  return label
}

export function toCsvRow(post: PostFiguresRow): AnalyticsCsvRow {
  const hook = post.hook
  return {
    post_id: post.postId,
    published_at: post.publishedAt.toISOString(),
    title: post.title,
    share_url: post.shareUrl,
    views: post.views,
    likes: post.likes,
    comments: post.comments,
    shares: post.shares,
    engagement_rate: round(engagementRate(post), 4),
    relative_views: round(post.relativeViews, 3),
    hook_text: hook?.hookText ?? null,
    hook_concept: hook?.concept ? leaderboardLabel('concept', hook.concept, null) : null,
    tone: hook?.tone ? leaderboardLabel('tone', hook.tone, null) : null,
    overlay_style: hook?.overlayStyle ? overlayLabel(hook.overlayStyle) : null,
    source: hook?.sourceKey ? (hook.sourceLabel ?? hook.sourceKey) : null,
  }
}

const addFigures = (a: Figures, b: Figures): Figures => ({
  views: a.views + b.views,
  likes: a.likes + b.likes,
  comments: a.comments + b.comments,
  shares: a.shares + b.shares,
})

/**
 * Followers gained between two readings: from the last reading before the period (or, for an account first read
 * during it, its first reading in the period) to the last one by its end; null when nothing is known.
 */
export function followersGained(atStart: number | null, firstInPeriod: number | null, atEnd: number | null) {
  const base = atStart ?? firstInPeriod
  return atEnd === null || base === null ? null : atEnd - base
}

/**
 * The Analytics tab's reads (issue 19): overview (totals, growth, the daily series), top posts with their first-week
 * curves, the hook leaderboard and the CSV export, per account and date range in the person's zone. The account must
 * be the signed-in user's (404 otherwise); a bad range is 400 with the contract's message.
 */
export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { repo, clock, log } = deps

  async function orFail<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[analytics] ${ANALYTICS_MESSAGES.fetchFailed}`, err)
      throw new AppError('INTERNAL', ANALYTICS_MESSAGES.fetchFailed)
    }
  }

  /** The range checked and the account found (the order of the answers: 400 before 404). */
  async function open(userId: string, query: AnalyticsQuery): Promise<{ range: AnalyticsRange; username: string }> {
    const resolved = resolveRange(query)
    if (!resolved.ok) throw new AppError('VALIDATION_FAILED', resolved.issue.message, [resolved.issue])
    const account = await repo.findAccount(userId, query.accountId)
    if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    return { range: resolved.range, username: account.username }
  }

  return {
    /** GET /api/analytics/overview */
    overview(userId: string, query: AnalyticsQuery): Promise<AnalyticsOverview> {
      return orFail(async () => {
        const { range } = await open(userId, query)
        const { accountId } = query
        // Bucket 0 is the whole previous period, then one bucket per day: one pass over the snapshots.
        const boundaries = [range.previous.start, ...range.dayStarts]
        const [syncState, totals, gains, followers, latestFollowers] = await Promise.all([
          repo.syncState(userId, accountId, clock()),
          repo.totals(userId, accountId, range.start, range.end),
          repo.gainsBetween(userId, accountId, boundaries),
          // Before the previous period, then at the end of the previous period (= start) and of each day.
          repo.followersAt(userId, accountId, boundaries),
          repo.latestFollowers(userId, accountId),
        ])
        // The account was checked a moment ago; it can only be gone if it was deleted in between.
        if (!syncState) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
        const sync = syncState
        const series: AnalyticsSeriesPoint[] = range.days.map((date, i) => ({
          date,
          ...(gains.get(i + 1) ?? ZERO),
          followers: followers[i + 2] ?? null,
        }))
        const growth = series.reduce<Figures>((sum, point) => addFigures(sum, point), ZERO)
        const firstInRange = series.find((p) => p.followers !== null)?.followers ?? null
        const previous = gains.get(0) ?? ZERO
        return {
          accountId,
          from: range.from,
          to: range.to,
          timeZone: range.timeZone,
          sync,
          totals: { ...totals, engagementRate: engagementRate(totals) },
          growth: {
            ...growth,
            followers: followersGained(followers[1] ?? null, firstInRange, series.at(-1)?.followers ?? null),
          },
          previousGrowth: {
            ...previous,
            followers: followersGained(followers[0] ?? null, null, followers[1] ?? null),
          },
          followers: latestFollowers,
          series,
        }
      })
    },

    /** GET /api/analytics/accounts: every account of the person side by side, and their sums (issue 30 item 10). */
    accountsOverview(userId: string, query: AccountsOverviewQuery): Promise<AccountsOverview> {
      return orFail(async () => {
        const resolved = resolveRange(query)
        if (!resolved.ok) throw new AppError('VALIDATION_FAILED', resolved.issue.message, [resolved.issue])
        const { range } = resolved
        return buildAccountsOverview(range, await repo.accountComparisons(userId, range.start, range.end))
      })
    },

    /** GET /api/analytics/top-posts */
    topPosts(
      userId: string,
      query: AnalyticsQuery & { sort: TopPostsSort; limit: number },
    ): Promise<{ posts: TopPost[] }> {
      return orFail(async () => {
        const { range } = await open(userId, query)
        const found = await repo.topPosts(userId, query.accountId, range.start, range.end, query.sort, query.limit)
        const curves = await repo.curves(
          userId,
          found.map((p) => p.postId),
          CURVE_DAYS,
        )
        const byPost = new Map<string, { hours: number; views: number }[]>()
        for (const point of curves) {
          const list = byPost.get(point.postId) ?? []
          list.push(point)
          byPost.set(point.postId, list)
        }
        return {
          posts: found.map((p) => ({
            postId: p.postId,
            title: p.title,
            coverUrl: p.coverUrl,
            shareUrl: p.shareUrl,
            publishedAt: p.publishedAt.toISOString(),
            views: p.views,
            likes: p.likes,
            comments: p.comments,
            shares: p.shares,
            engagementRate: engagementRate(p),
            relativeViews: p.relativeViews,
            hook: toPostHook(p.hook),
            curve: toCurve(byPost.get(p.postId) ?? []),
          })),
        }
      })
    },

    /** GET /api/analytics/leaderboard */
    leaderboard(userId: string, query: AnalyticsQuery): Promise<Leaderboard> {
      return orFail(async () => {
        const { range } = await open(userId, query)
        const groups = await repo.leaderboardGroups(userId, query.accountId, range.start, range.end)
        return buildLeaderboard(query.accountId, groups)
      })
    },

    /**
     * GET /api/analytics/export.csv, streamed (ADR 055). The range, the account and the first page are settled before
     * anything is sent, so those failures are still a status and a message; a page failing later can only cut the
     * download short (the route aborts it, so the browser shows it failed rather than saving a partial file).
     */
    exportCsv(userId: string, query: AnalyticsQuery): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
      return orFail(async () => {
        const { range, username } = await open(userId, query)
        const pages = repo.postsPublishedPages(userId, query.accountId, range.start, range.end)
        const first = await pages.next()
        async function* csvPages(): AsyncGenerator<AnalyticsCsvRow[]> {
          if (first.done) return
          yield first.value.map(toCsvRow)
          try {
            for await (const page of pages) yield page.map(toCsvRow)
          } catch (err) {
            log.error(`[analytics] the CSV export stopped part way: ${ANALYTICS_MESSAGES.fetchFailed}`, err)
            throw err
          }
        }
        return {
          fileName: analyticsCsvFileName(username, range.from, range.to),
          chunks: analyticsCsvChunks(csvPages()),
        }
      })
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
