import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, notInArray, sql } from 'drizzle-orm'
import { SENDING_OR_SENT_POST_STATES } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { mediaFile, photoSet, post, slideshow } from '../../db/schema'
import { withSharedTransactions, type Executor } from '../../db/transactional'
import { recordPostHook, rerecordPostHook } from '../analytics'
import {
  IN_FLIGHT_STATES,
  readPostViews,
  withPostJoins,
  type MediaRow,
  type PostRow,
  type PostView,
} from '../publishing'
import { calendarColumns, calendarDayQueries, type CalendarPostRow } from './calendar-days.repository'

export type { CalendarPostRow }

export type NewPostRow = typeof post.$inferInsert

/** Where a List page starts: after this (time, id) in its part of the list (posts-cursor.ts). */
export interface CalendarPosition {
  scheduledAt: Date
  id: string
}

/** What an edit may change on a post that has not gone out (post-edit.ts `editPost`). */
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
    | 'accountId'
    | 'mediaId'
    | 'photoSetId'
  >
>

/**
 * Every statement about posts a person can reach, scoped by user id (the publisher's own, by post id alone, are in
 * modules/publishing). Every state change is one conditional UPDATE: the row, not memory, decides who may act (several
 * worker processes may run), and a change that lost a race affects no row and returns undefined/false.
 */
function createQueries(db: Executor) {
  const calendar = () => withPostJoins(db.select(calendarColumns).from(post).$dynamic())

  const touched = (at: Date) => ({ updatedAt: at })

  return {
    ...calendarDayQueries(db),

    async insert(row: NewPostRow): Promise<PostRow> {
      const [created] = await db.insert(post).values(row).returning()
      if (!created) throw new Error('post insert returned nothing')
      return created
    },

    /** What hook the post carried (analytics' post_hook), from its automation slot and studio video. */
    recordHook(postId: string): Promise<void> {
      return recordPostHook(db, postId)
    },

    /** The post's hook row derived again, after its account or video changed. */
    rerecordHook(postId: string): Promise<void> {
      return rerecordPostHook(db, postId)
    },

    async findViewForUser(userId: string, id: string): Promise<PostView | undefined> {
      const [row] = await readPostViews(db, and(eq(post.id, id), eq(post.userId, userId)))
      return row
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
            inArray(post.state, ['processing_on_tiktok', 'sent_to_inbox', 'unconfirmed']),
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

    /** A slideshow's render state and latest photo set (issue 29): a photo post copies that photo set. */
    async findSlideshowForUser(
      userId: string,
      id: string,
    ): Promise<{ id: string; state: string; photoSetId: string | null } | undefined> {
      const [row] = await db
        .select({ id: slideshow.id, state: slideshow.state, photoSetId: slideshow.photoSetId })
        .from(slideshow)
        .where(and(eq(slideshow.id, id), eq(slideshow.userId, userId)))
      return row
    },

    /** Whether the photo set is the user's (a duplicate keeps its original's photo set). */
    async photoSetExistsForUser(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: photoSet.id })
        .from(photoSet)
        .where(and(eq(photoSet.id, id), eq(photoSet.userId, userId)))
      return row !== undefined
    },

    /**
     * The times of the account's drafts to the TikTok inbox between `from` and `to` that are sent, going out or
     * waiting for approval (the pending-drafts cap, inbox-cap.ts); `exceptId` leaves out the post being moved.
     */
    async inboxTimesForAccount(accountId: string, from: Date, to: Date, exceptId?: string): Promise<Date[]> {
      const rows = await db
        .select({ at: post.scheduledAt })
        .from(post)
        .where(
          and(
            eq(post.accountId, accountId),
            eq(post.postMode, 'inbox'),
            gt(post.scheduledAt, from),
            lt(post.scheduledAt, to),
            inArray(post.state, [...SENDING_OR_SENT_POST_STATES, 'draft']),
            exceptId ? ne(post.id, exceptId) : undefined,
          ),
        )
      return rows.map((r) => r.at)
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
        .set({ ...change, errorMessage: null, editedAt: at, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.userId, userId), inArray(post.state, ['draft', 'scheduled'])))
        .returning()
      return row
    },

    /**
     * An automation post given a new hook (Regenerate, ADR 050): its caption and file replaced (when given) and back to
     * `draft`, since the person has not seen the new hook. Only while it waits — a draft, or approved and not yet
     * claimed — before its time and never once rejected; its job stays at its time.
     */
    async redraftWaitingForUser(
      userId: string,
      id: string,
      change: Pick<PostEdit, 'title' | 'description' | 'mediaId' | 'photoSetId'>,
      now: Date,
    ): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ ...change, state: 'draft', errorMessage: null, ...touched(now) })
        .where(
          and(
            eq(post.id, id),
            eq(post.userId, userId),
            inArray(post.state, ['draft', 'scheduled']),
            isNull(post.rejectedAt),
            gt(post.scheduledAt, now),
          ),
        )
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
        .set({ ...change, state: 'draft', errorMessage: null, editedAt: at, ...touched(at) })
        // A rejected draft stays skipped for good (ADR 048).
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'skipped'), isNull(post.rejectedAt)))
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
     * draft → skipped for good, by the person (ADR 048): the same `skipped` a draft nobody approved ends in, marked
     * `rejected_at`, so neither an approval nor a new time brings it back. Conditional on `draft`, so it cannot race an
     * approval into sending: whichever comes first wins, and the publisher only ever claims `scheduled`.
     */
    async rejectForUser(userId: string, id: string, now: Date, errorMessage: string): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ state: 'skipped', rejectedAt: now, errorMessage, ...touched(now) })
        .where(and(eq(post.id, id), eq(post.userId, userId), eq(post.state, 'draft')))
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
  }
}

export function createPostsRepository(db: Database) {
  return withSharedTransactions(db, createQueries)
}
export type PostsRepository = ReturnType<typeof createPostsRepository>
