import { z } from 'zod'
import { requirePostSource, schedulePostFieldsSchema, postSchema } from './posts'
import { addDays, todayInZone, zonedToInstant } from './time'

/**
 * The queue (issue 21 item 2, ADR 029): per account, posting slots (a weekday and a wall-clock time in the account's
 * zone). "Add to queue" schedules a post at the account's next free slot; the queue's posts can be reordered (their slot
 * times swap) and the queue paused (its posts are held off the schedule and take the next free slots on resume).
 */

export const QUEUE_LIMITS = {
  /** Slots per account: seven a day, every day, is 49. */
  slotsPerAccount: 50,
  /** How far ahead a free slot is looked for (the posts' own horizon is 365 days). */
  searchDays: 366,
  /** Free slots shown ahead in the queue's settings. */
  upcomingSlots: 3,
} as const

/** Sunday first, as `Date.getUTCDay()` counts (0–6). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

export const queueSlotSchema = z
  .object({
    weekday: z.number().int().min(0, { message: 'Please choose a day' }).max(6, { message: 'Please choose a day' }),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Please choose a time' }),
  })
  .meta({ id: 'QueueSlot' })
export type QueueSlot = z.infer<typeof queueSlotSchema>

function slotKey(slot: QueueSlot): string {
  return `${slot.weekday} ${slot.time}`
}

/** PUT /api/queue/:accountId/slots: the account's whole set of slots (at most 50, no slot twice). */
export const queueSlotsBodySchema = z
  .object({
    slots: z
      .array(queueSlotSchema)
      .max(QUEUE_LIMITS.slotsPerAccount, {
        message: `An account can have at most ${QUEUE_LIMITS.slotsPerAccount} posting slots.`,
      })
      .superRefine((slots, ctx) => {
        const seen = new Set<string>()
        slots.forEach((slot, index) => {
          const key = slotKey(slot)
          if (seen.has(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [index],
              message: `${WEEKDAY_NAMES[slot.weekday] ?? 'That day'} at ${slot.time} is already a slot.`,
            })
          }
          seen.add(key)
        })
      }),
  })
  .meta({ id: 'QueueSlotsBody' })
export type QueueSlotsBody = z.infer<typeof queueSlotsBodySchema>

/** POST /api/queue/:accountId/posts: what the Schedule form says, without a date or time (the queue chooses). */
export const addToQueueBodySchema = schedulePostFieldsSchema
  .omit({ accountId: true, date: true, time: true, timeZone: true })
  .superRefine(requirePostSource)
  .meta({ id: 'AddToQueueBody' })
export type AddToQueueInput = z.input<typeof addToQueueBodySchema>

export const queueMoveBodySchema = z.object({ direction: z.enum(['up', 'down']) }).meta({ id: 'QueueMoveBody' })
export type QueueMoveDirection = z.infer<typeof queueMoveBodySchema>['direction']

/** One post in an account's queue: scheduled at a slot, or held while the queue is paused (no time until resumed). */
export const queueEntrySchema = z
  .object({
    id: z.string(),
    /** The scheduled post; null while held. */
    postId: z.string().nullable(),
    title: z.string(),
    /** When it goes out; null while held (it gets the next free slot on resume). */
    scheduledAt: z.iso.datetime().nullable(),
    held: z.boolean(),
  })
  .meta({ id: 'QueueEntry' })
export type QueueEntry = z.infer<typeof queueEntrySchema>

export const accountQueueSchema = z
  .object({
    accountId: z.string(),
    accountName: z.string(),
    accountUsername: z.string(),
    /** The zone slots are in: the account's, else the person's (Profile & Accounts), else UTC. */
    timeZone: z.string(),
    timeZoneSource: z.enum(['account', 'profile', 'default']),
    paused: z.boolean(),
    /** By weekday, then time. */
    slots: z.array(queueSlotSchema),
    /** In queue order: soonest first (held posts in the order they had). */
    entries: z.array(queueEntrySchema),
    /** The next free slots (ISO instants), soonest first; empty without slots. */
    nextFreeSlots: z.array(z.iso.datetime()),
  })
  .meta({ id: 'AccountQueue' })
export type AccountQueue = z.infer<typeof accountQueueSchema>

export const queueListSchema = z.object({ queues: z.array(accountQueueSchema) }).meta({ id: 'QueueList' })
export const accountQueueResponseSchema = z.object({ queue: accountQueueSchema }).meta({ id: 'AccountQueueResponse' })
export const addToQueueResponseSchema = z
  .object({ post: postSchema, queue: accountQueueSchema })
  .meta({ id: 'AddedToQueue' })

/** Slots in display order: by weekday (Sunday first), then time. */
export function sortSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))
}

/** The weekday (0 = Sunday) of a calendar date 'YYYY-MM-DD'. */
export function dayIndexOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/**
 * The next `count` free slot instants after `now`, soonest first: each slot's wall time on each coming date in `zone`
 * (DST-correct through `zonedToInstant`), skipping instants in `taken` (ms since the epoch of posts already there).
 * A slot inside a spring-forward gap does not happen that day (02:30 when clocks jump from 02:00 to 03:00); a slot in an
 * autumn overlap happens once, at the first of the two 01:30s. Looks `searchDays` ahead at most.
 */
export function nextFreeSlots(args: {
  slots: readonly QueueSlot[]
  zone: string
  now: Date
  taken: ReadonlySet<number>
  count: number
  searchDays?: number
}): Date[] {
  const { slots, zone, now, taken, count } = args
  const found: Date[] = []
  if (slots.length === 0 || count <= 0) return found
  const byDay = new Map<number, string[]>()
  for (const slot of sortSlots(slots)) byDay.set(slot.weekday, [...(byDay.get(slot.weekday) ?? []), slot.time])
  const today = todayInZone(now, zone)
  const days = args.searchDays ?? QUEUE_LIMITS.searchDays
  for (let offset = 0; offset <= days && found.length < count; offset++) {
    const date = addDays(today, offset)
    for (const time of byDay.get(dayIndexOf(date)) ?? []) {
      const resolved = zonedToInstant(date, time, zone)
      if (!resolved.ok) continue
      const at = resolved.instant
      if (at.getTime() <= now.getTime() || taken.has(at.getTime())) continue
      found.push(at)
      if (found.length === count) break
    }
  }
  return found
}
