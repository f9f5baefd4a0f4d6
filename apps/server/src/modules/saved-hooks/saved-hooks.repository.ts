import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { savedHook } from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'

export type SavedHookRow = typeof savedHook.$inferSelect
export type NewSavedHookRow = typeof savedHook.$inferInsert

/** Every statement about saved hooks; each is scoped by the user id. */
function createQueries(db: Executor) {
  return {
    /**
     * Holds the person's saved hooks still until the transaction ends, so two saves at once cannot both pass the cap
     * (a transaction-scoped advisory lock: no row to lock exists before the first hook).
     */
    async lockForUser(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_hook:${userId}`}))`)
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedHook).where(eq(savedHook.userId, userId))
      return row?.n ?? 0
    },

    async insert(row: NewSavedHookRow): Promise<SavedHookRow> {
      const [created] = await db.insert(savedHook).values(row).returning()
      if (!created) throw new Error('saved_hook insert returned nothing')
      return created
    },

    /** Newest first (product.md §7 "select newest first"); the id breaks ties so the order is stable. */
    async listForUser(userId: string, limit: number): Promise<SavedHookRow[]> {
      return db
        .select()
        .from(savedHook)
        .where(eq(savedHook.userId, userId))
        .orderBy(desc(savedHook.createdAt), desc(savedHook.id))
        .limit(limit)
    },

    async deleteForUser(userId: string, id: string): Promise<SavedHookRow | undefined> {
      const [row] = await db
        .delete(savedHook)
        .where(and(eq(savedHook.id, id), eq(savedHook.userId, userId)))
        .returning()
      return row
    },
  }
}

export type SavedHookQueries = ReturnType<typeof createQueries>

export function createSavedHooksRepository(db: Database) {
  return withTransactions(db, createQueries)
}
export type SavedHooksRepository = ReturnType<typeof createSavedHooksRepository>
