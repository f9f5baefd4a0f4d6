import { z } from 'zod'
import { MESSAGES } from './messages'

/**
 * Batch scheduling (issue 21 item 3): many posts in one request, created all together or not at all. Each row is a
 * Schedule New Video form (`schedulePostBodySchema`), held to exactly its rules and messages by the server, row by row.
 */

/** The most rows one batch may hold: 100 posts is more than three a day for a month, and one bounded transaction. */
export const BATCH_MAX_ROWS = 100

/**
 * One row as it travels: the form's fields with generous bounds only, so a row that breaks a rule (an empty title, a
 * date in the past, a privacy level not chosen) reaches the server's per-row check and is answered next to its row
 * with the form's own message, together with every other row's, rather than as one request-wide 400.
 */
export const batchPostRowSchema = z
  .object({
    accountId: z.string().max(64),
    mediaId: z.string().max(64),
    title: z.string().max(1_000),
    description: z.string().max(10_000).optional(),
    privacyLevel: z.string().max(32),
    allowComment: z.boolean(),
    allowDuet: z.boolean(),
    allowStitch: z.boolean(),
    date: z.string().max(32),
    time: z.string().max(32),
    timeZone: z.string().max(64),
  })
  .meta({ id: 'BatchPostRow' })
export type BatchPostRow = z.input<typeof batchPostRowSchema>

export const batchScheduleBodySchema = z
  .object({
    rows: z
      .array(batchPostRowSchema)
      .min(1, { message: MESSAGES.batchEmpty })
      .max(BATCH_MAX_ROWS, { message: MESSAGES.batchTooManyRows }),
  })
  .meta({ id: 'BatchScheduleBody' })
export type BatchScheduleInput = z.input<typeof batchScheduleBodySchema>

/**
 * A refused batch answers 400 with `details` whose paths are `rows.<index>.<field>` (the row's position in the request,
 * from 0, and the form field the message is about). This reads one back: null for a path that is not a row's.
 */
export function batchRowIssue(path: string): { index: number; field: string } | null {
  const match = /^(?:body\.)?rows\.(\d+)(?:\.(\w+))?/.exec(path)
  if (!match) return null
  return { index: Number(match[1]), field: match[2] ?? 'row' }
}
