import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  saveImageInputSchema,
  saveImageResponseSchema,
  savedImagesResponseSchema,
  transformToVideoInputSchema,
  transformToVideoResponseSchema,
  uploadImageResponseSchema,
} from '@hookpost/shared'
import { sendStoredFile } from '../media'
import { parseBody } from '../../lib/parse-body'
import { userId } from '../../lib/request-user'
import type { ImagesService } from './images.service'

const idParams = z.object({ id: z.string().max(64) })

/** `X-File-Name` is URI-encoded (a header carries ASCII only); a missing or broken one is no name. */
function headerFileName(header: string | string[] | undefined): string {
  if (typeof header !== 'string') return ''
  try {
    return decodeURIComponent(header)
  } catch {
    return ''
  }
}

/**
 * Registered inside the authenticated scope under /api (product.md §7: /api/save-image, /api/get-saved-images,
 * /api/transform-to-video; /api/generate?type=image is in the AI routes). Every query is scoped by the signed-in user;
 * another user's image is 404.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  // An upload is the image's bytes as the body (`Content-Type: image/…`); what they really are is read from them.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  )

  app.post(
    '/save-image',
    {
      schema: {
        tags: ['images'],
        summary: 'Save an image to your gallery',
        body: z.unknown(),
        response: {
          200: saveImageResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => images.save(userId(request), parseBody(saveImageInputSchema, request.body).imageId),
  )

  app.get(
    '/get-saved-images',
    {
      schema: {
        tags: ['images'],
        summary: 'Your saved images, newest saved first',
        response: { 200: savedImagesResponseSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ success: true, images: await images.listSaved(userId(request)) }),
  )

  app.post(
    '/images',
    {
      schema: {
        tags: ['images'],
        summary: 'Upload an image (PNG, JPEG or WebP, at most 10 MB) to turn into a video',
        description:
          'The body is the file itself, with `Content-Type: image/png` (or jpeg, webp) and the file name in ' +
          '`X-File-Name` (URI-encoded). It goes straight into your gallery.',
        response: {
          201: uploadImageResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = userId(request)
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const fileName = headerFileName(request.headers['x-file-name'])
      return reply.code(201).send({ image: await images.upload(user, body, fileName) })
    },
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: '/images/:id/file',
    schema: { tags: ['images'], summary: 'One of your images', params: idParams },
    handler: async (request, reply) => {
      const file = await images.file(userId(request), request.params.id)
      return sendStoredFile(request, reply, file, { disposition: 'inline' })
    },
  })

  app.post(
    '/transform-to-video',
    {
      schema: {
        tags: ['images'],
        summary: 'Make a 9:16 video from an image (slow zoom and pan) or from a demo video',
        description:
          '`videoSource: "image"` with `imageId` (one of your images), or `videoSource: "demo"` with `demoMediaId` ' +
          '(a media file of yours, e.g. a Library clip from `POST /api/library/use`). The video is created and ' +
          'queued for rendering like any other (live progress on `GET /api/events`); `videoUrl` plays once rendered.',
        body: z.unknown(),
        response: {
          201: transformToVideoResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const input = parseBody(transformToVideoInputSchema, request.body)
      return reply.code(201).send(await images.transform(userId(request), input))
    },
  )
}
