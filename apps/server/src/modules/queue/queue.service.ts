import { z } from 'zod'
import {
  instantToZoned,
  MESSAGES,
  nextFreeSlots,
  QUEUE_LIMITS,
  sortSlots,
  type AccountQueue,
  type addToQueueBodySchema,
  type Post,
  type QueueMoveDirection,
  type QueueSlot,
  type TiktokAccount,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Log as BaseLog } from '../../lib/log'
import type { PostsService } from '../posts'
import type { TiktokAccountsService } from '../tiktok'
import type { QueueEntryRow, QueueLine, QueueRepository } from './queue.repository'

type Log = Pick<BaseLog, 'warn' | 'error'>
export type AddToQueueBody = z.output<typeof addToQueueBodySchema>

export interface QueueServiceDeps {
  repo: QueueRepository
  /** Every queued post is made, moved and deleted by the posts service: one path to scheduling and publishing. */
  posts: Pick<PostsService, 'scheduleAt' | 'edit' | 'remove'>
  accounts: Pick<TiktokAccountsService, 'list' | 'get'>
  /** The person's zone (Profile & Accounts), for an account without its own. */
  profileZone: (userId: string) => Promise<string | null>
  clock: () => Date
  log: Log
}

const uuid = z.uuid()
const PLAN_CODES = new Set<string>(['PLAN_LIMIT', 'TRIAL_ENDED'])

/**
 * The queue (issue 21 item 2, ADR 029). Slots are wall-clock times in the account's zone; "Add to queue" schedules
 * the post at the earliest future slot no post of the account holds; moving a post swaps its time with its
 * neighbour's; pausing takes the queue's scheduled posts off the schedule (held here, so nothing of a paused queue can
 * be published) and resuming schedules them again, in their order, at the next free slots.
 *
 * Work on one account's queue runs one at a time in this process, so two adds never pick the same slot here.
 */
export function createQueueService(deps: QueueServiceDeps) {
  const { repo, posts, accounts, profileZone, clock, log } = deps
  const running = new Map<string, Promise<unknown>>()

  /** Runs `work` after the account's earlier queue work (in this process) has finished. */
  function serially<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const before = running.get(accountId) ?? Promise.resolve()
    const next = before.then(work, work)
    const settled = next.catch(() => undefined)
    running.set(accountId, settled)
    void settled.then(() => {
      if (running.get(accountId) === settled) running.delete(accountId)
    })
    return next
  }

  async function account(userId: string, accountId: string): Promise<TiktokAccount> {
    if (!uuid.safeParse(accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    return accounts.get(userId, accountId)
  }

  async function zoneOf(userId: string, acc: TiktokAccount) {
    if (acc.timeZone) return { timeZone: acc.timeZone, timeZoneSource: 'account' as const }
    const profile = await profileZone(userId)
    return profile
      ? { timeZone: profile, timeZoneSource: 'profile' as const }
      : { timeZone: 'UTC', timeZoneSource: 'default' as const }
  }

  async function slotsOf(userId: string, accountId: string): Promise<QueueSlot[]> {
    return (await repo.listSlots(userId, [accountId])).map(({ weekday, time }) => ({ weekday, time }))
  }

  async function freeSlots(userId: string, accountId: string, zone: string, count: number): Promise<Date[]> {
    const slots = await slotsOf(userId, accountId)
    if (slots.length === 0) return []
    const now = clock()
    const taken = await repo.takenInstants(userId, accountId, now)
    return nextFreeSlots({ slots, zone, now, taken, count })
  }

  async function build(userId: string, acc: TiktokAccount): Promise<AccountQueue> {
    const zone = await zoneOf(userId, acc)
    const [slots, lines, paused] = await Promise.all([
      slotsOf(userId, acc.id),
      repo.listLines(userId, [acc.id]),
      repo.isPaused(userId, acc.id),
    ])
    const next = await freeSlots(userId, acc.id, zone.timeZone, QUEUE_LIMITS.upcomingSlots)
    return {
      accountId: acc.id,
      accountName: acc.accountName,
      accountUsername: acc.accountUsername,
      ...zone,
      paused,
      slots: sortSlots(slots),
      entries: lines.map(toEntryDto),
      nextFreeSlots: next.map((d) => d.toISOString()),
    }
  }

  /** Unexpected failures become `message`; domain errors pass through. */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[queue] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  /** Takes one scheduled post off the schedule, keeping it in its entry. False when it is no longer scheduled. */
  async function holdOne(userId: string, entry: { id: string; postId: string }): Promise<boolean> {
    const held = await repo.heldPostFor(userId, entry.postId)
    if (!held) return false
    await repo.hold(userId, entry.id, held)
    try {
      await posts.remove(userId, entry.postId)
      return true
    } catch (err) {
      // Being published right now (it goes out: it was due), or deleted meanwhile (it leaves the queue).
      if (err instanceof AppError && err.code === 'CONFLICT') await repo.attach(userId, entry.id, entry.postId)
      else if (err instanceof AppError && err.code === 'NOT_FOUND') await repo.deleteEntry(userId, entry.id)
      else throw err
      return false
    }
  }

  /** Schedules a held entry's post at `at`, through the posts service, and points the entry at it. */
  async function scheduleHeld(userId: string, acc: TiktokAccount, zone: string, entry: QueueEntryRow, at: Date) {
    // A held photo post goes out with the photo set it was scheduled with (issue 29), a draft again as a draft.
    const source =
      entry.format === 'photo'
        ? { format: 'photo' as const, photoSetId: entry.photoSetId ?? '', autoAddMusic: entry.autoAddMusic ?? true }
        : { mediaId: entry.mediaId ?? '' }
    const inbox = entry.postMode === 'inbox'
    const post = await posts.scheduleAt(userId, {
      accountId: acc.id,
      ...source,
      postMode: entry.postMode ?? 'direct',
      title: entry.title ?? '',
      description: entry.description ?? '',
      ...(inbox ? {} : { privacyLevel: entry.privacyLevel ?? 'SELF_ONLY' }),
      allowComment: entry.allowComment ?? false,
      allowDuet: entry.allowDuet ?? false,
      allowStitch: entry.allowStitch ?? false,
      commercial: {
        enabled: Boolean(entry.brandContent) || Boolean(entry.brandOrganic),
        yourBrand: entry.brandOrganic ?? false,
        brandedContent: entry.brandContent ?? false,
      },
      timeZone: zone,
      scheduledAt: at,
    })
    await repo.attach(userId, entry.id, post.id)
    return post
  }

  return {
    /** GET /api/queue: every account's queue (slots, posts in order, pause, next free slots). */
    async list(userId: string): Promise<AccountQueue[]> {
      return orFail(MESSAGES.unexpected, async () => {
        const all = await accounts.list(userId)
        return Promise.all(all.map((acc) => build(userId, acc)))
      })
    },

    /** PUT /api/queue/:accountId/slots: the account's slots, all at once (the body is already checked). */
    async setSlots(userId: string, accountId: string, slots: QueueSlot[]): Promise<AccountQueue> {
      const acc = await account(userId, accountId)
      await serially(accountId, () =>
        orFail(MESSAGES.unexpected, () => repo.transaction(({ repo: tx }) => tx.replaceSlots(userId, acc.id, slots))),
      )
      return build(userId, acc)
    },

    /** POST /api/queue/:accountId/posts: schedules the post at the account's next free slot. */
    async add(userId: string, accountId: string, body: AddToQueueBody): Promise<{ post: Post; queue: AccountQueue }> {
      const acc = await account(userId, accountId)
      const post = await serially(accountId, async () => {
        if (await repo.isPaused(userId, acc.id)) throw new AppError('CONFLICT', MESSAGES.queuePaused)
        const { timeZone } = await zoneOf(userId, acc)
        if ((await slotsOf(userId, acc.id)).length === 0) throw new AppError('CONFLICT', MESSAGES.queueNoSlots)
        const [at] = await freeSlots(userId, acc.id, timeZone, 1)
        if (!at) throw new AppError('CONFLICT', MESSAGES.queueNoFreeSlot)
        const created = await posts.scheduleAt(userId, { ...body, accountId: acc.id, timeZone, scheduledAt: at })
        try {
          await repo.insertEntry(userId, acc.id, created.id)
        } catch (err) {
          // Nothing half-made: a post the queue does not know of is not left behind.
          await posts.remove(userId, created.id).catch(() => undefined)
          log.error('[queue] recording a queued post failed', err)
          throw new AppError('INTERNAL', MESSAGES.scheduleFailed)
        }
        return created
      })
      return { post, queue: await build(userId, acc) }
    },

    /**
     * POST /api/queue/:accountId/entries/:entryId/move: swaps the post's time with the one before or after it (the
     * posts keep their videos and captions; their slots change hands). While paused, the held order swaps.
     */
    async move(userId: string, accountId: string, entryId: string, direction: QueueMoveDirection) {
      const acc = await account(userId, accountId)
      if (!uuid.safeParse(entryId).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await serially(accountId, async () => {
        const lines = await repo.listLines(userId, [acc.id])
        const index = lines.findIndex((l) => l.id === entryId)
        if (index < 0) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        const line = lines[index] as QueueLine
        const other = lines[direction === 'up' ? index - 1 : index + 1]
        if (!other || other.held !== line.held) throw new AppError('CONFLICT', MESSAGES.queueMoveNotPossible)
        if (line.held) {
          await repo.transaction(async ({ repo: tx }) => {
            await tx.setHeldOrder(userId, line.id, other.order)
            await tx.setHeldOrder(userId, other.id, line.order)
          })
          return
        }
        await swapTimes(userId, line, other)
      })
      return build(userId, acc)
    },

    /** POST /api/queue/:accountId/pause: nothing of this queue is posted until it is resumed. */
    async pause(userId: string, accountId: string): Promise<AccountQueue> {
      const acc = await account(userId, accountId)
      await serially(accountId, () =>
        orFail(MESSAGES.queuePauseFailed, async () => {
          await repo.setPaused(userId, acc.id, true, clock())
          for (const line of await repo.listLines(userId, [acc.id])) {
            if (!line.held && line.postId) await holdOne(userId, { id: line.id, postId: line.postId })
          }
        }),
      )
      return build(userId, acc)
    },

    /**
     * POST /api/queue/:accountId/resume: the held posts are scheduled again, in their order, at the next free slots.
     * All or nothing: when one cannot be (no slots, the account must be reconnected, …) those already scheduled are
     * held again and the queue stays paused, saying why.
     */
    async resume(userId: string, accountId: string): Promise<AccountQueue> {
      const acc = await account(userId, accountId)
      await serially(accountId, async () => {
        const { timeZone } = await zoneOf(userId, acc)
        const held = (await repo.listLines(userId, [acc.id])).filter((l) => l.held)
        const done: { entryId: string; postId: string }[] = []
        try {
          if (held.length > 0 && (await slotsOf(userId, acc.id)).length === 0) {
            throw new AppError('CONFLICT', MESSAGES.queueNoSlots)
          }
          for (const line of held) {
            const entry = await repo.findEntry(userId, line.id)
            if (!entry?.held) continue
            const [at] = await freeSlots(userId, acc.id, timeZone, 1)
            if (!at) throw new AppError('CONFLICT', MESSAGES.queueNoFreeSlot)
            const post = await scheduleHeld(userId, acc, timeZone, entry, at)
            done.push({ entryId: entry.id, postId: post.id })
          }
          await repo.setPaused(userId, acc.id, false, clock())
        } catch (err) {
          for (const d of done.reverse()) {
            await holdOne(userId, { id: d.entryId, postId: d.postId }).catch((e: unknown) =>
              log.error('[queue] holding a post again after a failed resume failed', e),
            )
          }
          if (!(err instanceof AppError)) log.error('[queue] resume failed', err)
          const why = err instanceof AppError ? err.message : MESSAGES.unexpected
          // A plan's refusal keeps its code, so the web offers "Choose a plan" (ADR 036: resuming re-creates posts).
          const code = err instanceof AppError && PLAN_CODES.has(err.code) ? err.code : 'CONFLICT'
          throw new AppError(code, `${MESSAGES.queueResumeFailed} ${why}`)
        }
      })
      return build(userId, acc)
    },
  }

  /** Swaps two scheduled posts' times through the posts service; the first is put back if the second cannot move. */
  async function swapTimes(userId: string, a: QueueLine, b: QueueLine) {
    if (!a.postId || !b.postId || !a.scheduledAt || !b.scheduledAt || !a.timeZone || !b.timeZone) {
      throw new AppError('CONFLICT', MESSAGES.queueMoveNotPossible)
    }
    const wall = (at: Date, zone: string) => ({ ...instantToZoned(at, zone), timeZone: zone })
    await posts.edit(userId, a.postId, wall(b.scheduledAt, a.timeZone))
    try {
      await posts.edit(userId, b.postId, wall(a.scheduledAt, b.timeZone))
    } catch (err) {
      await posts.edit(userId, a.postId, wall(a.scheduledAt, a.timeZone)).catch((e: unknown) => {
        log.error('[queue] putting a post back after a failed swap failed', e)
      })
      throw err
    }
  }
}

function toEntryDto(line: QueueLine) {
  return {
    id: line.id,
    postId: line.postId,
    title: line.title,
    scheduledAt: line.scheduledAt ? line.scheduledAt.toISOString() : null,
    held: line.held,
  }
}

export type QueueService = ReturnType<typeof createQueueService>
