import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MESSAGES, apiErrorSchema, finalizeUploadBodySchema, finalizeUploadResponseSchema } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { parseByteRange } from './byte-range'
import type { MediaService } from './media.service'

function userId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
  return request.user.id
}

const mediaParams = z.object({ id: z.uuid() })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema }

/** RFC 6266 / 8187: an ASCII fallback plus the exact UTF-8 name. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

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
      const range = parseByteRange(request.headers.range, file.sizeBytes)
      const body = (slice?: { start: number; end: number }) => (request.method === 'HEAD' ? null : file.open(slice))
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.originalName))
        // The URL names one immutable file; only its owner may see it.
        .header('cache-control', 'private, max-age=3600')
      switch (range.kind) {
        case 'unsatisfiable':
          return reply.code(416).header('content-range', `bytes */${file.sizeBytes}`).send(null)
        case 'partial':
          return reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
            .header('content-length', range.end - range.start + 1)
            .send(body({ start: range.start, end: range.end }))
        case 'full':
          return reply.header('content-length', file.sizeBytes).send(body())
      }
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
