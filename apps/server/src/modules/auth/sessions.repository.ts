import { and, gt, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { session } from '../../db/schema'

/** Reads of better-auth's session table that better-auth has no call for. */
export function createSessionsRepository(db: Database) {
  return {
    /** Of `ids`, the sessions that still exist and have not expired at `now`, with their current expiry. */
    async findLive(ids: readonly string[], now: Date): Promise<Map<string, Date>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: session.id, expiresAt: session.expiresAt })
        .from(session)
        .where(and(inArray(session.id, [...ids]), gt(session.expiresAt, now)))
      return new Map(rows.map((row) => [row.id, row.expiresAt]))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
