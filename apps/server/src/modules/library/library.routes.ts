import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  libraryListSchema,
  useLibraryItemInputSchema,
  useLibraryItemResponseSchema,
} from '@hookpost/shared'
import { sendStoredFile } from '../media'
import type { LibraryService } from './library.service'
import { userId } from '../../lib/request-user'

const slugParams = z.object({ slug: z.string().max(64) })

/** Registered inside the authenticated scope under /api/library. */
export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (app, { library }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['library'],
        summary: 'Stock clips, your rendered videos and your slideshows',
        description:
          'Stock clips first (those made so far: `preparing` is true while the first start is still making them), ' +
          'then your rendered videos and slideshows, newest first. A slideshow is a video (`videoUrl`, `duration`) ' +
          'once exported as one; until then both are null. Filtering (all / user / generic, category, search) is ' +
          "the browser's, over this list.",
        response: {
          200: libraryListSchema,
          401: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => library.list(userId(request)),
  )

  app.post(
    '/use',
    {
      schema: {
        tags: ['library'],
        summary: 'Use a library video: it becomes a media file of yours',
        description:
          'A stock clip is copied into your media once (using it again returns the same copy); one of your rendered ' +
          'videos returns its file; one of your slideshows returns its exported MP4 (409 while it has none, or while ' +
          'it is being exported). Pass the answer’s `media.id` to `POST /api/videos`.',
        body: useLibraryItemInputSchema,
        response: {
          200: useLibraryItemResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => ({ media: await library.use(userId(request), request.body.itemId) }),
  )

  for (const [kind, summary] of [
    ['file', 'A stock clip (MP4, Range-capable)'],
    ['thumbnail', 'A stock clip’s thumbnail (JPEG)'],
  ] as const) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/stock/:slug/${kind}`,
      schema: { tags: ['library'], summary, params: slugParams },
      handler: async (request, reply) => {
        userId(request)
        const { slug } = request.params
        const file = kind === 'file' ? await library.stockVideo(slug) : await library.stockThumbnail(slug)
        return sendStoredFile(request, reply, file, { disposition: 'inline' })
      },
    })
  }
}
