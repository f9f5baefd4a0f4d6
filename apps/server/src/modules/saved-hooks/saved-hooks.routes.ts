import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  SAVED_HOOKS_MAX,
  savedHookInputSchema,
  savedHookListSchema,
  savedHookResponseSchema,
} from '@hookpost/shared'
import type { SavedHooksService } from './saved-hooks.service'
import { userId } from '../../lib/request-user'

const idParams = z.object({ id: z.string().max(64) })

/**
 * Registered inside the authenticated scope under /api/saved-hooks: every query is scoped by the signed-in user, and
 * another user's hook is 404.
 */
export const savedHookRoutes: FastifyPluginAsyncZod<{ savedHooks: SavedHooksService }> = async (
  app,
  { savedHooks },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['saved-hooks'],
        summary: 'Your saved hooks, newest first',
        response: { 200: savedHookListSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ hooks: await savedHooks.list(userId(request)) }),
  )

  app.post(
    '/',
    {
      schema: {
        tags: ['saved-hooks'],
        summary: 'Save an overlay’s text and style as a hook',
        description: `The text is trimmed and must not be empty. At most ${SAVED_HOOKS_MAX} saved hooks (409 beyond).`,
        body: savedHookInputSchema,
        response: {
          201: savedHookResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send({ hook: await savedHooks.save(userId(request), request.body) }),
  )

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['saved-hooks'],
        summary: 'Delete one of your saved hooks',
        params: idParams,
        response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await savedHooks.remove(userId(request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
