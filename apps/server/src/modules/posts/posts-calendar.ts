import {
  CALENDAR_DAY_FIRST_POSTS,
  CALENDAR_RANGE_MAX_DAYS,
  MESSAGES,
  type CalendarDay,
  type CalendarDaysQuery,
  type CalendarPost,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { decodePostsCursor, encodePostsCursor, type PostsSegment } from './posts-cursor'
import { toPostIdentity } from '../publishing'
import { orFail, type PostsServiceDeps } from './posts-context'
import type { CalendarPostRow } from './posts.repository'

const DAY_MS = 86_400_000
/**
 * `GET /api/posts` without from/to: a month either side of now. With one of them, the widest window from it (the
 * other side follows the one given).
 */
export const DEFAULT_LIST_WINDOW = { beforeMs: 31 * DAY_MS, afterMs: 31 * DAY_MS }
const MAX_LIST_SPAN_MS = CALENDAR_RANGE_MAX_DAYS * DAY_MS
/**
 * A safety cap on one calendar answer: 62 days at 32 posts a day. A month view needs at most 31 days; past this the
 * read would be the slow, heavy answer issue 20 measured.
 */
const CALENDAR_LIMIT = 2_000

/** The calendar's and the List view's view of a post: what their cells and rows show, nothing more. */
function toCalendarPostDto(row: CalendarPostRow): CalendarPost {
  return {
    id: row.id,
    accountId: row.accountId,
    account: { accountName: row.accountName, accountUsername: row.accountUsername, sandbox: row.accountSandbox },
    format: row.format,
    postMode: row.postMode,
    title: row.title,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
    state: row.state,
    source: row.source,
    errorMessage: row.errorMessage,
    ...toPostIdentity(row),
  }
}

/** A window the calendar may ask for: forwards, and at most 62 days (ADR 024). */
function checkRange(from: Date, to: Date) {
  if (!(from < to)) throw new AppError('BAD_REQUEST', MESSAGES.dateRangeInvalid)
  if (to.getTime() - from.getTime() > MAX_LIST_SPAN_MS) throw new AppError('BAD_REQUEST', MESSAGES.dateRangeTooWide)
}

/**
 * GET /api/posts/calendar: the month or week as days in the asked zone (ADR 053) — each day with posts, its count per
 * state and its first CALENDAR_DAY_FIRST_POSTS posts; GET /api/posts with a day's bounds has the rest of a day.
 */
export function calendarDays(
  deps: PostsServiceDeps,
  userId: string,
  query: CalendarDaysQuery,
): Promise<{ days: CalendarDay[] }> {
  const from = new Date(query.from)
  const to = new Date(query.to)
  checkRange(from, to)
  return orFail(deps, MESSAGES.fetchPostsFailed, async () => {
    const { counts, first } = await deps.repo.calendarDaysForUser(
      userId,
      { from, to, zone: query.zone, accountId: query.accountId },
      CALENDAR_DAY_FIRST_POSTS,
    )
    const days = new Map<string, CalendarDay>()
    for (const { day, state, n } of counts) {
      const entry = days.get(day) ?? { date: day, total: 0, counts: {}, posts: [] }
      entry.total += n
      entry.counts[state] = n
      days.set(day, entry)
    }
    for (const row of first) days.get(row.day)?.posts.push(toCalendarPostDto(row))
    return { days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) }
  })
}

/**
 * GET /api/posts: the calendar. The user's posts whose time falls in [from, to), by time, as the slim
 * `CalendarPost` (details come from `get`). At most 62 days at once.
 */
export function listCalendar(
  deps: PostsServiceDeps,
  userId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<CalendarPost[]> {
  const now = deps.clock().getTime()
  const from = range.from
    ? new Date(range.from)
    : range.to
      ? new Date(Date.parse(range.to) - MAX_LIST_SPAN_MS)
      : new Date(now - DEFAULT_LIST_WINDOW.beforeMs)
  const to = range.to
    ? new Date(range.to)
    : range.from
      ? new Date(from.getTime() + MAX_LIST_SPAN_MS)
      : new Date(now + DEFAULT_LIST_WINDOW.afterMs)
  checkRange(from, to)
  return orFail(deps, MESSAGES.fetchPostsFailed, async () =>
    (await deps.repo.listCalendarForUser(userId, from, to, CALENDAR_LIMIT)).map(toCalendarPostDto),
  )
}

/**
 * GET /api/posts/list: the List view, `limit` posts at a time — upcoming ones soonest first, then past ones
 * latest first (posts-cursor.ts). A page reads at most limit + 1 rows per part, by index.
 */
export async function listPage(
  deps: PostsServiceDeps,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ posts: CalendarPost[]; nextCursor: string | null }> {
  const { repo, clock } = deps
  const cursor = query.cursor === undefined ? null : decodePostsCursor(query.cursor)
  if (query.cursor !== undefined && !cursor) throw new AppError('BAD_REQUEST', MESSAGES.postsCursorInvalid)
  const pivot = cursor?.pivot ?? clock()
  const want = query.limit + 1
  return orFail(deps, MESSAGES.fetchPostsFailed, async () => {
    const rows: { row: CalendarPostRow; segment: PostsSegment }[] = []
    if (!cursor || cursor.segment === 'upcoming') {
      const upcoming = await repo.listUpcomingForUser(userId, pivot, cursor, want)
      for (const row of upcoming) rows.push({ row, segment: 'upcoming' })
    }
    if (rows.length < want) {
      const after = cursor?.segment === 'past' ? cursor : null
      const past = await repo.listPastForUser(userId, pivot, after, want - rows.length)
      for (const row of past) rows.push({ row, segment: 'past' })
    }
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last
        ? encodePostsCursor({ pivot, segment: last.segment, scheduledAt: last.row.scheduledAt, id: last.row.id })
        : null
    return { posts: page.map(({ row }) => toCalendarPostDto(row)), nextCursor }
  })
}
