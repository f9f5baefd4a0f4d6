import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  exportSlideshowInputSchema,
  slideshowInputSchema,
  slideshowListSchema,
  slideshowResponseSchema,
} from '@hookpost/shared'
import { sendStoredFile } from '../media'
import { userId } from '../../lib/request-user'
import type { SlideshowsService } from './slideshows.service'

const idParams = z.object({ id: z.string().max(64) })
const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/**
 * Registered inside the authenticated scope under /api/slideshows (issue 29, ADR 039): every query is scoped by the
 * signed-in user, and another user's slideshow, image, video or photo set is 404. The file routes are plain
 * same-origin URLs (the session cookie authenticates them), so <img> can use them directly.
 */
export const slideshowRoutes: FastifyPluginAsyncZod<{ slideshows: SlideshowsService }> = async (
  app,
  { slideshows },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Your slideshows, newest first',
        response: { 200: slideshowListSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ slideshows: await slideshows.list(userId(request)) }),
  )

  app.post(
    '/',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Create a slideshow (1–35 slides with text overlays); rendering to JPEGs is queued',
        description:
          'Each slide’s background is an image of your gallery (`{kind:"image",imageId}`) or a frame of one of your ' +
          'videos (`{kind:"clip",mediaId,atMs}`, atMs within the video). Answers at once with the slideshow `queued`; ' +
          '`slideshow.updated` events on /api/events carry its progress until it is `processed` (with `photoSetId`).',
        body: slideshowInputSchema,
        response: { 201: slideshowResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ slideshow: await slideshows.create(userId(request), request.body) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'One slideshow',
        params: idParams,
        response: { 200: slideshowResponseSchema, ...errors },
      },
    },
    async (request) => ({ slideshow: await slideshows.get(userId(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Replace the slides, title and cover; they are rendered into a new photo set',
        description:
          'The previous photo set stays for the posts scheduled with it (photo sets never change). Until the new ' +
          'render is done, `photoSetId` and the slides’ `imageUrl` are null.',
        params: idParams,
        body: slideshowInputSchema,
        response: { 200: slideshowResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({
      slideshow: await slideshows.replace(userId(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Delete a slideshow; its photo sets go too, except those a post uses',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await slideshows.remove(userId(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Render a failed slideshow again',
        params: idParams,
        response: { 200: slideshowResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({ slideshow: await slideshows.retry(userId(request), request.params.id) }),
  )

  app.post(
    '/:id/export',
    {
      schema: {
        tags: ['slideshows'],
        summary: 'Export the rendered slideshow as an MP4 (seconds per slide), a video you can schedule',
        description:
          'Queued; `slideshow.updated` events carry `export.progress`. When `export.state` is `processed`, ' +
          '`export.mediaId` is a video of yours (schedulable like any) and `export.videoUrl` plays it. 409 before ' +
          'the slides are rendered or while an export runs.',
        params: idParams,
        body: exportSlideshowInputSchema,
        response: { 200: slideshowResponseSchema, 400: apiErrorSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      slideshow: await slideshows.export(userId(request), request.params.id, request.body),
    }),
  )

  app.route({
    // HEAD is declared, not left to Fastify's automatic one, which would read the whole file to throw it away.
    method: ['GET', 'HEAD'],
    url: '/photo-sets/:photoSetId/images/:index',
    schema: {
      tags: ['slideshows'],
      summary: 'One rendered 1080×1920 JPEG of a photo set of yours (a slide’s `imageUrl`)',
      params: z.object({ photoSetId: z.string().max(64), index: z.coerce.number().int().min(0).max(34) }),
    },
    handler: async (request, reply) => {
      const { photoSetId, index } = request.params
      const file = await slideshows.photoSetImage(userId(request), photoSetId, index)
      return sendStoredFile(request, reply, file, { disposition: 'inline' })
    },
  })

  app.route({
    method: ['GET', 'HEAD'],
    url: '/stills/:mediaId',
    schema: {
      tags: ['slideshows'],
      summary: 'A JPEG frame of one of your videos at `atMs` (a clip slide’s `sourceUrl`, usable before saving)',
      params: z.object({ mediaId: z.string().max(64) }),
      querystring: z.object({ atMs: z.coerce.number().int().min(0) }),
    },
    handler: async (request, reply) => {
      const file = await slideshows.still(userId(request), request.params.mediaId, request.query.atMs)
      return sendStoredFile(request, reply, file, { disposition: 'inline' })
    },
  })
}
