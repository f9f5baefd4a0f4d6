import type { z } from 'zod'
import {
  MESSAGES,
  type BatchPostRow,
  type CalendarDay,
  type CalendarDaysQuery,
  type CalendarPost,
  type Post,
  type schedulePostBodySchema,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { scheduleBatch } from './batch-schedule'
import { createPost, type NewPost } from './new-post'
import { approvePost, postNow, refreshStatuses, rejectPost, removePost, retryPost } from './post-actions'
import { duplicatePost, type DuplicatePostBody } from './post-duplicate'
import { editPost, type EditPostBody } from './post-edit'
import { redraftPost, type RedraftChange } from './post-redraft'
import { resolveScheduleTime } from './post-rules'
import { invalid, orFail, uuid, view, type PostsServiceDeps } from './posts-context'
import { calendarDays, listCalendar, listPage } from './posts-calendar'

export type { PostsServiceDeps } from './posts-context'
export type { NewPost } from './new-post'
export type { RedraftChange } from './post-redraft'
export type SchedulePostBody = z.output<typeof schedulePostBodySchema>

/**
 * The posts API (the spec's Schedule tab): schedule, list, edit (and move), approve drafts, delete, refresh. Every query is scoped by the
 * signed-in user; another user's post is "not found". A post's row and its `post.publish` job change in one
 * transaction, so a post is never scheduled without a job, nor deleted with one left behind.
 */
export function createPostsService(deps: PostsServiceDeps) {
  return {
    /** POST /api/posts: the Schedule New Video form. */
    schedule(userId: string, body: SchedulePostBody): Promise<Post> {
      const time = resolveScheduleTime(body, deps.clock())
      if (!time.ok) throw invalid(time.issue)
      return orFail(deps, MESSAGES.scheduleFailed, () =>
        createPost(deps, userId, { ...body, scheduledAt: time.scheduledAt }),
      )
    },

    /** POST /api/posts/batch (batch-schedule.ts). */
    scheduleBatch(userId: string, rows: readonly BatchPostRow[]): Promise<Post[]> {
      return scheduleBatch(deps, userId, rows)
    },

    /** Schedules at an exact instant, with every rule but the form's date/time (automation; tests). */
    scheduleAt(userId: string, input: NewPost): Promise<Post> {
      return orFail(deps, MESSAGES.scheduleFailed, () => createPost(deps, userId, input))
    },

    /** GET /api/posts/calendar: the month or week as days, counts and first posts (posts-calendar.ts). */
    calendarDays(userId: string, query: CalendarDaysQuery): Promise<{ days: CalendarDay[] }> {
      return calendarDays(deps, userId, query)
    },

    /** GET /api/posts: the posts of a window, e.g. one day's "+N more" (posts-calendar.ts). */
    list(userId: string, range: { from?: string | undefined; to?: string | undefined }): Promise<CalendarPost[]> {
      return listCalendar(deps, userId, range)
    },

    /** GET /api/posts/list: the List view, a page at a time (posts-calendar.ts). */
    listPage(
      userId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<{ posts: CalendarPost[]; nextCursor: string | null }> {
      return listPage(deps, userId, query)
    },

    get(userId: string, id: string): Promise<Post> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      return view(deps, userId, id)
    },

    /** PATCH /api/posts/:id (post-edit.ts). */
    edit(userId: string, id: string, body: EditPostBody): Promise<Post> {
      return editPost(deps, userId, id, body)
    },

    // The buttons on one post (post-actions.ts, post-duplicate.ts).
    duplicate: (userId: string, id: string, body: DuplicatePostBody) => duplicatePost(deps, userId, id, body),
    postNow: (userId: string, id: string) => postNow(deps, userId, id),
    approve: (userId: string, id: string) => approvePost(deps, userId, id),
    reject: (userId: string, id: string) => rejectPost(deps, userId, id),
    /** Regenerate (automation, ADR 050): a new caption or file on a waiting post, back to awaiting approval. */
    redraft: (userId: string, id: string, change: RedraftChange) => redraftPost(deps, userId, id, change),
    remove: (userId: string, id: string) => removePost(deps, userId, id),
    retry: (userId: string, id: string) => retryPost(deps, userId, id),
    refreshStatuses: (userId: string) => refreshStatuses(deps, userId),
  }
}

export type PostsService = ReturnType<typeof createPostsService>
