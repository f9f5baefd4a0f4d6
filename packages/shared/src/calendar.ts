import { z } from 'zod'
import { MESSAGES } from './messages'
import { calendarPostSchema, dateSchema, postStateSchema } from './posts'
import { timeZoneSchema } from './profile'

/**
 * `GET /api/posts/calendar`: a month or a week as a person sees it (issue 31, ADR 053) — per day, how many posts in
 * each state and the first few posts (what a cell shows); `GET /api/posts?from&to` with the day's bounds brings the
 * rest of a day ("+N more") on demand.
 */

/** How many posts of a day the calendar answer carries, in time order: what a month cell shows before "+N more". */
export const CALENDAR_DAY_FIRST_POSTS = 3

export const calendarDaysQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }),
  to: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }),
  /** The zone whose calendar days the posts are counted in (the display zone). */
  zone: timeZoneSchema,
  /** Only this account's posts (the calendar's account filter); every account without it. */
  accountId: z.string().min(1).max(64).optional(),
})
export type CalendarDaysQuery = z.infer<typeof calendarDaysQuerySchema>

export const calendarDaySchema = z
  .object({
    /** The day in the asked zone, YYYY-MM-DD. */
    date: dateSchema,
    /** Every post of the day (of the account, when filtered). */
    total: z.number().int().min(1),
    /** How many posts of the day are in each state; states with none are left out. */
    counts: z.partialRecord(postStateSchema, z.number().int().min(1)),
    /** The day's first posts by time (ties by id), at most CALENDAR_DAY_FIRST_POSTS. */
    posts: z.array(calendarPostSchema),
  })
  .meta({ id: 'CalendarDay' })
export type CalendarDay = z.infer<typeof calendarDaySchema>

/** Only the days that have posts, in date order. */
export const calendarDaysSchema = z.object({ days: z.array(calendarDaySchema) }).meta({ id: 'CalendarDays' })
export type CalendarDays = z.infer<typeof calendarDaysSchema>
