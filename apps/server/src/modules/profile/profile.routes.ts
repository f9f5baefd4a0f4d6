import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema, profileSchema, updateProfileBodySchema } from '@hookpost/shared'
import type { ProfileService } from './profile.service'
import { userId } from '../../lib/request-user'

/** Registered inside the authenticated scope: request.user is set. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (app, { profiles }) => {
  app.get(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        response: { 200: profileSchema, 401: apiErrorSchema },
      },
    },
    async (request) => profiles.get(userId(request)),
  )

  app.put(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update the profile (time zone)',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => profiles.setTimeZone(userId(request), request.body.timeZone),
  )
}
