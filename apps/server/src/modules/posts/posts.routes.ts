import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  BATCH_MAX_ROWS,
  batchScheduleBodySchema,
  calendarDaysQuerySchema,
  calendarDaysSchema,
  calendarPostListSchema,
  calendarPostPageSchema,
  duplicatePostBodySchema,
  editPostBodySchema,
  postListSchema,
  postSchema,
  postsPageQuerySchema,
  postsRangeQuerySchema,
  schedulePostBodySchema,
} from '@hookpost/shared'
import type { PostsService } from './posts.service'
import type { AnswerCache } from '../../lib/answer-cache'
import { userId } from '../../lib/request-user'

const idParams = z.object({ id: z.string().max(64) })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema }
/** A full batch with every description at TikTok's 2,200 characters (up to 4 bytes each in UTF-8) still fits. */
const BATCH_BODY_LIMIT = BATCH_MAX_ROWS * 10 * 1024

/**
 * Registered inside the authenticated scope under /api/posts: every query is scoped by the signed-in user. The calendar
 * reads are answered from `answers` (ADR 053), kept per user and query string, dropped by the database's announcement
 * of any write to them.
 */
export const postRoutes: FastifyPluginAsyncZod<{ posts: PostsService; answers: AnswerCache }> = async (
  app,
  { posts, answers },
) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['posts'],
        summary: 'Schedule a video on TikTok at a date and time in a time zone',
        description:
          'Checks the time (not in the past, not inside a daylight-saving gap), the video, and the account against ' +
          "TikTok's fresh creator info (privacy options, disabled interactions, maximum duration), then queues it.",
        body: schedulePostBodySchema,
        response: {
          201: z.object({ post: postSchema }),
          ...errors,
          409: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send({ post: await posts.schedule(userId(request), request.body) }),
  )

  app.post(
    '/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags: ['posts'],
        summary: `Schedule up to ${BATCH_MAX_ROWS} videos at once: all of them, or none`,
        description:
          'Each row is a Schedule New Video form, checked by the same rules with the same messages. When any row ' +
          'breaks one, nothing is created and the 400 lists every problem as details with the path ' +
          '`rows.<index>.<field>` (index from 0, in the order sent). Otherwise every post and its publish job are ' +
          'created in one transaction and returned in that order.',
        body: batchScheduleBodySchema,
        response: {
          201: postListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ posts: await posts.scheduleBatch(userId(request), request.body.rows) }),
  )

  app.get(
    '/',
    {
      schema: {
        tags: ['posts'],
        summary: 'The calendar: posts whose time is in [from, to), by time, as CalendarPost (at most 62 days)',
        description:
          'Only what a calendar cell or a list row shows; GET /api/posts/{id} has the whole post. Without from and ' +
          'to: a month either side of now; with one of them, 62 days from it. 400 for a window wider than 62 days.',
        querystring: postsRangeQuerySchema,
        response: { 200: calendarPostListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userId(request)
      const { from, to } = request.query
      // Without both ends the window follows the clock: not an answer to keep.
      if (from === undefined || to === undefined) return { posts: await posts.list(user, request.query) }
      return answers.send(request, reply, user, `posts?${from}&${to}`, async () => ({
        posts: await posts.list(user, request.query),
      }))
    },
  )

  app.get(
    '/calendar',
    {
      schema: {
        tags: ['posts'],
        summary: 'The calendar as days: per day, the count of posts in each state and its first few posts',
        description:
          'Days are counted in `zone` (the display zone); only days with posts are listed; `accountId` narrows to ' +
          'one account. Each day carries its first 3 posts by time; GET /api/posts?from&to with the day’s bounds has ' +
          'the whole day. At most 62 days. Answers are kept per user and range until one of that user’s posts changes.',
        querystring: calendarDaysQuerySchema,
        response: { 200: calendarDaysSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = userId(request)
      const { from, to, zone, accountId } = request.query
      return answers.send(request, reply, user, `calendar?${from}&${to}&${zone}&${accountId ?? ''}`, () =>
        posts.calendarDays(user, request.query),
      )
    },
  )

  app.get(
    '/list',
    {
      schema: {
        tags: ['posts'],
        summary: 'The List view, a page at a time: upcoming posts soonest first, then past ones latest first',
        description:
          'limit 1–100 (default 50). Pass the answer’s nextCursor as cursor for the next page; it is null on the last ' +
          'page. 400 for a cursor this server did not give.',
        querystring: postsPageQuerySchema,
        response: { 200: calendarPostPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => posts.listPage(userId(request), request.query),
  )

  app.post(
    '/refresh-status',
    {
      schema: {
        tags: ['posts'],
        summary: 'Ask TikTok now about posts it is processing or that ended unconfirmed',
        response: { 200: postListSchema, 401: apiErrorSchema, 500: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => ({ posts: await posts.refreshStatuses(userId(request)) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'One post, whole (the details a dialog shows)',
        params: idParams,
        response: { 200: z.object({ post: postSchema }), ...errors },
      },
    },
    async (request) => ({ post: await posts.get(userId(request), request.params.id) }),
  )

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['posts'],
        summary:
          'Edit a post that has not started to go out: caption, who can see it, interactions, disclosure, account, ' +
          'video, time',
        description:
          'Drafts and scheduled posts, manual or automation’s. Every field is optional; a new time is date + time + ' +
          'time zone together. Checked like scheduling (lengths, the creator’s fresh privacy options and toggles, the ' +
          'video’s length, a time in the future); a new account or video is checked again against that creator. A ' +
          'new time moves the publish job in the same transaction; a queued post moved to another account leaves its ' +
          'queue. 404 for another user’s post, account, video or slideshow; 409 once it is being published or done. ' +
          'A skipped draft given a new time awaits approval again.',
        params: idParams,
        body: editPostBodySchema,
        response: { 200: z.object({ post: postSchema }), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ post: await posts.edit(userId(request), request.params.id, request.body) }),
  )

  app.post(
    '/:id/approve',
    {
      schema: {
        tags: ['posts'],
        summary: 'Approve a draft awaiting approval: it is posted at its time',
        description: '409 when it is not a draft, or its time has passed (then it is skipped, never posted).',
        params: idParams,
        response: { 200: z.object({ post: postSchema }), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ post: await posts.approve(userId(request), request.params.id) }),
  )

  app.post(
    '/:id/reject',
    {
      schema: {
        tags: ['posts'],
        summary: 'Reject a draft awaiting approval: it is skipped for good and never posted (ADR 048)',
        description:
          'Its publish job is cancelled with it. A rejected post cannot be approved or given a new time. Rejecting it ' +
          'again answers it unchanged; 409 for any other post that is not a draft; 404 for another user’s post.',
        params: idParams,
        response: { 200: z.object({ post: postSchema }), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ post: await posts.reject(userId(request), request.params.id) }),
  )

  app.post(
    '/:id/duplicate',
    {
      schema: {
        tags: ['posts'],
        summary: 'New scheduled posts with the same video, caption and settings, on one or several accounts',
        description:
          'Any of the user’s posts, in any state: only its video (or photo set), caption and TikTok settings are ' +
          'copied (never its publishing), one new post per account in `accounts` (default: the post’s own), with the ' +
          'settings given for an account replacing the copied ones for it. Each copy is checked like scheduling (the ' +
          'creator’s fresh options, the video’s length, drafts, the time). All or none: when an account cannot take ' +
          'its copy, nothing is created and the 400 names each such account, with `details` at ' +
          '`accounts.<index>.<field>`. 404 for another user’s post or account; 409 when its video is gone.',
        params: idParams,
        body: duplicatePostBodySchema,
        response: {
          201: postListSchema,
          ...errors,
          409: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ posts: await posts.duplicate(userId(request), request.params.id, request.body) }),
  )

  app.post(
    '/:id/post-now',
    {
      schema: {
        tags: ['posts'],
        summary: 'Post a scheduled post now instead of at its time (published once, by the usual engine)',
        description:
          'Its time becomes now and its publish job moves to now, in one transaction; its progress arrives over the ' +
          'live events. 409, unchanged, for a draft awaiting approval and for a post being published or done.',
        params: idParams,
        response: { 200: z.object({ post: postSchema }), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ post: await posts.postNow(userId(request), request.params.id) }),
  )

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['posts'],
        summary: 'Post a failed post again, now (a new video/init: TikTok published nothing of the failed one)',
        params: idParams,
        response: { 200: z.object({ post: postSchema }), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ post: await posts.retry(userId(request), request.params.id) }),
  )

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete a post (not while it is being published)',
        params: idParams,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await posts.remove(userId(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
