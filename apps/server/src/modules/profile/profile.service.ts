import { TRIAL_DAYS, type Profile } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { ProfileRepository } from './profile.repository'

export function createProfileService(deps: {
  repo: ProfileRepository
  clock: () => Date
  /** The plan and trial as modules/plans holds them (ADR 036); without it, the columns set at sign-up. */
  plan?: (userId: string) => Promise<{ plan: Profile['plan']; trialEndsAt: string } | null>
}) {
  return {
    /** Every new user starts the 14-day trial (product.md §1). */
    async createForNewUser(userId: string) {
      const trialEndsAt = new Date(deps.clock().getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000)
      await deps.repo.create(userId, trialEndsAt)
    },
    async get(userId: string): Promise<Profile> {
      const row = await deps.repo.findByUserId(userId)
      if (!row) throw new AppError('NOT_FOUND', 'Profile not found')
      const held = deps.plan ? await deps.plan(userId) : null
      return {
        email: row.email,
        emailVerified: row.emailVerified,
        timeZone: row.timeZone ?? null,
        plan: held?.plan ?? row.plan ?? 'trial',
        trialEndsAt: held ? held.trialEndsAt : row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
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
