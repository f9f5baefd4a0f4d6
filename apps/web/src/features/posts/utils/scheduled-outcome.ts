import { z } from 'zod'
import { postFormatSchema, postModeSchema, postSchema, privacyLevelSchema, type Post } from '@hookpost/shared/posts'
import { addDays, instantToZoned } from '@hookpost/shared/time'
import { dateTimeWithZone } from '../../../lib/format'
import type { ScheduleFormValues } from './schedule-form'

/**
 * What "Schedule another" starts the next post from (ADR 042): the same account, format, mode, zone, privacy and
 * interactions; the next day at the same wall time in the post's zone. The video, title, description and the
 * commercial disclosure (they describe this post's content, not the creator's habits) start empty.
 */
export const nextPostPresetSchema = z.object({
  accountId: z.string(),
  /** The zone the person chose in the form; null when it was the account's (or their own) default. */
  zoneChoice: z.string().nullable(),
  format: postFormatSchema,
  postMode: postModeSchema,
  privacyLevel: z.union([privacyLevelSchema, z.literal('')]),
  allowComment: z.boolean(),
  allowDuet: z.boolean(),
  allowStitch: z.boolean(),
  date: z.string(),
  time: z.string(),
})
export type NextPostPreset = z.infer<typeof nextPostPresetSchema>

/**
 * A post the schedule form just made, and how: at a chosen moment or at the queue's next free slot. The form's dialog
 * closes with it, and the Schedule tab shows it (ADR 042). It may travel in the router's location state from another
 * tab, so it is a zod schema, parsed when read.
 */
export const scheduledOutcomeSchema = z.object({
  post: postSchema,
  how: z.enum(['scheduled', 'queued']),
  next: nextPostPresetSchema,
})
export type ScheduledOutcome = z.infer<typeof scheduledOutcomeSchema>

/** The next day at the post's wall time, in the post's own zone (a clock change between keeps 14:00 at 14:00). */
export function nextPostPreset(
  post: Post,
  values: Pick<ScheduleFormValues, 'format' | 'postMode' | 'allowComment' | 'allowDuet' | 'allowStitch'> & {
    privacyLevel: ScheduleFormValues['privacyLevel']
  },
  zoneChoice: string | null,
): NextPostPreset {
  const { date, time } = instantToZoned(new Date(post.scheduledAt), post.timeZone)
  return {
    accountId: post.accountId,
    zoneChoice,
    format: values.format,
    postMode: values.postMode,
    privacyLevel: values.privacyLevel,
    allowComment: values.allowComment,
    allowDuet: values.allowDuet,
    allowStitch: values.allowStitch,
    date: addDays(date, 1),
    time,
  }
}

/**
 * The sentence that says where the post went, in the zone it was chosen in: 'Scheduled for Tue, Dec 3, 2026, 2:00 PM
 * (Europe/Berlin).', or for the queue its slot as the queue lists slots: 'Added to the queue for Monday 2026-12-07
 * 09:00 (UTC).'.
 */
export function outcomeSentence({ post, how }: Pick<ScheduledOutcome, 'post' | 'how'>): string {
  return how === 'queued'
    ? `Added to the queue for ${dateTimeWithZone(post.scheduledAt, post.timeZone)}.`
    : `Scheduled for ${dateTimeWithZone(post.scheduledAt, post.timeZone)}.`
}

/** The outcome another tab sent in the location's state, if it is one. */
export function outcomeFromLocationState(state: unknown): ScheduledOutcome | null {
  const found = z.object({ scheduled: scheduledOutcomeSchema }).safeParse(state)
  return found.success ? found.data.scheduled : null
}
