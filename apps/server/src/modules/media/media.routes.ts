import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, finalizeUploadBodySchema, finalizeUploadResponseSchema } from '@hookpost/shared'
import type { MediaService } from './media.service'
import { sendStoredFile } from './serve-file'
import { userId } from '../../lib/request-user'

const mediaParams = z.object({ id: z.uuid() })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema }

/** Registered inside the authenticated scope: request.user is set. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.post(
    '/media',
    {
      schema: {
        tags: ['media'],
        summary: 'Check a finished upload and keep it as a video',
        description:
          'Magic bytes (MP4/MOV `ftyp`, WebM EBML), the container sizes (cut-off files), ffprobe, then TikTok’s media ' +
          'rules (H.264/H.265/VP8/VP9, 23–60 fps, 360–4096 px per side, up to 10 minutes). On any failure the upload ' +
          'is deleted and the message says why.',
        body: finalizeUploadBodySchema,
        response: {
          201: finalizeUploadResponseSchema,
          ...errors,
          409: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await media.finalize(userId(request), request.body.uploadId)
      return reply.code(201).send({ media: result })
    },
  )

  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'One of your videos',
        params: mediaParams,
        response: { 200: finalizeUploadResponseSchema, ...errors },
      },
    },
    async (request) => ({ media: await media.get(userId(request), request.params.id) }),
  )

  app.route({
    // HEAD is declared, not left to Fastify's automatic one, which would read the whole file to throw it away.
    method: ['GET', 'HEAD'],
    url: '/media/:id/file',
    schema: {
      tags: ['media'],
      summary: 'The video file, for previews (supports Range requests)',
      description: '200 or 206 with the bytes and their video/* type; 404 for a video that is not yours.',
      params: mediaParams,
    },
    handler: async (request, reply) => {
      const file = await media.file(userId(request), request.params.id)
      return sendStoredFile(request, reply, file, { disposition: 'inline' })
    },
  })

  app.delete(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Delete one of your videos (409 while a post uses it)',
        params: mediaParams,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await media.remove(userId(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
