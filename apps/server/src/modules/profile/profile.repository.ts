import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { profile, user } from '../../db/schema'

export function createProfileRepository(db: Database) {
  return {
    async create(userId: string, trialEndsAt: Date) {
      await db.insert(profile).values({ userId, trialEndsAt }).onConflictDoNothing()
    },
    async findByUserId(userId: string) {
      const [row] = await db
        .select({
          email: user.email,
          emailVerified: user.emailVerified,
          timeZone: profile.timeZone,
          plan: profile.plan,
          trialEndsAt: profile.trialEndsAt,
          createdAt: user.createdAt,
        })
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .where(eq(user.id, userId))
      return row
    },
    async setTimeZone(userId: string, timeZone: string, at: Date) {
      await db
        .insert(profile)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: profile.userId, set: { timeZone, updatedAt: at } })
    },
  }
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>
