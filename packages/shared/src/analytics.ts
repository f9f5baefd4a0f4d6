import { z } from 'zod'
import type { ContentTone, HookConcept } from './ai'
import type { Weekday } from './automation'
import { POST_FORMAT_LABELS, type PostFormat, type PostMode } from './posts'
import { OVERLAY_COLORS, POSITION_LABELS, type OverlayStyle } from './studio'

/**
 * Analytics and the hook loop (issue 19): the contract between `/api/analytics/*` and the web. Figures come from
 * TikTok's Display API (tiktok-api.md §5) through the stats sync; "relative views" is a post's views divided by the
 * account's median views at the same age (1 = a typical post of this account; 2 = twice as many views).
 */

// ---------------------------------------------------------------------------------------------------------------
// Sync state of an account's figures.

export const STATS_SYNC_STATUSES = [
  /** Connected; never synced yet (the first sync is queued). */
  'pending',
  'ok',
  /** Connected before Hookpost asked for video.list / user.info.stats: reconnecting grants them. */
  'missing_scope',
  /** The token was revoked or expired: reconnecting fixes it. */
  'reconnect_required',
  /** Added by hand: never connected. */
  'not_connected',
] as const
export type StatsSyncStatus = (typeof STATS_SYNC_STATUSES)[number]

export const ANALYTICS_MESSAGES = {
  missingScope:
    'Hookpost cannot read this account’s views yet: it was connected before Hookpost asked TikTok for permission to read video stats. Reconnect the account to allow it.',
  reconnectRequired:
    'TikTok no longer accepts this account’s connection, so its stats are not updating. Reconnect the account.',
  notConnected: 'This account was added by hand. Connect it to TikTok to see its stats.',
  sandboxFigures:
    'This is a TikTok sandbox account: its views, likes, comments, shares and followers are simulated by the sandbox (they grow over time), not real TikTok figures.',
  pending: 'Fetching this account’s stats from TikTok for the first time…',
  noPosts: 'No published posts in this period yet.',
  /** A leaderboard dimension with no rows (e.g. no post of the period has a tone). */
  noHookData: 'No post of this period carries this kind of hook yet.',
  notEnoughForBestTimes:
    'Not enough posts yet to suggest times: Hookpost needs at least 10 published posts with stats on this account.',
  lowSample: 'Fewer than 5 posts: too few to trust',
  fetchFailed: 'Failed to load analytics',
  syncFailed: 'Failed to refresh stats',
  accountRequired: 'Please select a TikTok account',
  rangeInvalid: 'Please choose a start date on or before the end date',
  rangeTooLong: 'Please choose a period of at most 366 days',
} as const

export const accountSyncStateSchema = z.object({
  accountId: z.string(),
  status: z.enum(STATS_SYNC_STATUSES),
  /** What the person should do when the status is not `ok` (one of ANALYTICS_MESSAGES); null when all is well. */
  message: z.string().nullable(),
  /** When the account's figures were last fetched (ISO), null before the first sync. */
  syncedAt: z.string().nullable(),
  /** When the next scheduled sync of this account is due (ISO). */
  nextSyncAt: z.string().nullable(),
  /** A sync is queued or running now ("Refresh stats" pressed, or the first sync). */
  syncing: z.boolean(),
})
export type AccountSyncState = z.infer<typeof accountSyncStateSchema>

// ---------------------------------------------------------------------------------------------------------------
// Range query: ?accountId=<uuid>&from=YYYY-MM-DD&to=YYYY-MM-DD&tz=<IANA zone>  (both dates inclusive, in `tz`).

export const ANALYTICS_RANGE_MAX_DAYS = 366
export const analyticsQuerySchema = z.object({
  accountId: z.uuid({ message: ANALYTICS_MESSAGES.accountRequired }),
  from: z.iso.date(),
  to: z.iso.date(),
  tz: z.string().min(1).max(64),
})
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytics/overview?… → AnalyticsOverview

export interface AnalyticsTotals {
  /** Posts published in the range that TikTok reports on. */
  posts: number
  /** Latest figures of those posts. */
  views: number
  likes: number
  comments: number
  shares: number
  /** (likes + comments + shares) / views of those posts; null when they have no views. */
  engagementRate: number | null
}

export interface AnalyticsSeriesPoint {
  /** A day of the range, YYYY-MM-DD in `tz`. */
  date: string
  /** Views gained that day by all of the account's posts (from snapshots). */
  views: number
  likes: number
  comments: number
  shares: number
  /** The account's follower count at the end of that day (last snapshot on or before it); null if unknown. */
  followers: number | null
}

export interface AnalyticsOverview {
  accountId: string
  from: string
  to: string
  timeZone: string
  sync: AccountSyncState
  totals: AnalyticsTotals
  /** Gained during the range by all of the account's posts (not only those published in it), and followers gained. */
  growth: { views: number; likes: number; comments: number; shares: number; followers: number | null }
  /** The same figures for the period of equal length just before, for "vs previous period". */
  previousGrowth: { views: number; likes: number; comments: number; shares: number; followers: number | null }
  /** The latest follower count, null if TikTok did not give one (no user.info.stats). */
  followers: number | null
  /** One point per day of the range, oldest first. */
  series: AnalyticsSeriesPoint[]
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytics/accounts?from=…&to=…&tz=… → AccountsOverview: every account of the person side by side
// (issue 30 item 10, "All accounts" in the Analytics tab's account choice).

export const accountsOverviewQuerySchema = analyticsQuerySchema.omit({ accountId: true })
export type AccountsOverviewQuery = z.infer<typeof accountsOverviewQuerySchema>

/** What one account did in the range, as the all-accounts comparison table shows it. */
export interface AccountComparison {
  accountId: string
  accountName: string
  accountUsername: string
  sandbox: boolean
  /** The latest follower count; null when TikTok gave none (no user.info.stats, or never read). */
  followers: number | null
  /** Gained during the range by all of the account's posts (as AnalyticsOverview.growth). */
  views: number
  likes: number
  comments: number
  shares: number
  /** Posts published in the range that TikTok reports on (as AnalyticsTotals.posts). */
  posts: number
  /** When its figures were last fetched (ISO), null before the first sync. */
  syncedAt: string | null
}

export interface AccountsOverview {
  from: string
  to: string
  timeZone: string
  /** The sums over every account; `followers` sums the accounts whose count is known (null when none is). */
  totals: Omit<AccountComparison, 'accountId' | 'accountName' | 'accountUsername' | 'sandbox' | 'syncedAt'>
  /** Every account of the person, in the order they were added (as the accounts list). */
  accounts: AccountComparison[]
}

// ---------------------------------------------------------------------------------------------------------------
// What hook a post carried (stored per post when it is scheduled; table post_hook).

export interface PostHook {
  concept: HookConcept | null
  tone: ContentTone | null
  /** The first (top-most) overlay's text of the video, or the automation's hook text. */
  hookText: string | null
  /** overlayStyleKey() of that overlay. */
  overlayStyle: string | null
  /** `stock:<slug>`, `media:<id>` — the clip the video was made from. */
  sourceKey: string | null
  sourceLabel: string | null
}

/** A stable key for an overlay's look (what the leaderboard groups by). */
export function overlayStyleKey(style: Pick<OverlayStyle, 'position' | 'fontSize' | 'fontWeight' | 'color'>): string {
  return `${style.position}|${style.fontSize}|${style.fontWeight}|${style.color}`
}

/** "Center · 32 px · Bold · White" for a key made by overlayStyleKey; the key itself if it is not one. */
export function overlayStyleLabel(key: string): string {
  const [position, size, weight, color] = key.split('|')
  const positionLabel = POSITION_LABELS[position as keyof typeof POSITION_LABELS]
  const colorLabel = OVERLAY_COLORS.find((c) => c.value === color)?.label
  if (!positionLabel || !colorLabel || !size || !weight) return key
  return `${positionLabel} · ${size} px · ${weight === 'bold' ? 'Bold' : 'Regular'} · ${colorLabel}`
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytics/top-posts?…&sort=views|engagement&limit=1..50 (default 10) → { posts: TopPost[] }

export const TOP_POSTS_SORTS = ['views', 'engagement'] as const
export type TopPostsSort = (typeof TOP_POSTS_SORTS)[number]
export const TOP_POSTS_LIMIT_MAX = 50
export const topPostsQuerySchema = analyticsQuerySchema.extend({
  sort: z.enum(TOP_POSTS_SORTS).default('views'),
  limit: z.coerce.number().int().min(1).max(TOP_POSTS_LIMIT_MAX).default(10),
})
export type TopPostsQuery = z.infer<typeof topPostsQuerySchema>

export interface CurvePoint {
  /** Hours after publishing (fractional). */
  hours: number
  views: number
}

export interface TopPost {
  postId: string
  title: string
  /** TikTok's cover image (may expire; the web falls back to a placeholder on error). */
  coverUrl: string | null
  /** The post on TikTok. */
  shareUrl: string | null
  publishedAt: string
  views: number
  likes: number
  comments: number
  shares: number
  engagementRate: number | null
  /** Views relative to the account's median at the same age; null when too young to compare. */
  relativeViews: number | null
  hook: PostHook | null
  /** Views over the post's first 7 days (snapshots), oldest first, starting at { hours: 0, views: 0 }. */
  curve: CurvePoint[]
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytics/leaderboard?… → Leaderboard

export const LEADERBOARD_DIMENSIONS = ['concept', 'tone', 'overlay_style', 'hook_text', 'source', 'format'] as const
export type LeaderboardDimension = (typeof LEADERBOARD_DIMENSIONS)[number]
export const LEADERBOARD_DIMENSION_LABELS: Record<LeaderboardDimension, string> = {
  concept: 'Hook concept',
  tone: 'Tone',
  overlay_style: 'Overlay style',
  hook_text: 'Hook text',
  source: 'Source video',
  format: 'Format',
}

/**
 * The format dimension's keys (issue 29): what a post was (video or slideshow) and how it went out (directly or as a
 * draft finished in TikTok), e.g. `photo:inbox`.
 */
export function formatLeaderboardKey(format: PostFormat, postMode: PostMode): string {
  return `${format}:${postMode}`
}
export function formatLeaderboardLabel(key: string): string {
  const [format, mode] = key.split(':')
  const formatLabel = POST_FORMAT_LABELS[format as PostFormat] ?? format ?? key
  return mode === 'inbox' ? `${formatLabel} · draft finished in TikTok` : `${formatLabel} · posted directly`
}
/** Rows with fewer posts than this are marked low-sample. */
export const LEADERBOARD_MIN_SAMPLE = 5
/** At most this many rows per dimension (the best): hook texts can be as many as posts. */
export const LEADERBOARD_ROWS_MAX = 50

export interface LeaderboardRow {
  key: string
  label: string
  /** Posts with this value that have a relative-views score. */
  posts: number
  medianViews: number
  /** Geometric mean of the posts' relative views (1 = the account's typical post); null without scored posts. */
  relativeViews: number | null
  lowSample: boolean
}

export interface Leaderboard {
  accountId: string
  minSample: number
  /** Rows by dimension, best relativeViews first (low-sample rows are ranked too, and marked). */
  dimensions: Record<LeaderboardDimension, LeaderboardRow[]>
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/analytics/best-times?accountId=<uuid>[&tz=<IANA zone>] → BestTimes (from the account's whole history, in
// `tz` when given — the Analytics tab's one zone, the person's — else in the account's zone, as the Schedule form and
// the automation plan in it)

export const BEST_TIMES_MIN_POSTS = 10

export interface BestTimeCell {
  weekday: Weekday
  /** 0–23, in `timeZone`. */
  hour: number
  posts: number
  relativeViews: number | null
}

export interface BestTimeSuggestion {
  weekday: Weekday
  hour: number
  relativeViews: number
  posts: number
}

export interface BestTimes {
  accountId: string
  timeZone: string
  /** Scored posts the map is made from. */
  posts: number
  minPosts: number
  /** False when there are fewer than minPosts: `cells` may still be shown, `suggestions` is empty, `message` says why. */
  enough: boolean
  message: string | null
  /** 7 × 24 cells, Monday 00 first. */
  cells: BestTimeCell[]
  /** The best hours (up to 3), best first. */
  suggestions: BestTimeSuggestion[]
}

// ---------------------------------------------------------------------------------------------------------------
// POST /api/analytics/sync { accountId } → 202 { sync: AccountSyncState }: fetch this account's figures now.
// GET  /api/analytics/sync?accountId=… → { sync: AccountSyncState }
// When a sync finishes the server sends the SSE event { type: 'analytics.synced', accountId }.
// GET /api/analytics/export.csv?… → text/csv, one row per post published in the range (ANALYTICS_CSV_COLUMNS).

export const analyticsSyncInputSchema = z.object({ accountId: z.uuid({ message: ANALYTICS_MESSAGES.accountRequired }) })

export const ANALYTICS_CSV_COLUMNS = [
  'post_id',
  'published_at',
  'title',
  'share_url',
  'views',
  'likes',
  'comments',
  'shares',
  'engagement_rate',
  'relative_views',
  'hook_text',
  'hook_concept',
  'tone',
  'overlay_style',
  'source',
] as const
