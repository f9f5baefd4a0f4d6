import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  editPostBodySchema,
  MESSAGES,
  postListSchema,
  postSchema,
  schedulePostBodySchema,
} from '@hookpost/shared'
import type { PostsService } from './posts.service'
import { userId } from '../../lib/request-user'

const idParams = z.object({ id: z.string().max(64) })
const rangeQuery = z.object({
  from: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }).optional(),
  to: z.iso.datetime({ offset: true, message: MESSAGES.dateRangeInvalid }).optional(),
})
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema }

/** Registered inside the authenticated scope under /api/posts: every query is scoped by the signed-in user. */
export const postRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
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

  app.get(
    '/',
    {
      schema: {
        tags: ['posts'],
        summary: 'Posts whose time is in [from, to), by time (default: a month back to a year ahead)',
        querystring: rangeQuery,
        response: { 200: postListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ posts: await posts.list(userId(request), request.query) }),
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
        summary: 'One post',
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
        summary: 'Edit a post that has not started to go out: caption, who can see it, interactions, time',
        description:
          'Drafts and scheduled posts, manual or automation’s. Every field is optional; a new time is date + time + ' +
          'time zone together. Checked like scheduling (lengths, the creator’s fresh privacy options and toggles, a ' +
          'time in the future); a new time moves the publish job in the same transaction. 409 once it is being ' +
          'published or done. A skipped draft given a new time awaits approval again.',
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
