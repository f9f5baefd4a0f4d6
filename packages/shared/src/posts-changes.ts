import { z } from 'zod'
import { MESSAGES } from './messages'
import { dateSchema, privacyLevelSchema, schedulePostFieldsSchema, timeSchema } from './posts'
import { timeZoneSchema } from './profile'

/**
 * Changing what is scheduled: Edit (PATCH /api/posts/:id) and Duplicate (POST /api/posts/:id/duplicate), the latter
 * to one or several accounts (issue 21, issue 30 item 5, ADR 043).
 */

/** How many accounts one Duplicate may copy a post to at once (the largest plan connects 10). */
export const DUPLICATE_MAX_ACCOUNTS = 20

const idSchema = z.string().min(1, { message: MESSAGES.requiredFields }).max(64)

/**
 * One account a duplicate goes to (issue 30 item 5). The copy takes the original's TikTok settings; those given here
 * replace them for this account alone, for a creator who does not allow the original's (another privacy level,
 * comments off).
 */
export const duplicateTargetSchema = z.object({
  accountId: idSchema,
  privacyLevel: privacyLevelSchema.optional(),
  allowComment: z.boolean().optional(),
  allowDuet: z.boolean().optional(),
  allowStitch: z.boolean().optional(),
})
export type DuplicateTarget = z.input<typeof duplicateTargetSchema>

/**
 * POST /api/posts/:id/duplicate: one new scheduled post per account in `accounts` (default: the post's own account),
 * each with the post's video or photo set, caption and TikTok settings, at this date and time in this zone (issue 21,
 * issue 30 item 5). All or none (ADR 043). Nothing of the original's publishing is copied.
 */
export const duplicatePostBodySchema = z
  .object({
    date: dateSchema,
    time: timeSchema,
    timeZone: timeZoneSchema,
    accounts: z
      .array(duplicateTargetSchema)
      .min(1, { message: MESSAGES.duplicateNoAccount })
      .max(DUPLICATE_MAX_ACCOUNTS, { message: MESSAGES.duplicateTooManyAccounts })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    for (const [index, target] of (v.accounts ?? []).entries()) {
      if (seen.has(target.accountId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', index, 'accountId'],
          message: MESSAGES.duplicateAccountTwice,
        })
      }
      seen.add(target.accountId)
    }
  })
  .meta({ id: 'DuplicatePostBody' })
export type DuplicatePostInput = z.input<typeof duplicatePostBodySchema>

/**
 * PATCH /api/posts/:id: changes a post that has not started to go out (a draft or a scheduled one, manual or
 * automation's): its caption, TikTok settings, account, video (or slideshow) and time. Every field is optional; the
 * time is date + time + zone together. The fields are the Schedule form's
 * own schemas, so an edit is held to exactly the rules scheduling is.
 */
export const editPostBodySchema = z
  .object({
    title: schedulePostFieldsSchema.shape.title.optional(),
    description: schedulePostFieldsSchema.shape.description.unwrap().optional(),
    privacyLevel: privacyLevelSchema.optional(),
    allowComment: z.boolean().optional(),
    allowDuet: z.boolean().optional(),
    allowStitch: z.boolean().optional(),
    /** Commercial content disclosure (TikTok rule 3), whole: on with at least one box, or off. */
    commercial: schedulePostFieldsSchema.shape.commercial.unwrap().optional(),
    /** Another of the person's connected accounts (issue 30 item 5): the creator's rules are checked again for it. */
    accountId: idSchema.optional(),
    /** A video post's replacement video: another of the person's videos. */
    mediaId: idSchema.optional(),
    /** A photo post's replacement: another rendered slideshow, whose latest photo set it then sends. */
    slideshowId: idSchema.optional(),
    date: dateSchema.optional(),
    time: timeSchema.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.date, v.time, v.timeZone].filter((x) => x !== undefined).length
    if (given !== 0 && given !== 3) {
      const path = v.date === undefined ? 'date' : v.time === undefined ? 'time' : 'timeZone'
      ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.chooseDateTimeAndZone })
    }
  })
  .meta({ id: 'EditPostBody' })
export type EditPostInput = z.input<typeof editPostBodySchema>
