import { z } from 'zod'
import { MESSAGES } from './messages'
import { isValidTimeZone } from './time'

export const timeZoneSchema = z.string().min(1).max(64).refine(isValidTimeZone, { message: MESSAGES.timeZoneInvalid })

export const profileSchema = z
  .object({
    email: z.string(),
    /** True once the person opened the link mailed to this address (sign-up, or a change of address). */
    emailVerified: z.boolean(),
    /** IANA zone; null until the user (or the browser on first visit) chooses one. */
    timeZone: z.string().nullable(),
    plan: z.enum(['trial', 'basic', 'pro', 'business']),
    trialEndsAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Profile' })
export type Profile = z.infer<typeof profileSchema>

export const updateProfileBodySchema = z.object({ timeZone: timeZoneSchema }).meta({ id: 'UpdateProfileBody' })
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>
