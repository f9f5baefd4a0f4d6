import { z } from 'zod'
import { MESSAGES, type Post, type schedulePostBodySchema, type reschedulePostBodySchema } from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { JobScheduler } from '../../lib/job-queue'
import type { TiktokAccountsService } from '../tiktok'
import { toPostDto } from './post-dto'
import {
  checkAgainstCreator,
  checkPostChoices,
  postSettings,
  resolveScheduleTime,
  type PostChoices,
  type PostIssue,
} from './post-rules'
import type { PostRow, PostsRepository } from './posts.repository'
import type { PublishingService } from './publishing.service'
import type { Log as BaseLog } from '../../lib/log'

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface PostsServiceDeps {
  repo: PostsRepository
  queue: JobScheduler
  accounts: Pick<TiktokAccountsService, 'creatorInfo'>
  publishing: Pick<PublishingService, 'refresh'>
  events: EventBus
  clock: () => Date
  log: Log
}

export type SchedulePostBody = z.output<typeof schedulePostBodySchema>
export type ReschedulePostBody = z.output<typeof reschedulePostBodySchema>

/** A post to create at an exact instant (the API resolves the form's date and time; automation has its own). */
export interface NewPost extends PostChoices {
  accountId: string
  mediaId: string
  timeZone: string
  scheduledAt: Date
  source?: 'manual' | 'automation'
  /** The automation's planned post this is: unique, so one planned post is never scheduled twice. */
  automationSlotId?: string
}

/** `GET /api/posts` without from/to: the calendar's neighbourhood of today. */
export const DEFAULT_LIST_WINDOW = { beforeMs: 31 * 86_400_000, afterMs: 366 * 86_400_000 }
const MAX_LIST_SPAN_MS = 2 * 366 * 86_400_000
const LIST_LIMIT = 2_000
const REFRESH_LIMIT = 50

const uuid = z.uuid()

function invalid(issue: PostIssue): AppError {
  return new AppError('VALIDATION_FAILED', issue.message, [issue])
}

/**
 * The posts API (the spec's Schedule tab): schedule, list, move, delete, refresh. Every query is scoped by the
 * signed-in user; another user's post is "not found". A post's row and its `post.publish` job change in one
 * transaction, so a post is never scheduled without a job, nor deleted with one left behind.
 */
export function createPostsService(deps: PostsServiceDeps) {
  const { repo, queue, accounts, publishing, events, clock, log } = deps

  async function view(userId: string, id: string): Promise<Post> {
    const found = await repo.findViewForUser(userId, id)
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    return toPostDto(found)
  }

  function announce(userId: string, post: Post) {
    events.publish(userId, { type: 'post.updated', post })
  }

  /** Unexpected failures become the spec's message for the action; domain errors pass through. */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[posts] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  async function create(userId: string, input: NewPost): Promise<Post> {
    const choiceIssue = checkPostChoices(input)
    if (choiceIssue) throw invalid(choiceIssue)
    if (input.scheduledAt.getTime() <= clock().getTime()) throw invalid({ path: 'time', message: MESSAGES.dateInPast })
    if (!uuid.safeParse(input.mediaId).success) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    const media = await repo.findMediaForUser(userId, input.mediaId)
    if (!media) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    if (!uuid.safeParse(input.accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    // Fresh from TikTok (UX rule 1); 404 for another user's account, 409 when it must be reconnected first.
    const creator = await accounts.creatorInfo(userId, input.accountId)
    const creatorIssue = checkAgainstCreator(input, media.durationMs, creator)
    if (creatorIssue) throw invalid(creatorIssue)

    const row = await repo.transaction(async ({ repo: tx, jobs }) => {
      const inserted = await tx.insert({
        userId,
        accountId: input.accountId,
        mediaId: media.id,
        title: input.title,
        description: input.description,
        privacyLevel: input.privacyLevel,
        ...postSettings(input),
        isAigc: false,
        scheduledAt: input.scheduledAt,
        timeZone: input.timeZone,
        source: input.source ?? 'manual',
        automationSlotId: input.automationSlotId ?? null,
      })
      await queue.send(
        'post.publish',
        { postId: inserted.id },
        { startAfter: input.scheduledAt, singletonKey: inserted.id, tx: jobs },
      )
      return inserted
    })
    const post = await view(userId, row.id)
    announce(userId, post)
    return post
  }

  return {
    /** POST /api/posts: the Schedule New Video form. */
    schedule(userId: string, body: SchedulePostBody): Promise<Post> {
      const time = resolveScheduleTime(body, clock())
      if (!time.ok) throw invalid(time.issue)
      return orFail(MESSAGES.scheduleFailed, () => create(userId, { ...body, scheduledAt: time.scheduledAt }))
    },

    /** Schedules at an exact instant, with every rule but the form's date/time (automation; tests). */
    scheduleAt(userId: string, input: NewPost): Promise<Post> {
      return orFail(MESSAGES.scheduleFailed, () => create(userId, input))
    },

    /** GET /api/posts: the user's posts whose time falls in [from, to), by time. */
    list(userId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<Post[]> {
      const now = clock().getTime()
      const from = range.from ? new Date(range.from) : new Date(now - DEFAULT_LIST_WINDOW.beforeMs)
      const to = range.to ? new Date(range.to) : new Date(now + DEFAULT_LIST_WINDOW.afterMs)
      if (!(from < to) || to.getTime() - from.getTime() > MAX_LIST_SPAN_MS) {
        throw new AppError('BAD_REQUEST', MESSAGES.dateRangeInvalid)
      }
      return orFail(MESSAGES.fetchPostsFailed, async () =>
        (await repo.listViewsForUser(userId, from, to, LIST_LIMIT)).map(toPostDto),
      )
    },

    get(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      return view(userId, id)
    },

    /**
     * PATCH /api/posts/:id: a new date/time (drag on the calendar). Only while `scheduled`; the row and its job move
     * together, and the publisher re-checks the time when a job fires, so the old time can never publish.
     */
    async reschedule(userId: string, id: string, body: ReschedulePostBody): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      const time = resolveScheduleTime(body, clock())
      if (!time.ok) throw invalid(time.issue)
      const { scheduledAt } = time
      await repo.transaction(async ({ repo: tx, jobs }) => {
        const moved = await tx.rescheduleForUser(userId, id, { scheduledAt, timeZone: body.timeZone }, clock())
        if (!moved) {
          if (await tx.existsForUser(userId, id)) throw new AppError('CONFLICT', MESSAGES.onlyScheduledCanMove)
          throw new AppError('NOT_FOUND', MESSAGES.notFound)
        }
        await queue.reschedule('post.publish', { postId: id }, { singletonKey: id, startAfter: scheduledAt, tx: jobs })
      })
      const post = await view(userId, id)
      announce(userId, post)
      return post
    },

    /** DELETE /api/posts/:id: not while the publisher is sending it; its queued jobs are cancelled with the row. */
    async remove(userId: string, id: string): Promise<void> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await orFail(MESSAGES.videoDeleteFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const deleted: PostRow | undefined = await tx.deleteForUser(userId, id)
          if (!deleted) {
            if (await tx.existsForUser(userId, id)) throw new AppError('CONFLICT', MESSAGES.postInFlight)
            throw new AppError('NOT_FOUND', MESSAGES.notFound)
          }
          await queue.cancelQueued('post.publish', id, { tx: jobs })
          await queue.cancelQueued('post.poll', id, { tx: jobs })
        }),
      )
      events.publish(userId, { type: 'post.deleted', postId: id })
    },

    /**
     * POST /api/posts/:id/retry: a failed post goes out again now, with a new video/init. A post ends `failed` only
     * when TikTok cannot publish what it had of it (ADR 019), so this never posts twice; an unconfirmed post is not
     * retried (TikTok may have it: the person checks and deletes it instead).
     */
    async retry(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await orFail(MESSAGES.scheduleFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const retried = await tx.retryForUser(userId, id, clock())
          if (!retried) {
            if (await tx.existsForUser(userId, id)) throw new AppError('CONFLICT', MESSAGES.onlyFailedPostCanRetry)
            throw new AppError('NOT_FOUND', MESSAGES.notFound)
          }
          await queue.reschedule('post.publish', { postId: id }, { singletonKey: id, startAfter: clock(), tx: jobs })
        }),
      )
      const post = await view(userId, id)
      announce(userId, post)
      return post
    },

    /**
     * POST /api/posts/refresh-status: asks TikTok now about every post it is still processing or that ended
     * unconfirmed; returns those posts as they are afterwards.
     */
    refreshStatuses(userId: string): Promise<Post[]> {
      return orFail(MESSAGES.statusesRefreshFailed, async () => {
        const rows = await repo.listRefreshableForUser(userId, REFRESH_LIMIT)
        let failures = 0
        for (const row of rows) if (!(await publishing.refresh(row))) failures++
        if (rows.length > 0 && failures === rows.length) {
          throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.statusesRefreshFailed)
        }
        const posts: Post[] = []
        for (const row of rows) {
          const found = await repo.findViewForUser(userId, row.id)
          if (found) posts.push(toPostDto(found))
        }
        return posts
      })
    },
  }
}

export type PostsService = ReturnType<typeof createPostsService>
