import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  generateContentInputSchema,
  generateContentResponseSchema,
  generateHooksInputSchema,
  generateHooksResponseSchema,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { AiService } from './ai.service'
import { userId } from '../../lib/request-user'

/** The body for `type`, or a 400 with every problem in the schema's (the spec's) words. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details)
}

/** Registered inside the authenticated scope under /api (spec §7: POST /api/generate?type=…). */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService }> = async (app, { ai }) => {
  app.post(
    '/generate',
    {
      schema: {
        tags: ['ai'],
        summary: 'Hook suggestions (type=hooks) or content ideas (type=video-content)',
        description:
          'Written for the TikTok account by the built-in offline generator, or by the configured model. `success` ' +
          'is false (with the spec’s message) when generation failed; nothing made up is returned then. Bodies: ' +
          '`GenerateHooksInput` for type=hooks, `GenerateContentInput` for type=video-content.',
        querystring: z.object({ type: z.enum(['hooks', 'video-content']) }),
        body: z.unknown(),
        response: {
          200: z.union([generateHooksResponseSchema, generateContentResponseSchema]),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = userId(request)
      if (request.query.type === 'hooks') {
        return ai.suggestHooks(user, parseBody(generateHooksInputSchema, request.body))
      }
      return ai.contentIdeas(user, parseBody(generateContentInputSchema, request.body))
    },
  )
}
