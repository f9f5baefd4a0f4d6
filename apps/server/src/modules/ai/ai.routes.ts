import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AI_GENERATE_PER_MINUTE,
  AI_MESSAGES,
  apiErrorSchema,
  generateContentInputSchema,
  generateContentResponseSchema,
  generateImageInputSchema,
  generateImageResponseSchema,
  generateHooksInputSchema,
  generateHooksResponseSchema,
  type GenerateImageResponse,
  writeSlideshowInputSchema,
  writeSlideshowResponseSchema,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { parseBody } from '../../lib/parse-body'
import type { AiService } from './ai.service'
import { userId } from '../../lib/request-user'

/**
 * What type=image needs: the images module's service (which stores the picture) fits it. Declared here so ai/ does not
 * import images/, which imports ai/ for the image makers.
 */
export interface ImageGenerator {
  generate(userId: string, input: z.output<typeof generateImageInputSchema>): Promise<GenerateImageResponse>
}

/** Registered inside the authenticated scope under /api (product.md §7: POST /api/generate?type=…). */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService; images: ImageGenerator }> = async (
  app,
  { ai, images },
) => {
  // One person's AI requests a minute (ADR 055), both routes counting together (one limiter, one store), per person
  // rather than per address: a household behind one address shares nothing, a person on two networks gets no more. A
  // preHandler, so after the session guard: the person is known. 429 with Retry-After and how long to wait.
  const perPersonAiLimit = app.rateLimit({
    max: AI_GENERATE_PER_MINUTE,
    timeWindow: '1 minute',
    // Says what it counts: a limiter outside a route shares its store's `limiter:` keys (http/rate-limit-store.ts).
    keyGenerator: (request) => `ai-generate:user:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', AI_MESSAGES.tooManyGenerations(Math.max(1, Math.ceil(context.ttl / 1000)))),
  })

  app.post(
    '/generate',
    {
      preHandler: perPersonAiLimit,
      schema: {
        tags: ['ai'],
        summary: 'Hook suggestions (type=hooks), content ideas (type=video-content) or an image (type=image)',
        description:
          'Written for the TikTok account by the built-in offline generator, or by the configured model. `success` ' +
          'is false (with the spec’s message) when generation failed; nothing made up is returned then. Bodies: ' +
          '`GenerateHooksInput` for type=hooks, `GenerateContentInput` for type=video-content, `GenerateImageInput` for ' +
          'type=image (without an image model: the offline text card, `fallback: true` with a message saying so).',
        querystring: z.object({ type: z.enum(['hooks', 'video-content', 'image']) }),
        body: z.unknown(),
        response: {
          200: z.union([generateHooksResponseSchema, generateContentResponseSchema, generateImageResponseSchema]),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = userId(request)
      if (request.query.type === 'image') {
        return images.generate(user, parseBody(generateImageInputSchema, request.body))
      }
      if (request.query.type === 'hooks') {
        return ai.suggestHooks(user, parseBody(generateHooksInputSchema, request.body))
      }
      return ai.contentIdeas(user, parseBody(generateContentInputSchema, request.body))
    },
  )

  app.post(
    '/generate/slideshow',
    {
      preHandler: perPersonAiLimit,
      schema: {
        tags: ['ai'],
        summary: 'The text of a slideshow: a hook slide, N point slides and a call to action (issue 29)',
        description:
          'Written about `topic` for the TikTok account’s audience, niche and goals (`accountId`; without it, for ' +
          'no one in particular) by the built-in offline generator, or by the configured model. 503 with the reason ' +
          'when the model gave nothing usable; nothing made up is returned then.',
        body: writeSlideshowInputSchema,
        response: {
          200: writeSlideshowResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => ai.writeSlideshow(userId(request), request.body),
  )
}
