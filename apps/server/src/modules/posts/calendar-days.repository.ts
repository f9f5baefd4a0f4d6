import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm'
import { post, tiktokAccount } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { postIdentityColumns, withPostJoins, type PostIdentityRow, type PostRow } from '../publishing'

/**
 * A post as the calendar and the List view show it (issue 20): only the columns they draw, with the account's names
 * and what identifies it (issue 30). Nothing encrypted and no caption, so a month of thousands of posts stays one
 * small indexed read.
 */
export interface CalendarPostRow extends PostIdentityRow {
  id: string
  accountId: string
  format: PostRow['format']
  postMode: PostRow['postMode']
  title: string
  scheduledAt: Date
  timeZone: string
  state: PostRow['state']
  source: PostRow['source']
  errorMessage: string | null
  accountName: string
  accountUsername: string
  accountSandbox: boolean
}

export const calendarColumns = {
  id: post.id,
  accountId: post.accountId,
  format: post.format,
  postMode: post.postMode,
  title: post.title,
  scheduledAt: post.scheduledAt,
  timeZone: post.timeZone,
  state: post.state,
  source: post.source,
  errorMessage: post.errorMessage,
  accountName: tiktokAccount.accountName,
  accountUsername: tiktokAccount.accountUsername,
  accountSandbox: tiktokAccount.sandbox,
  ...postIdentityColumns,
}

/** What one calendar answer reads (calendar-days.ts): the days' counts by state, and each day's first posts. */
export interface CalendarDaysRows {
  counts: { day: string; state: PostRow['state']; n: number }[]
  first: (CalendarPostRow & { day: string })[]
}

/**
 * The month (or week) as days in `zone` (issue 31, ADR 053): two statements over the range by
 * post_user_scheduled_idx — counts grouped by day and state, and the first `perDay` posts of each day (a window
 * function ranks each day's posts by time, then id) with the calendar's columns. Only those posts' rows are joined.
 */
export function calendarDayQueries(db: Executor) {
  return {
    async calendarDaysForUser(
      userId: string,
      range: { from: Date; to: Date; zone: string; accountId?: string | undefined },
      perDay: number,
    ): Promise<CalendarDaysRows> {
      const dayOf = sql<string>`to_char(${post.scheduledAt} AT TIME ZONE ${range.zone}, 'YYYY-MM-DD')`
      const scope: SQL | undefined = and(
        eq(post.userId, userId),
        gte(post.scheduledAt, range.from),
        lt(post.scheduledAt, range.to),
        range.accountId !== undefined ? eq(post.accountId, range.accountId) : undefined,
      )
      const counts = await db
        .select({ day: dayOf.as('day'), state: post.state, n: sql<number>`count(*)::int`.as('n') })
        .from(post)
        .where(scope)
        .groupBy(sql`1`, sql`2`)
      const ranked = db
        .select({
          id: post.id,
          rank: sql<number>`row_number() over (partition by ${dayOf} order by ${post.scheduledAt}, ${post.id})`.as(
            'rank',
          ),
        })
        .from(post)
        .where(scope)
        .as('ranked')
      const firstIds = db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, perDay))
      const first = await withPostJoins(
        db
          .select({ ...calendarColumns, day: dayOf })
          .from(post)
          .$dynamic(),
      )
        .where(and(eq(post.userId, userId), inArray(post.id, firstIds)))
        .orderBy(asc(post.scheduledAt), asc(post.id))
      return { counts, first }
    },
  }
}
