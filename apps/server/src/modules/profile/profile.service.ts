import { TRIAL_DAYS, type Profile } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { ProfileRepository } from './profile.repository'

export function createProfileService(deps: { repo: ProfileRepository; clock: () => Date }) {
  return {
    /** Every new user starts the 14-day trial (spec §1). */
    async createForNewUser(userId: string) {
      const trialEndsAt = new Date(deps.clock().getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000)
      await deps.repo.create(userId, trialEndsAt)
    },
    async get(userId: string): Promise<Profile> {
      const row = await deps.repo.findByUserId(userId)
      if (!row) throw new AppError('NOT_FOUND', 'Profile not found')
      return {
        email: row.email,
        emailVerified: row.emailVerified,
        timeZone: row.timeZone ?? null,
        plan: row.plan ?? 'trial',
        trialEndsAt: row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      }
    },
    async setTimeZone(userId: string, timeZone: string): Promise<Profile> {
      await deps.repo.setTimeZone(userId, timeZone, deps.clock())
      return this.get(userId)
    },
  }
}
export type ProfileService = ReturnType<typeof createProfileService>
