import { and, eq, like, ne, sql } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from '../../db/client'
import { account, session, user, verification } from '../../db/schema'

/** better-auth's storage: its four tables, through our Drizzle database. */
export function authDatabaseAdapter(db: Database) {
  return drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } })
}

/** better-auth names a reset token's row `reset-password:<token>` and stores the user id as its value. */
const RESET_PREFIX = 'reset-password:'

/** What our auth flows read and write beside better-auth's own calls. */
export function createAuthRepository(db: Database) {
  return {
    /**
     * Deletes the user's password-reset tokens, all of them or all but `keepToken`: one outstanding link at a time,
     * and none once the password or the address changed (issue 18 item 4).
     */
    async deleteResetTokens(userId: string, keepToken?: string): Promise<void> {
      const conditions = [eq(verification.value, userId), like(verification.identifier, `${RESET_PREFIX}%`)]
      if (keepToken !== undefined) conditions.push(ne(verification.identifier, `${RESET_PREFIX}${keepToken}`))
      await db.delete(verification).where(and(...conditions))
    },
    /**
     * Whether a password-reset token is one better-auth would accept now (its row exists and has not expired), without
     * using it: the reset page checks the link before asking for a new password.
     */
    async resetTokenUsable(token: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ expiresAt: verification.expiresAt })
        .from(verification)
        .where(eq(verification.identifier, `${RESET_PREFIX}${token}`))
      return row !== undefined && row.expiresAt.getTime() > now.getTime()
    },
    async findUserIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      return row?.id
    },
    async findUser(userId: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId))
      return row
    },
    async markEmailVerified(userId: string, at: Date): Promise<void> {
      await db.update(user).set({ emailVerified: true, updatedAt: at }).where(eq(user.id, userId))
    },
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
