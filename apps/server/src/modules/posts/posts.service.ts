import { z } from 'zod'
import {
  BATCH_MAX_ROWS,
  CALENDAR_RANGE_MAX_DAYS,
  isEditablePost,
  MESSAGES,
  schedulePostBodySchema,
  type BatchPostRow,
  type CalendarPost,
  type CreatorInfo,
  type duplicatePostBodySchema,
  type editPostBodySchema,
  type Post,
} from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { JobScheduler } from '../../lib/job-queue'
import type { TiktokAccountsService } from '../tiktok'
import { toCalendarPostDto, toPostDto } from './post-dto'
import { decodePostsCursor, encodePostsCursor, type PostsSegment } from './posts-cursor'
import {
  checkAgainstCreator,
  checkPostChoices,
  checkScheduledInstant,
  postSettings,
  resolveScheduleTime,
  type PostChoices,
  type PostIssue,
} from './post-rules'
import type { CalendarPostRow, MediaRow, PostEdit, PostRow, PostsRepository, PostView } from './posts.repository'
import type { PublishingService } from './publishing.service'
import type { PlansService } from '../plans'
import type { Log as BaseLog } from '../../lib/log'

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface PostsServiceDeps {
  repo: PostsRepository
  queue: JobScheduler
  accounts: Pick<TiktokAccountsService, 'creatorInfo'>
  publishing: Pick<PublishingService, 'refresh' | 'jobStartFor'>
  events: EventBus
  /** Plans and the trial (ADR 036): every post created, approved, retried or moved is checked in its transaction. */
  plans: Pick<PlansService, 'checkNewPost' | 'checkMovedPost'>
  clock: () => Date
  log: Log
}

export type SchedulePostBody = z.output<typeof schedulePostBodySchema>
export type EditPostBody = z.output<typeof editPostBodySchema>
export type DuplicatePostBody = z.output<typeof duplicatePostBodySchema>

/** A post to create at an exact instant (the API resolves the form's date and time; automation has its own). */
export interface NewPost extends PostChoices {
  accountId: string
  mediaId: string
  timeZone: string
  scheduledAt: Date
  source?: 'manual' | 'automation'
  /** The automation's planned post this is: unique, so one planned post is never scheduled twice. */
  automationSlotId?: string
  /** Created as a draft awaiting the person's approval ("Review before posting", ADR 018). */
  draft?: boolean
}

const DAY_MS = 86_400_000
/**
 * `GET /api/posts` without from/to: a month either side of now. With one of them, the widest window from it (the
 * other side follows the one given).
 */
export const DEFAULT_LIST_WINDOW = { beforeMs: 31 * DAY_MS, afterMs: 31 * DAY_MS }
const MAX_LIST_SPAN_MS = CALENDAR_RANGE_MAX_DAYS * DAY_MS
/**
 * A safety cap on one calendar answer: 62 days at 32 posts a day. A month view needs at most 31 days; past this the
 * read would be the slow, heavy answer issue 20 measured.
 */
const CALENDAR_LIMIT = 2_000
const REFRESH_LIMIT = 50

const uuid = z.uuid()

/** A creator's fresh posting options, by account (scoped to the signed-in user by the caller). */
type CreatorLookup = (accountId: string) => Promise<CreatorInfo>
type TransactionScope = Parameters<Parameters<PostsRepository['transaction']>[0]>[0]

/** A batch row's own problems (a rule, another user's video or account, a reconnect); anything else fails the batch. */
const ROW_ERROR_CODES = new Set(['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'])

function invalid(issue: PostIssue): AppError {
  return new AppError('VALIDATION_FAILED', issue.message, [issue])
}

/** The post's choices after an edit: what the body changes, the rest as they are. */
function editedChoices(current: PostView, body: EditPostBody): PostChoices {
  return {
    title: body.title ?? current.title,
    description: body.description ?? current.description,
    privacyLevel: body.privacyLevel ?? current.privacyLevel,
    allowComment: body.allowComment ?? !current.disableComment,
    allowDuet: body.allowDuet ?? !current.disableDuet,
    allowStitch: body.allowStitch ?? !current.disableStitch,
    commercial: body.commercial ?? {
      enabled: current.brandContentToggle || current.brandOrganicToggle,
      yourBrand: current.brandOrganicToggle,
      brandedContent: current.brandContentToggle,
    },
  }
}

/**
 * The posts API (the spec's Schedule tab): schedule, list, edit (and move), approve drafts, delete, refresh. Every query is scoped by the
 * signed-in user; another user's post is "not found". A post's row and its `post.publish` job change in one
 * transaction, so a post is never scheduled without a job, nor deleted with one left behind.
 */
export function createPostsService(deps: PostsServiceDeps) {
  const { repo, queue, accounts, publishing, events, plans, clock, log } = deps

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

  /**
   * Every rule a new post must meet before anything is written — the one check for the form, automation and batch
   * scheduling: the form's choices, the instant, the video and the account (the creator's fresh options from
   * `creatorInfo`). Throws the broken rule as an AppError; answers the post's video.
   */
  async function checkNewPost(
    userId: string,
    input: NewPost,
    creatorInfo: CreatorLookup = (accountId) => accounts.creatorInfo(userId, accountId),
  ): Promise<MediaRow> {
    const choiceIssue = checkPostChoices(input)
    if (choiceIssue) throw invalid(choiceIssue)
    const timeIssue = checkScheduledInstant(input.scheduledAt, input.timeZone, clock())
    if (timeIssue) throw invalid(timeIssue)
    if (!uuid.safeParse(input.mediaId).success) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    const media = await repo.findMediaForUser(userId, input.mediaId)
    if (!media) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    if (!uuid.safeParse(input.accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    // Fresh from TikTok (UX rule 1); 404 for another user's account, 409 when it must be reconnected first.
    const creator = await creatorInfo(input.accountId)
    const creatorIssue = checkAgainstCreator(input, media.durationMs, creator)
    if (creatorIssue) throw invalid(creatorIssue)
    return media
  }

  /** Writes a checked post and its `post.publish` job inside the caller's transaction (both or neither). */
  async function insertNewPost(scope: TransactionScope, userId: string, input: NewPost, media: MediaRow) {
    const { repo: tx, jobs } = scope
    // The plan's limits, under the person's plan lock, counting what this transaction wrote before (a batch).
    await plans.checkNewPost(scope.tx, userId, {
      scheduledAt: input.scheduledAt,
      timeZone: input.timeZone,
      draft: input.draft === true,
    })
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
      state: input.draft ? 'draft' : 'scheduled',
    })
    // Automation posts come through here too (scheduleAt with their slot id): one place records every post's hook.
    await tx.recordHook(inserted.id)
    // A draft has its job too: at its time the job skips it unless it was approved (ADR 018).
    await queue.send(
      'post.publish',
      { postId: inserted.id },
      { startAfter: publishing.jobStartFor(input.scheduledAt), singletonKey: inserted.id, tx: jobs },
    )
    return inserted
  }

  async function create(userId: string, input: NewPost): Promise<Post> {
    const media = await checkNewPost(userId, input)
    const row = await repo.transaction((scope) => insertNewPost(scope, userId, input, media))
    const post = await view(userId, row.id)
    announce(userId, post)
    return post
  }

  /**
   * The rows of a batch, each held to the form's rules (`schedulePostBodySchema`, `resolveScheduleTime`,
   * `checkNewPost`); every broken rule of every row is collected as `rows.<index>.<field>`. A row's own problem (a
   * rule, another user's video or account, an account to reconnect) stays with its row; TikTok or the database
   * failing is the whole batch's and is thrown at once.
   */
  async function checkBatch(userId: string, rows: readonly BatchPostRow[]) {
    const now = clock()
    // One creator_info per account for the whole batch: TikTok allows 20 a minute per token (tiktok-api.md §3.1).
    const creators = new Map<string, Promise<CreatorInfo>>()
    const creatorInfo: CreatorLookup = (accountId) => {
      let answer = creators.get(accountId)
      if (!answer) {
        answer = accounts.creatorInfo(userId, accountId)
        answer.catch(() => undefined)
        creators.set(accountId, answer)
      }
      return answer
    }
    const issues: PostIssue[] = []
    const ready: { input: NewPost; media: MediaRow }[] = []
    for (const [index, raw] of rows.entries()) {
      const at = (field: string, message: string) => issues.push({ path: `rows.${index}.${field}`, message })
      const parsed = schedulePostBodySchema.safeParse(raw)
      if (!parsed.success) {
        const seen = new Set<string>()
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row')
          if (!seen.has(field)) at(field, issue.message)
          seen.add(field)
        }
        continue
      }
      const time = resolveScheduleTime(parsed.data, now)
      if (!time.ok) {
        at(time.issue.path, time.issue.message)
        continue
      }
      const input: NewPost = { ...parsed.data, scheduledAt: time.scheduledAt }
      try {
        ready.push({ input, media: await checkNewPost(userId, input, creatorInfo) })
      } catch (err) {
        if (!(err instanceof AppError) || !ROW_ERROR_CODES.has(err.code)) throw err
        const detail = err.details?.[0]
        const field =
          detail?.path ??
          (err.message === MESSAGES.mediaNotFound ? 'mediaId' : err.message === MESSAGES.notFound ? 'row' : 'accountId')
        at(field, detail?.message ?? err.message)
      }
    }
    return { issues, ready }
  }

  return {
    /** POST /api/posts: the Schedule New Video form. */
    schedule(userId: string, body: SchedulePostBody): Promise<Post> {
      const time = resolveScheduleTime(body, clock())
      if (!time.ok) throw invalid(time.issue)
      return orFail(MESSAGES.scheduleFailed, () => create(userId, { ...body, scheduledAt: time.scheduledAt }))
    },

    /**
     * POST /api/posts/batch: many Schedule New Video forms at once, all or nothing. Every row is checked as the form
     * is; when any row breaks a rule, nothing is created and the answer names each row's problems
     * (`rows.<index>.<field>`). Otherwise every post and its job are written in one transaction.
     */
    scheduleBatch(userId: string, rows: readonly BatchPostRow[]): Promise<Post[]> {
      if (rows.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.batchEmpty)
      if (rows.length > BATCH_MAX_ROWS) throw new AppError('BAD_REQUEST', MESSAGES.batchTooManyRows)
      return orFail(MESSAGES.scheduleFailed, async () => {
        const { issues, ready } = await checkBatch(userId, rows)
        if (issues.length > 0) throw new AppError('VALIDATION_FAILED', MESSAGES.batchRowsInvalid, issues)
        const created = await repo.transaction(async (scope) => {
          const inserted: PostRow[] = []
          for (const { input, media } of ready) inserted.push(await insertNewPost(scope, userId, input, media))
          return inserted
        })
        const posts: Post[] = []
        for (const row of created) {
          const post = await view(userId, row.id)
          announce(userId, post)
          posts.push(post)
        }
        return posts
      })
    },

    /** Schedules at an exact instant, with every rule but the form's date/time (automation; tests). */
    scheduleAt(userId: string, input: NewPost): Promise<Post> {
      return orFail(MESSAGES.scheduleFailed, () => create(userId, input))
    },

    /**
     * GET /api/posts: the calendar. The user's posts whose time falls in [from, to), by time, as the slim
     * `CalendarPost` (details come from `get`). At most 62 days at once.
     */
    list(userId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<CalendarPost[]> {
      const now = clock().getTime()
      const from = range.from
        ? new Date(range.from)
        : range.to
          ? new Date(Date.parse(range.to) - MAX_LIST_SPAN_MS)
          : new Date(now - DEFAULT_LIST_WINDOW.beforeMs)
      const to = range.to
        ? new Date(range.to)
        : range.from
          ? new Date(from.getTime() + MAX_LIST_SPAN_MS)
          : new Date(now + DEFAULT_LIST_WINDOW.afterMs)
      if (!(from < to)) throw new AppError('BAD_REQUEST', MESSAGES.dateRangeInvalid)
      if (to.getTime() - from.getTime() > MAX_LIST_SPAN_MS) throw new AppError('BAD_REQUEST', MESSAGES.dateRangeTooWide)
      return orFail(MESSAGES.fetchPostsFailed, async () =>
        (await repo.listCalendarForUser(userId, from, to, CALENDAR_LIMIT)).map(toCalendarPostDto),
      )
    },

    /**
     * GET /api/posts/list: the List view, `limit` posts at a time — upcoming ones soonest first, then past ones
     * latest first (posts-cursor.ts). A page reads at most limit + 1 rows per part, by index.
     */
    async listPage(
      userId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<{ posts: CalendarPost[]; nextCursor: string | null }> {
      const cursor = query.cursor === undefined ? null : decodePostsCursor(query.cursor)
      if (query.cursor !== undefined && !cursor) throw new AppError('BAD_REQUEST', MESSAGES.postsCursorInvalid)
      const pivot = cursor?.pivot ?? clock()
      const want = query.limit + 1
      return orFail(MESSAGES.fetchPostsFailed, async () => {
        const rows: { row: CalendarPostRow; segment: PostsSegment }[] = []
        if (!cursor || cursor.segment === 'upcoming') {
          const upcoming = await repo.listUpcomingForUser(userId, pivot, cursor, want)
          for (const row of upcoming) rows.push({ row, segment: 'upcoming' })
        }
        if (rows.length < want) {
          const after = cursor?.segment === 'past' ? cursor : null
          const past = await repo.listPastForUser(userId, pivot, after, want - rows.length)
          for (const row of past) rows.push({ row, segment: 'past' })
        }
        const page = rows.slice(0, query.limit)
        const last = page.at(-1)
        const nextCursor =
          rows.length > query.limit && last
            ? encodePostsCursor({ pivot, segment: last.segment, scheduledAt: last.row.scheduledAt, id: last.row.id })
            : null
        return { posts: page.map(({ row }) => toCalendarPostDto(row)), nextCursor }
      })
    },

    get(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      return view(userId, id)
    },

    /**
     * PATCH /api/posts/:id: changes a post that has not started to go out — its caption (title, description), who can
     * see it and its interactions, its time — held to the rules scheduling holds it to (`resolveScheduleTime`,
     * `checkPostChoices`, and the creator's fresh options when those change). The row and its job move together, and
     * the publisher re-checks the time when a job fires, so an old time can never publish. A skipped draft given a
     * new time waits for approval again.
     */
    async edit(userId: string, id: string, body: EditPostBody): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      const current = await repo.findViewForUser(userId, id)
      if (!current) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      const timeOnly = Object.entries(body).every(
        ([key, value]) => value === undefined || key === 'date' || key === 'time' || key === 'timeZone',
      )
      const refusal = new AppError('CONFLICT', timeOnly ? MESSAGES.onlyScheduledCanMove : MESSAGES.postNotEditable)
      if (!isEditablePost(current.state)) throw refusal

      let when: { scheduledAt: Date; timeZone: string } | undefined
      if (body.date !== undefined && body.time !== undefined && body.timeZone !== undefined) {
        const time = resolveScheduleTime({ date: body.date, time: body.time, timeZone: body.timeZone }, clock())
        if (!time.ok) throw invalid(time.issue)
        when = { scheduledAt: time.scheduledAt, timeZone: body.timeZone }
      }
      if (current.state === 'skipped' && !when) throw invalid({ path: 'date', message: MESSAGES.skippedNeedsNewTime })

      const choices = editedChoices(current, body)
      const choiceIssue = checkPostChoices(choices)
      if (choiceIssue) throw invalid(choiceIssue)
      const settingsChanged =
        choices.privacyLevel !== current.privacyLevel ||
        choices.allowComment === current.disableComment ||
        choices.allowDuet === current.disableDuet ||
        choices.allowStitch === current.disableStitch
      if (settingsChanged) {
        // Fresh from TikTok, as when scheduling (UX rule 1): the creator's options may have changed since.
        const creator = await accounts.creatorInfo(userId, current.accountId)
        const creatorIssue = checkAgainstCreator(choices, current.media?.durationMs ?? 0, creator)
        if (creatorIssue) throw invalid(creatorIssue)
      }

      const change: PostEdit = {
        title: choices.title,
        description: choices.description,
        privacyLevel: choices.privacyLevel,
        ...postSettings(choices),
        ...when,
      }
      await orFail(MESSAGES.scheduleFailed, () =>
        repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
          // A post moved to another time must fit its new month (ADR 036); a draft does not count.
          if (when) {
            await plans.checkMovedPost(db, userId, id, current, { ...when, draft: current.state !== 'scheduled' })
          }
          const edited =
            current.state === 'skipped' && when
              ? await tx.reviveSkippedForUser(userId, id, { ...change, ...when }, clock())
              : await tx.editWaitingForUser(userId, id, change, clock())
          // The publisher claimed it (or it was skipped, or deleted) since it was read.
          if (!edited) {
            if (await tx.existsForUser(userId, id)) throw refusal
            throw new AppError('NOT_FOUND', MESSAGES.notFound)
          }
          if (when) {
            await queue.reschedule(
              'post.publish',
              { postId: id },
              { singletonKey: id, startAfter: publishing.jobStartFor(when.scheduledAt), tx: jobs },
            )
          }
        }),
      )
      const post = await view(userId, id)
      announce(userId, post)
      return post
    },

    /**
     * POST /api/posts/:id/duplicate: a new scheduled post with the post's video, account, caption and TikTok settings,
     * at the time given. It goes through `create`, so every rule of scheduling holds again (the video and the account
     * must be the user's, the creator's fresh options, the time); nothing of the original's publishing (publish id,
     * TikTok post id, state, automation slot) is copied, so a duplicate is a new post, never a second publish of one.
     */
    async duplicate(userId: string, id: string, body: DuplicatePostBody): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      const original = await repo.findViewForUser(userId, id)
      if (!original) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      if (!original.mediaId) throw new AppError('CONFLICT', MESSAGES.postDuplicateNoVideo)
      const time = resolveScheduleTime(body, clock())
      if (!time.ok) throw invalid(time.issue)
      const mediaId = original.mediaId
      return orFail(MESSAGES.scheduleFailed, () =>
        create(userId, {
          accountId: original.accountId,
          mediaId,
          title: original.title,
          description: original.description,
          privacyLevel: original.privacyLevel,
          allowComment: !original.disableComment,
          allowDuet: !original.disableDuet,
          allowStitch: !original.disableStitch,
          commercial: {
            enabled: original.brandContentToggle || original.brandOrganicToggle,
            yourBrand: original.brandOrganicToggle,
            brandedContent: original.brandContentToggle,
          },
          timeZone: body.timeZone,
          scheduledAt: time.scheduledAt,
          source: 'manual',
        }),
      )
    },

    /**
     * POST /api/posts/:id/post-now: a scheduled post becomes due now and its publish job is moved to now, in one
     * transaction. It is published by the same engine as at its time: the claim from `scheduled` happens once, so a
     * second click, a second tab or the job at its old time cannot post it twice. Refused (409, unchanged) for a
     * draft awaiting approval and for a post being published or done.
     */
    async postNow(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await orFail(MESSAGES.scheduleFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const now = clock()
          const moved = await tx.postNowForUser(userId, id, now)
          if (!moved) {
            const found = await tx.findViewForUser(userId, id)
            if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
            throw new AppError(
              'CONFLICT',
              found.state === 'draft' ? MESSAGES.postNowNeedsApproval : MESSAGES.postNowNotScheduled,
            )
          }
          await queue.reschedule('post.publish', { postId: id }, { singletonKey: id, startAfter: now, tx: jobs })
        }),
      )
      const post = await view(userId, id)
      announce(userId, post)
      return post
    },

    /**
     * POST /api/posts/:id/approve: a draft awaiting approval is scheduled, with its job at its time. Refused once its
     * time has passed (it is skipped, never sent: the person chooses a new time first).
     */
    async approve(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await orFail(MESSAGES.scheduleFailed, () =>
        repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
          // An approved draft starts to count: it is held to the plan as a new post is (ADR 036).
          const draft = await tx.findViewForUser(userId, id)
          if (draft?.state === 'draft') await plans.checkNewPost(db, userId, draft)
          const approved = await tx.approveForUser(userId, id, clock())
          if (!approved) {
            const found = await tx.findViewForUser(userId, id)
            if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
            const late = found.state === 'skipped' || (found.state === 'draft' && found.scheduledAt <= clock())
            throw new AppError('CONFLICT', late ? MESSAGES.approveTooLate : MESSAGES.onlyDraftsCanBeApproved)
          }
          // The draft's job is already there; this keeps it so if it vanished (the sweep would find it too).
          await queue.reschedule(
            'post.publish',
            { postId: id },
            { singletonKey: id, startAfter: publishing.jobStartFor(approved.scheduledAt), tx: jobs },
          )
        }),
      )
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
        repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
          // A failed post does not count; sent again, it does (ADR 036).
          const failed = await tx.findViewForUser(userId, id)
          if (failed?.state === 'failed') await plans.checkNewPost(db, userId, failed)
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
