import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { isValidTimeZone, MESSAGES, type BestTimes } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { postStats, tiktokAccount } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { INVALID_TIME_ZONE } from './analytics-range'
import { bestTimes, type ScoredPost } from './best-times'

/**
 * Best time to post from the database: the account (the person's own, else 404) and its scored posts. Every query is
 * scoped by the user id.
 */
export function createBestTimesRepository(db: Database) {
  return {
    /** The account's zone ('UTC' when it has none), or undefined when it is not this person's account. */
    async accountZone(userId: string, accountId: string): Promise<{ timeZone: string } | undefined> {
      const [row] = await db
        .select({ timeZone: tiktokAccount.timeZone })
        .from(tiktokAccount)
        .where(and(eq(tiktokAccount.id, accountId), eq(tiktokAccount.userId, userId)))
      return row ? { timeZone: row.timeZone ?? 'UTC' } : undefined
    },

    /** Every post of the account with a relative-views score (its whole history, gone posts included). */
    async scoredPosts(userId: string, accountId: string): Promise<ScoredPost[]> {
      const rows = await db
        .select({ publishedAt: postStats.publishedAt, relativeViews: postStats.relativeViews })
        .from(postStats)
        .where(
          and(
            eq(postStats.userId, userId),
            eq(postStats.accountId, accountId),
            isNotNull(postStats.relativeViews),
            gt(postStats.relativeViews, 0),
          ),
        )
      return rows.map((r) => ({ publishedAt: r.publishedAt, relativeViews: r.relativeViews! }))
    },
  }
}
export type BestTimesRepository = ReturnType<typeof createBestTimesRepository>

export function createBestTimesService(repo: BestTimesRepository) {
  return {
    /**
     * GET /api/analytics/best-times: the heat map and suggestions of one of the person's accounts (else 404), in
     * `timeZone` when given (the Analytics tab shows every time in the person's zone, ADR 051), else in the account's
     * (the Schedule form and the automation plan in it).
     */
    async forAccount(userId: string, accountId: string, timeZone?: string): Promise<BestTimes> {
      if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
        throw new AppError('VALIDATION_FAILED', INVALID_TIME_ZONE, [{ path: 'tz', message: INVALID_TIME_ZONE }])
      }
      const account = await repo.accountZone(userId, accountId)
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      return bestTimes({
        accountId,
        timeZone: timeZone ?? account.timeZone,
        posts: await repo.scoredPosts(userId, accountId),
      })
    },
  }
}
export type BestTimesService = ReturnType<typeof createBestTimesService>
