import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AI_BUSY_RETRY_SECONDS,
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
import { clientGone } from '../../lib/client-gone'
import { AppError } from '../../lib/errors'
import { FairSlotRefused, type FairSlots } from '../../lib/fair-slots'
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

/**
 * Runs one AI call in its turn (ADR 059): `calls` lets so many run at once in this process and so many per person,
 * the rest wait round-robin by person. Over their own cap a person waits rather than fails; a full waiting line is 429,
 * a wait that ran out 503, both with Retry-After. A client that goes away leaves the line.
 */
async function inTurn<T>(calls: FairSlots, request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  const gone = clientGone(reply)
  try {
    return await calls.run(userId(request), gone.signal, work)
  } catch (err) {
    if (!(err instanceof FairSlotRefused)) throw err
    reply.header('retry-after', String(AI_BUSY_RETRY_SECONDS))
    throw err.reason === 'line-full'
      ? new AppError('RATE_LIMITED', AI_MESSAGES.tooManyWaiting)
      : new AppError('SERVICE_UNAVAILABLE', AI_MESSAGES.aiBusy)
  } finally {
    gone.dispose()
  }
}

/** Registered inside the authenticated scope under /api (product.md §7: POST /api/generate?type=…). */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService; images: ImageGenerator; calls: FairSlots }> = async (
  app,
  { ai, images, calls },
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
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = userId(request)
      // Bad input is answered before the call waits for its turn.
      const { type } = request.query
      if (type === 'image') {
        const input = parseBody(generateImageInputSchema, request.body)
        return inTurn(calls, request, reply, () => images.generate(user, input))
      }
      if (type === 'hooks') {
        const input = parseBody(generateHooksInputSchema, request.body)
        return inTurn(calls, request, reply, () => ai.suggestHooks(user, input))
      }
      const input = parseBody(generateContentInputSchema, request.body)
      return inTurn(calls, request, reply, () => ai.contentIdeas(user, input))
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
    async (request, reply) => inTurn(calls, request, reply, () => ai.writeSlideshow(userId(request), request.body)),
  )
}
