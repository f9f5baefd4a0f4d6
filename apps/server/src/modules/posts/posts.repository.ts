import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { mediaFile, post, tiktokAccount } from '../../db/schema'
import { withSharedTransactions, type Executor } from '../../db/transactional'
import { recordPostHook } from '../analytics/post-hook.repository'

export type PostRow = typeof post.$inferSelect
export type NewPostRow = typeof post.$inferInsert
export type MediaRow = typeof mediaFile.$inferSelect
/** What a resumed upload needs, stored with the publish_id (the URL sealed by the caller). */
export type UploadColumns = Pick<NewPostRow, 'uploadUrlEnc' | 'uploadUrlExpiresAt' | 'uploadPlan'>

/** A post with what the UI shows beside it (its account's names, its video's name/size/duration). */
export interface PostView extends PostRow {
  account: { accountName: string; accountUsername: string; sandbox: boolean }
  media: Pick<MediaRow, 'originalName' | 'sizeBytes' | 'durationMs'> | null
}

/**
 * A post as the calendar and the List view show it (issue 20): only the columns they draw, with the account's names.
 * Nothing encrypted and no caption, so a month of thousands of posts stays one small indexed read.
 */
export interface CalendarPostRow {
  id: string
  accountId: string
  title: string
  scheduledAt: Date
  timeZone: string
  state: PostRow['state']
  source: PostRow['source']
  errorMessage: string | null
  accountName: string
  accountUsername: string
  accountSandbox: boolean
}

/** Where a List page starts: after this (time, id) in its part of the list (posts-cursor.ts). */
export interface CalendarPosition {
  scheduledAt: Date
  id: string
}

/** What the publisher needs to post: the row and the whole media row (file location, size, type). */
export interface PostForPublishing {
  post: PostRow
  media: MediaRow | null
}

/** What an edit may change on a post that has not gone out (posts.service.ts `edit`). */
export type PostEdit = Partial<
  Pick<
    NewPostRow,
    | 'title'
    | 'description'
    | 'privacyLevel'
    | 'disableComment'
    | 'disableDuet'
    | 'disableStitch'
    | 'brandContentToggle'
    | 'brandOrganicToggle'
    | 'scheduledAt'
    | 'timeZone'
  >
>

/** States in which the publisher owns the post: it must not be moved or deleted. */
export const IN_FLIGHT_STATES = ['publishing', 'processing_on_tiktok'] as const

const viewColumns = {
  post,
  accountName: tiktokAccount.accountName,
  accountUsername: tiktokAccount.accountUsername,
  accountSandbox: tiktokAccount.sandbox,
  mediaOriginalName: mediaFile.originalName,
  mediaSizeBytes: mediaFile.sizeBytes,
  mediaDurationMs: mediaFile.durationMs,
}

const calendarColumns = {
  id: post.id,
  accountId: post.accountId,
  title: post.title,
  scheduledAt: post.scheduledAt,
  timeZone: post.timeZone,
  state: post.state,
  source: post.source,
  errorMessage: post.errorMessage,
  accountName: tiktokAccount.accountName,
  accountUsername: tiktokAccount.accountUsername,
  accountSandbox: tiktokAccount.sandbox,
}

function toView(row: {
  post: PostRow
  accountName: string
  accountUsername: string
  accountSandbox: boolean
  mediaOriginalName: string | null
  mediaSizeBytes: number | null
  mediaDurationMs: number | null
}): PostView {
  return {
    ...row.post,
    account: { accountName: row.accountName, accountUsername: row.accountUsername, sandbox: row.accountSandbox },
    media:
      row.mediaOriginalName !== null && row.mediaSizeBytes !== null && row.mediaDurationMs !== null
        ? { originalName: row.mediaOriginalName, sizeBytes: row.mediaSizeBytes, durationMs: row.mediaDurationMs }
        : null,
  }
}

/**
 * Every statement about posts. Queries a person can reach are scoped by user id; the `…Internal` ones serve the
 * publisher. Every state change is one conditional UPDATE: the row, not memory, decides who may act (several worker
 * processes may run), and a change that lost a race affects no row and returns undefined/false.
 *
 * The publishing claim is fenced by `attempts`: each claim increments it, and every later step of that attempt checks
 * it, so a worker that lost its claim (a sweep gave the post to another) cannot write over the new attempt.
 * `uploaded_bytes` doubles as the "init may have been sent" mark: null after a claim, set to 0 in its own statement
 * immediately before video/init is sent. A `publishing` post without publish_id and with uploaded_bytes null never
 * reached TikTok and may be published again; with uploaded_bytes set, TikTok may have accepted it.
 *
 * A `publishing` post with a publish_id is being uploaded: its upload_url (sealed) is stored with the publish_id, the
 * upload writes a heartbeat, and a resumed upload claims the post again with a new attempt (ADR 019). The URL is
 * forgotten as soon as the upload is over, either way.
 */
function createQueries(db: Executor) {
  const views = () =>
    db
      .select(viewColumns)
      .from(post)
      .innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))
      .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))

  const calendar = () =>
    db.select(calendarColumns).from(post).innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))

  const touched = (at: Date) => ({ updatedAt: at })
  /** The upload is over: TikTok's upload_url (a credential for this post) is not kept. */
  const uploadOver = { uploadUrlEnc: null }

  return {
    async insert(row: NewPostRow): Promise<PostRow> {
      const [created] = await db.insert(post).values(row).returning()
      if (!created) throw new Error('post insert returned nothing')
      return created
    },

    /** What hook the post carried (analytics' post_hook), from its automation slot and studio video. */
    recordHook(postId: string): Promise<void> {
      return recordPostHook(db, postId)
    },

    async findViewForUser(userId: string, id: string): Promise<PostView | undefined> {
      const [row] = await views().where(and(eq(post.id, id), eq(post.userId, userId)))
      return row ? toView(row) : undefined
    },

    async findViewInternal(id: string): Promise<PostView | undefined> {
      const [row] = await views().where(eq(post.id, id))
      return row ? toView(row) : undefined
    },

    /** The publisher's announcements of posts that changed together (a batch claimed at the same second). */
    async findViewsInternal(ids: string[]): Promise<PostView[]> {
      if (ids.length === 0) return []
      return (await views().where(inArray(post.id, ids))).map(toView)
    },

    /** The calendar: the user's posts with `from <= scheduled_at < to`, by time (index post_user_scheduled_idx). */
    listCalendarForUser(userId: string, from: Date, to: Date, limit: number): Promise<CalendarPostRow[]> {
      return calendar()
        .where(and(eq(post.userId, userId), gte(post.scheduledAt, from), lt(post.scheduledAt, to)))
        .orderBy(asc(post.scheduledAt), asc(post.id))
        .limit(limit)
    },

    /** The List view's first part: posts at or after `pivot`, soonest first, after `after` when given. */
    listUpcomingForUser(
      userId: string,
      pivot: Date,
      after: CalendarPosition | null,
      limit: number,
    ): Promise<CalendarPostRow[]> {
      return calendar()
        .where(
          and(
            eq(post.userId, userId),
            gte(post.scheduledAt, pivot),
            after
              ? sql`(${post.scheduledAt}, ${post.id}) > (${after.scheduledAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(post.scheduledAt), asc(post.id))
        .limit(limit)
    },

    /** The List view's second part: posts before `pivot`, latest first, after `after` (in that order) when given. */
    listPastForUser(
      userId: string,
      pivot: Date,
      after: CalendarPosition | null,
      limit: number,
    ): Promise<CalendarPostRow[]> {
      return calendar()
        .where(
          and(
            eq(post.userId, userId),
            lt(post.scheduledAt, pivot),
            after
              ? sql`(${post.scheduledAt}, ${post.id}) < (${after.scheduledAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(post.scheduledAt), desc(post.id))
        .limit(limit)
    },

    /** The posts whose status TikTok may still change: the "Refresh Status" button. */
    async listRefreshableForUser(userId: string, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(post)
        .where(
          and(
            eq(post.userId, userId),
            inArray(post.state, ['processing_on_tiktok', 'unconfirmed']),
            isNotNull(post.publishId),
          ),
        )
        .orderBy(asc(post.scheduledAt))
        .limit(limit)
    },

    async findMediaForUser(userId: string, mediaId: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.id, mediaId), eq(mediaFile.userId, userId)))
      return row
    },

    async findForPublishingInternal(id: string): Promise<PostForPublishing | undefined> {
      const [row] = await db
        .select({ post, media: mediaFile })
        .from(post)
        .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))
        .where(eq(post.id, id))
      return row
    },

    /** `findForPublishingInternal` for the posts that fall due together. */
    async findManyForPublishingInternal(ids: string[]): Promise<PostForPublishing[]> {
      if (ids.length === 0) return []
      return db
        .select({ post, media: mediaFile })
        .from(post)
        .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))
        .where(inArray(post.id, ids))
    },

    async existsForUser(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: post.id })
        .from(post)
        .where(and(eq(post.id, id), eq(post.userId, userId)))
      return row !== undefined
    },

    /**
     * Edits a post that has not started to go out (`draft` or `scheduled`), as one conditional UPDATE: once the
     * publisher claimed it, it is history. `attempts` is left alone (it fences the claims and must only grow).
     */
    async editWaitingForUser(userId: string, id: string, change: PostEdit, at: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ ...change, errorMessage: null, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.userId, userId), inArray(post.state, ['draft', 'scheduled'])))
        .returning()
      return row
    },

    /** A skipped draft given a new time waits for approval again (it was never sent: ADR 018). */
    async reviveSkippedForUser(
      userId: string,
      id: string,
      change: PostEdit & { scheduledAt: Date },
      at: Date,
    ): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ ...change, state: 'draft', errorMessage: null, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'skipped')))
        .returning()
      return row
    },

    /**
     * Post now: a `scheduled` post becomes due at `now`, as one conditional UPDATE. Its state stays `scheduled`, so the
     * publisher's claim (`claimDueInternal`) is still the one place it starts to go out, exactly once; a post the
     * publisher already claimed (or a draft, or one that is done) is not changed.
     */
    async postNowForUser(userId: string, id: string, now: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ scheduledAt: now, errorMessage: null, ...touched(now) })
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'scheduled')))
        .returning()
      return row
    },

    /** draft → scheduled, only while its time is still ahead (a draft past its time is skipped, never sent). */
    async approveForUser(userId: string, id: string, now: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ state: 'scheduled', errorMessage: null, ...touched(now) })
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'draft'), gt(post.scheduledAt, now)))
        .returning()
      return row
    },

    /**
     * Retry: a `failed` post goes back to `scheduled`, due at once, with a new video/init to come. Safe because a post
     * ends `failed` only when TikTok cannot publish what it had of it (ADR 019): it never accepted the init, said
     * FAILED, or never got the whole file before its upload link died. The old publish_id is let go.
     */
    async retryForUser(userId: string, id: string, at: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({
          state: 'scheduled',
          publishId: null,
          tiktokPostId: null,
          uploadedBytes: null,
          uploadUrlEnc: null,
          uploadUrlExpiresAt: null,
          uploadPlan: null,
          errorMessage: null,
          publishedAt: null,
          lastStatusAt: null,
          ...touched(at),
        })
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'failed')))
        .returning()
      return row
    },

    /** Anything but a post the publisher is working on (it could be mid-upload to TikTok). */
    async deleteForUser(userId: string, id: string): Promise<PostRow | undefined> {
      const [row] = await db
        .delete(post)
        .where(and(eq(post.id, id), eq(post.userId, userId), notInArray(post.state, [...IN_FLIGHT_STATES])))
        .returning()
      return row
    },

    // --- the publisher's claim and the steps of one attempt -----------------------------------------------------

    /**
     * `scheduled` and due → `publishing`, attempts + 1, for the posts among `ids` that still are: the one place a post
     * starts to go out (ADR 026: the posts that fall due together are claimed in one statement). A post moved to a later
     * time, claimed by another worker, turned into a draft or deleted is not returned. The rows are locked in id order
     * first, so two workers claiming overlapping sets wait for each other instead of deadlocking; the second one then
     * finds them `publishing` and leaves them.
     */
    async claimDueInternal(ids: string[], now: Date): Promise<PostRow[]> {
      if (ids.length === 0) return []
      const due = and(inArray(post.id, ids), eq(post.state, 'scheduled'), lte(post.scheduledAt, now))
      const locked = db.select({ id: post.id }).from(post).where(due).orderBy(asc(post.id)).for('update')
      return db
        .update(post)
        .set({
          state: 'publishing',
          attempts: sql`${post.attempts} + 1`,
          claimedAt: now,
          uploadedBytes: null,
          errorMessage: null,
          ...touched(now),
        })
        .where(and(inArray(post.id, locked), due))
        .returning()
    },

    /**
     * Marks that video/init is about to be sent (see above) for claimed attempts whose requests leave now; returns the
     * ids marked (an attempt that lost its claim is not).
     */
    async markInitSendingInternal(claims: { id: string; attempt: number }[], at: Date): Promise<Set<string>> {
      if (claims.length === 0) return new Set()
      const rows = await db
        .update(post)
        .set({ uploadedBytes: 0, ...touched(at) })
        .where(
          and(
            or(...claims.map((c) => and(eq(post.id, c.id), eq(post.attempts, c.attempt)))),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
          ),
        )
        .returning({ id: post.id })
      return new Set(rows.map((r) => r.id))
    },

    /**
     * TikTok accepted the init: its publish_id is stored before anything else happens, in the same statement as what
     * resuming its upload needs.
     */
    async storePublishIdInternal(
      id: string,
      attempt: number,
      publishId: string,
      upload: UploadColumns,
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ publishId, ...upload, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.attempts, attempt), isNull(post.publishId)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** Upload progress; also the heartbeat that tells the sweep this attempt is alive. False: the attempt was lost. */
    async recordProgressInternal(id: string, attempt: number, bytes: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ uploadedBytes: bytes, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** The heartbeat of attempts waiting for an upload place; returns the ids still theirs. */
    async touchAttemptsInternal(claims: { id: string; attempt: number }[], at: Date): Promise<Set<string>> {
      if (claims.length === 0) return new Set()
      const rows = await db
        .update(post)
        .set(touched(at))
        .where(
          and(
            or(...claims.map((c) => and(eq(post.id, c.id), eq(post.attempts, c.attempt)))),
            eq(post.state, 'publishing'),
          ),
        )
        .returning({ id: post.id })
      return new Set(rows.map((r) => r.id))
    },

    async markProcessingInternal(id: string, attempt: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'processing_on_tiktok', ...uploadOver, ...touched(at) })
        .where(
          and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt), isNotNull(post.publishId)),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /**
     * Back to `scheduled` after a failure TikTok certainly did not accept (no publish_id). `refundAttempt` for a rate
     * limit, which is pacing rather than a failure.
     */
    async releaseInternal(
      id: string,
      attempt: number,
      change: { errorMessage: string | null; refundAttempt: boolean },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({
          state: 'scheduled',
          uploadedBytes: null,
          errorMessage: change.errorMessage,
          ...(change.refundAttempt ? { attempts: sql`greatest(${post.attempts} - 1, 0)` } : {}),
          ...touched(at),
        })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt), isNull(post.publishId)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** Ends this attempt as `failed` or `unconfirmed` (before TikTok finished with it). */
    async endAttemptInternal(
      id: string,
      attempt: number,
      end: { state: 'failed' | 'unconfirmed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ ...end, ...uploadOver, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    // --- TikTok's answers about an accepted publish (keyed by publish_id) -------------------------------------------

    /** A status fetch happened: the sweep's heartbeat for posts being polled. */
    async touchStatusInternal(id: string, publishId: string, at: Date): Promise<void> {
      await db
        .update(post)
        .set({ lastStatusAt: at, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.publishId, publishId)))
    },

    /**
     * TikTok's final word. Accepted while the publisher is on it and for `unconfirmed` (a late answer still counts);
     * once `uploaded`, only a missing public post id may be filled in.
     */
    async settleInternal(
      id: string,
      publishId: string,
      outcome:
        | { state: 'uploaded'; tiktokPostId: string | null; publishedAt: Date }
        | { state: 'failed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set(
          outcome.state === 'uploaded'
            ? {
                state: 'uploaded',
                tiktokPostId: outcome.tiktokPostId,
                publishedAt: outcome.publishedAt,
                errorMessage: null,
                lastStatusAt: at,
                ...uploadOver,
                ...touched(at),
              }
            : { state: 'failed', errorMessage: outcome.errorMessage, lastStatusAt: at, ...uploadOver, ...touched(at) },
        )
        .where(
          and(
            eq(post.id, id),
            eq(post.publishId, publishId),
            inArray(post.state, ['publishing', 'processing_on_tiktok', 'unconfirmed']),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    async setTiktokPostIdInternal(id: string, publishId: string, tiktokPostId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ tiktokPostId, lastStatusAt: at, ...touched(at) })
        .where(
          and(eq(post.id, id), eq(post.publishId, publishId), eq(post.state, 'uploaded'), isNull(post.tiktokPostId)),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** TikTok took the video but never said it was posted. */
    async unconfirmInternal(id: string, publishId: string, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'unconfirmed', errorMessage, ...uploadOver, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.publishId, publishId), inArray(post.state, [...IN_FLIGHT_STATES])))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /**
     * Drafts nobody approved by their time → `skipped` with why (ADR 018). Conditional on `draft` and due, so the job
     * at the draft's time, the sweep and a second worker can all try: one of them changes it, and an approval that
     * came first wins. Returns the ids it skipped.
     */
    async skipDueDraftsInternal(
      now: Date,
      errorMessage: string,
      options: { ids?: string[]; limit: number },
    ): Promise<string[]> {
      if (options.ids?.length === 0) return []
      const due = and(eq(post.state, 'draft'), lte(post.scheduledAt, now))
      const ids = db
        .select({ id: post.id })
        .from(post)
        .where(options.ids ? and(due, inArray(post.id, options.ids)) : due)
        .limit(options.limit)
      const rows = await db
        .update(post)
        .set({ state: 'skipped', errorMessage, ...touched(now) })
        .where(and(inArray(post.id, ids), eq(post.state, 'draft'), lte(post.scheduledAt, now)))
        .returning({ id: post.id })
      return rows.map((r) => r.id)
    },

    // --- the sweep --------------------------------------------------------------------------------------------------

    async dueScheduledIdsInternal(dueBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: post.id })
        .from(post)
        .where(and(eq(post.state, 'scheduled'), lte(post.scheduledAt, dueBefore)))
        .orderBy(asc(post.scheduledAt))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /**
     * Posts the publisher owns but nobody has touched since `before` (since `uploadBefore` for uploads, which write a
     * heartbeat): their worker died, or their job vanished.
     */
    async staleInFlightInternal(before: Date, uploadBefore: Date, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(post)
        .where(
          or(
            and(inArray(post.state, [...IN_FLIGHT_STATES]), lt(post.updatedAt, before)),
            and(eq(post.state, 'publishing'), isNotNull(post.publishId), lt(post.updatedAt, uploadBefore)),
          ),
        )
        .orderBy(asc(post.updatedAt))
        .limit(limit)
    },

    /**
     * An upload whose worker fell silent before `orphanedBefore` is taken over by a new attempt: the old worker, if it
     * lives on, can no longer write (every step checks its attempt), and its heartbeat tells it to stop.
     */
    async claimUploadInternal(id: string, orphanedBefore: Date, at: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ attempts: sql`${post.attempts} + 1`, claimedAt: at, ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNotNull(post.publishId),
            lt(post.updatedAt, orphanedBefore),
          ),
        )
        .returning()
      return row
    },

    /** A dead attempt that certainly never sent video/init: the post may go out again. */
    async releaseOrphanInternal(id: string, before: Date, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'scheduled', ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
            isNull(post.uploadedBytes),
            lt(post.updatedAt, before),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** A dead attempt that may have sent video/init without recording the answer: never post it again by ourselves. */
    async unconfirmOrphanInternal(id: string, before: Date, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'unconfirmed', errorMessage, ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
            isNotNull(post.uploadedBytes),
            lt(post.updatedAt, before),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },
  }
}

export type PostQueries = ReturnType<typeof createQueries>

export function createPostsRepository(db: Database) {
  return withSharedTransactions(db, createQueries)
}
export type PostsRepository = ReturnType<typeof createPostsRepository>
