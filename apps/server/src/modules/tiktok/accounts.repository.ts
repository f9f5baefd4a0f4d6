import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { tiktokAccount, tiktokOauthState } from '../../db/schema'
import { withSharedTransactions, type Executor } from '../../db/transactional'

export type AccountRow = typeof tiktokAccount.$inferSelect
export type NewAccountRow = typeof tiktokAccount.$inferInsert

export interface TokenColumns {
  accessTokenEnc: string
  refreshTokenEnc: string
  accessTokenExpiresAt: Date
  refreshTokenExpiresAt: Date
  scopes: string[]
}

/** Every query that a person can reach is scoped by user id; the `…Internal` ones serve the worker (no person). */
export function createTiktokAccountRepository(db: Database) {
  return withSharedTransactions(db, createQueries)
}

function createQueries(db: Executor) {
  return {
    async listForUser(userId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(tiktokAccount)
        .where(eq(tiktokAccount.userId, userId))
        .orderBy(desc(tiktokAccount.createdAt), desc(tiktokAccount.id))
    },
    async findForUser(userId: string, id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(tiktokAccount)
        .where(and(eq(tiktokAccount.id, id), eq(tiktokAccount.userId, userId)))
      return row
    },
    async findByOpenIdForUser(userId: string, openId: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(tiktokAccount)
        .where(and(eq(tiktokAccount.userId, userId), eq(tiktokAccount.openId, openId)))
      return row
    },
    async findInternal(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(tiktokAccount).where(eq(tiktokAccount.id, id))
      return row
    },
    async insert(row: NewAccountRow): Promise<AccountRow> {
      const [created] = await db.insert(tiktokAccount).values(row).returning()
      return created!
    },
    async updateForUser(
      userId: string,
      id: string,
      patch: Partial<NewAccountRow>,
      at: Date,
    ): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(tiktokAccount)
        .set({ ...patch, updatedAt: at })
        .where(and(eq(tiktokAccount.id, id), eq(tiktokAccount.userId, userId)))
        .returning()
      return row
    },
    async deleteForUser(userId: string, id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .delete(tiktokAccount)
        .where(and(eq(tiktokAccount.id, id), eq(tiktokAccount.userId, userId)))
        .returning()
      return row
    },
    /** Stores a freshly issued token pair: always the newest refresh token (TikTok rotates them, tiktok-api.md §1.5). */
    async saveTokensInternal(id: string, tokens: TokenColumns, at: Date): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(tiktokAccount)
        .set({ ...tokens, status: 'active', lastError: null, updatedAt: at })
        .where(eq(tiktokAccount.id, id))
        .returning()
      return row
    },
    /**
     * Marks the account as needing a reconnect, unless another process has meanwhile stored a newer refresh token
     * (then that one is good and nothing is marked). Tokens are kept: the record is never wiped.
     */
    async markReconnectRequiredInternal(id: string, staleRefreshEnc: string, reason: string, at: Date) {
      const [row] = await db
        .update(tiktokAccount)
        .set({ status: 'reconnect_required', lastError: reason, updatedAt: at })
        .where(and(eq(tiktokAccount.id, id), eq(tiktokAccount.refreshTokenEnc, staleRefreshEnc)))
        .returning({ id: tiktokAccount.id })
      return row !== undefined
    },
    /** Active accounts whose access token expires before `before` (the refresh sweep). */
    async dueForRefreshInternal(before: Date, limit = 200): Promise<string[]> {
      const rows = await db
        .select({ id: tiktokAccount.id })
        .from(tiktokAccount)
        .where(and(eq(tiktokAccount.status, 'active'), lt(tiktokAccount.accessTokenExpiresAt, before)))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    async insertState(row: typeof tiktokOauthState.$inferInsert) {
      await db.insert(tiktokOauthState).values(row)
    },
    /**
     * Uses a state exactly once: one conditional UPDATE, so two requests racing with the same state cannot both win.
     * Only the session that asked for it, before it expires.
     */
    async consumeState(input: { stateHash: string; userId: string; sessionId: string; now: Date }) {
      const [row] = await db
        .update(tiktokOauthState)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(tiktokOauthState.stateHash, input.stateHash),
            eq(tiktokOauthState.userId, input.userId),
            eq(tiktokOauthState.sessionId, input.sessionId),
            isNull(tiktokOauthState.usedAt),
            gt(tiktokOauthState.expiresAt, input.now),
          ),
        )
        .returning()
      return row
    },
    /**
     * The end of a flow that connected nothing (Deny on TikTok, or a failed callback): the state is spent if it was not
     * yet, and its row says where the flow started. Only the session that asked for it; expired ones too (the place
     * to return to is all it yields).
     */
    async abandonState(input: { stateHash: string; userId: string; sessionId: string; now: Date }) {
      const [row] = await db
        .update(tiktokOauthState)
        .set({ usedAt: sql`coalesce(${tiktokOauthState.usedAt}, ${input.now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(tiktokOauthState.stateHash, input.stateHash),
            eq(tiktokOauthState.userId, input.userId),
            eq(tiktokOauthState.sessionId, input.sessionId),
          ),
        )
        .returning({ returnTo: tiktokOauthState.returnTo, accountId: tiktokOauthState.accountId })
      return row
    },
    async deleteStaleStates(now: Date, usedBefore: Date) {
      await db
        .delete(tiktokOauthState)
        .where(or(lt(tiktokOauthState.expiresAt, now), lt(tiktokOauthState.usedAt, usedBefore)))
    },
  }
}
export type TiktokAccountRepository = ReturnType<typeof createTiktokAccountRepository>
