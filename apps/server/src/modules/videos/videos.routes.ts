import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  createdVideoListSchema,
  createdVideoResponseSchema,
  createVideoInputSchema,
} from '@hookpost/shared'
import { sendStoredFile } from '../media'
import type { VideosService } from './videos.service'
import { userId } from '../../lib/request-user'

const idParams = z.object({ id: z.string().max(64) })
const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/**
 * Registered inside the authenticated scope under /api/videos: every query is scoped by the signed-in user, and
 * another user's video is 404 on every route. The file routes are plain same-origin URLs (the session cookie
 * authenticates them), so <video> and <img> can use them directly.
 */
export const videoRoutes: FastifyPluginAsyncZod<{ videos: VideosService }> = async (app, { videos }) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['videos'],
        summary: 'Create a video from one of your videos (or a hook + demo) with text overlays; rendering is queued',
        description:
          'The videos may have any shape: one that is not portrait 9:16 fills the 1080×1920 frame as `fit` says ' +
          '(blur: whole, over a blurred copy of itself; crop: its centre). Answers at once with the video `queued`; ' +
          '`video.progress` and `video.updated` events follow on /api/events.',
        body: createVideoInputSchema,
        response: { 201: createdVideoResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ video: await videos.create(userId(request), request.body) }),
  )

  app.get(
    '/',
    {
      schema: {
        tags: ['videos'],
        summary: 'Your created videos, newest first',
        response: { 200: createdVideoListSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ videos: await videos.list(userId(request)) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'One created video',
        params: idParams,
        response: { 200: createdVideoResponseSchema, ...errors },
      },
    },
    async (request) => ({ video: await videos.get(userId(request), request.params.id) }),
  )

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete a created video and its rendered files (409 while a post uses the rendered file)',
        params: idParams,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await videos.remove(userId(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['videos'],
        summary: 'Render a failed video again',
        params: idParams,
        response: { 200: createdVideoResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({ video: await videos.retry(userId(request), request.params.id) }),
  )

  const fileRoute = (url: string, summary: string, disposition: 'inline' | 'attachment') =>
    app.route({
      // HEAD is declared, not left to Fastify's automatic one, which would read the whole file to throw it away.
      method: ['GET', 'HEAD'],
      url,
      schema: {
        tags: ['videos'],
        summary,
        description:
          '200 or 206 (Range requests); 409 until the video is processed; 404 for a video that is not yours.',
        params: idParams,
      },
      handler: async (request, reply) => {
        const file = await videos.file(userId(request), request.params.id)
        return sendStoredFile(request, reply, file, { disposition })
      },
    })
  fileRoute('/:id/file', 'The rendered MP4, to play', 'inline')
  fileRoute('/:id/download', 'The rendered MP4 as a download named after the title', 'attachment')

  app.route({
    method: ['GET', 'HEAD'],
    url: '/:id/thumbnail',
    schema: {
      tags: ['videos'],
      summary: 'A JPEG frame of the rendered video, with its overlays',
      params: idParams,
    },
    handler: async (request, reply) => {
      const file = await videos.thumbnail(userId(request), request.params.id)
      return sendStoredFile(request, reply, file, { disposition: 'inline' })
    },
  })
}
