import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, automationOverviewSchema, automationSettingsInputSchema } from '@hookpost/shared'
import { parseBody } from '../../lib/parse-body'
import { userId } from '../../lib/request-user'
import type { AutomationService } from './automation.service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/** Registered inside the authenticated scope under /api/automation; everything is the signed-in person's. */
export const automationRoutes: FastifyPluginAsyncZod<{ automation: AutomationService }> = async (
  app,
  { automation },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['automation'],
        summary: 'Your automation settings (the defaults until saved) and the newest runs with their planned posts',
        response: { 200: automationOverviewSchema, ...errors },
      },
    },
    async (request) => automation.overview(userId(request)),
  )

  app.put(
    '/',
    {
      schema: {
        tags: ['automation'],
        summary: 'Save the settings; turning on (or changing them while on) plans the coming posting days now',
        description:
          'Body: `AutomationSettingsBody`. Turning automation off cancels the planned posts that have not gone out. ' +
          'Turning it on, or changing what planning reads while it is on, cancels those and plans the coming days ' +
          'again. 400 with the spec’s messages (`details[].path` names the field).',
        body: z.unknown(),
        response: { 200: automationOverviewSchema, ...errors },
      },
    },
    async (request) => automation.save(userId(request), parseBody(automationSettingsInputSchema, request.body)),
  )

  app.post(
    '/run-now',
    {
      schema: {
        tags: ['automation'],
        summary: 'Plan the next posts now (the next posting days not planned yet, at least 3 posts)',
        description:
          '400 when it cannot: "Automation is disabled", "No TikTok account selected", "No videos selected for ' +
          'automation", "No posting days selected", "Not enough time between start and end for N posts".',
        response: { 200: automationOverviewSchema, ...errors },
      },
    },
    async (request) => automation.runNow(userId(request)),
  )
}
