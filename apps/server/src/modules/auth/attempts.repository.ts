import { inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { authAttempt } from '../../db/schema'

/** Counters behind the per-email and per-user limits (attempt-limits.ts). */
export function createAttemptsRepository(db: Database) {
  return {
    /**
     * Counts one attempt for `key` and returns the count in the current window. One statement, so parallel attempts
     * are all counted (none slips through between a read and a write). A window older than `windowMs` starts over.
     */
    async hit(key: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStartedAt: Date }> {
      const expired = sql`${authAttempt.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`
      const [row] = await db
        .insert(authAttempt)
        .values({ key, windowStartedAt: now, attempts: 1 })
        .onConflictDoUpdate({
          target: authAttempt.key,
          set: {
            attempts: sql`case when ${expired} then 1 else ${authAttempt.attempts} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now} else ${authAttempt.windowStartedAt} end`,
          },
        })
        .returning({ attempts: authAttempt.attempts, windowStartedAt: authAttempt.windowStartedAt })
      if (!row) throw new Error('auth_attempt upsert returned nothing')
      return row
    },
    async clear(keys: string[]): Promise<void> {
      if (keys.length === 0) return
      await db.delete(authAttempt).where(inArray(authAttempt.key, keys))
    },
    /** Forgets windows that started before `before` (they no longer limit anything). */
    async prune(before: Date): Promise<void> {
      await db.delete(authAttempt).where(lt(authAttempt.windowStartedAt, before))
    },
  }
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>
