import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationResponseSchema,
  notificationUnreadSchema,
} from '@hookpost/shared'
import { userId } from '../../lib/request-user'
import type { NotificationsService } from './notifications.service'

const idParams = z.object({ id: z.string().max(64) })

/**
 * Registered inside the authenticated scope under /api/notifications (ADR 034): the bell's notices and the Profile
 * page's preferences. Every query is scoped by the signed-in user; another user's notice is 404.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your newest notices (50) and how many are unread',
        response: { 200: notificationListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => notifications.list(userId(request)),
  )

  app.post(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notice read',
        params: idParams,
        response: { 200: notificationResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => notifications.markRead(userId(request), request.params.id),
  )

  app.post(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notice read',
        response: { 200: notificationUnreadSchema, 401: apiErrorSchema },
      },
    },
    async (request) => notifications.markAllRead(userId(request)),
  )

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which notifications you get (in the app and by email)',
        response: { 200: notificationPreferencesSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => notifications.preferences(userId(request)),
  )

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn each kind of notification on or off',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => notifications.setPreferences(userId(request), request.body),
  )
}
