import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  apiErrorSchema,
  saveVideoDraftInputSchema,
  VIDEO_DRAFT_MAX_BYTES,
  videoDraftResponseSchema,
} from '@hookpost/shared'
import { userId } from '../../lib/request-user'
import type { VideoDraftsService } from './video-drafts.service'

/**
 * Twice the draft's own limit: a body up to it is read, so a draft that is too large gets the draft's own message
 * (VIDEO_DRAFT_MESSAGES.tooLarge) rather than the generic one for an oversized body.
 */
const BODY_LIMIT = 2 * VIDEO_DRAFT_MAX_BYTES

/** Registered inside the authenticated scope under /api/video-draft: the signed-in person's one draft. */
export const videoDraftRoutes: FastifyPluginAsyncZod<{ videoDrafts: VideoDraftsService }> = async (
  app,
  { videoDrafts },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['videos'],
        summary: 'Your Create form draft',
        description: 'Revision 0 and no content when none was saved. Videos deleted since are listed in `dropped`.',
        response: { 200: videoDraftResponseSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ draft: await videoDrafts.get(userId(request)) }),
  )

  app.put(
    '/',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['videos'],
        summary: 'Save your Create form draft (content null clears it)',
        description:
          'Send the revision last read or saved; 409 when the draft was saved elsewhere since. ' +
          `At most ${VIDEO_DRAFT_MAX_BYTES / 1024} KB of content (413 beyond).`,
        body: saveVideoDraftInputSchema,
        response: {
          200: videoDraftResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => ({ draft: await videoDrafts.save(userId(request), request.body) }),
  )
}
