import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, automationOverviewSchema, automationSettingsInputSchema } from '@hookpost/shared'
import { parseBody } from '../../lib/parse-body'
import { userId } from '../../lib/request-user'
import type { AutomationService } from './automation.service'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  500: apiErrorSchema,
  503: apiErrorSchema,
}

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
        summary: 'Make one post now and publish it as soon as it is rendered (ADR 050)',
        description:
          'With the saved settings: a hook and caption are written now, the video (or slideshow) is rendered, and ' +
          'the post is published — or sent to the TikTok inbox — through the publishing engine as soon as that is ' +
          'done; with "Review before posting" it waits for approval, due an hour from now. The answer’s newest run ' +
          'is it; its progress comes live (`automation.updated`). 400 when it cannot: "Automation is disabled", ' +
          '"No TikTok account selected", "No videos selected for automation", "No posting days selected", "Not ' +
          'enough time between start and end for N posts". 409 while an earlier Run Now post is still being made.',
        response: { 200: automationOverviewSchema, ...errors },
      },
    },
    async (request) => automation.runNow(userId(request)),
  )

  app.post(
    '/slots/:slotId/regenerate',
    {
      schema: {
        tags: ['automation'],
        summary: 'A new hook, caption and video for a planned post that has not gone out (ADR 050)',
        description:
          'The AI writer writes a different hook and caption for the same account and settings; the video is ' +
          'rendered again with it (progress live); the post keeps its time and waits for approval again. 409, ' +
          'unchanged, once it went out, was rejected, its time passed, or while a new hook is already being made; ' +
          '404 for another person’s planned post.',
        params: z.object({ slotId: z.string() }),
        response: { 200: automationOverviewSchema, ...errors },
      },
    },
    async (request) => automation.regenerate(userId(request), request.params.slotId),
  )
}
