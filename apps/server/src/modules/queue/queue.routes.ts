import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountQueueResponseSchema,
  addToQueueBodySchema,
  addToQueueResponseSchema,
  apiErrorSchema,
  queueListSchema,
  queueMoveBodySchema,
  queueSlotsBodySchema,
} from '@hookpost/shared'
import { userId } from '../../lib/request-user'
import type { QueueService } from './queue.service'

const accountParams = z.object({ accountId: z.string().max(64) })
const entryParams = z.object({ accountId: z.string().max(64), entryId: z.string().max(64) })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }

/** Registered inside the authenticated scope under /api/queue: every query is scoped by the signed-in user. */
export const queueRoutes: FastifyPluginAsyncZod<{ queue: QueueService }> = async (app, { queue }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['queue'],
        summary: "Every account's queue: slots, zone, paused or not, its posts in order and the next free slots",
        response: { 200: queueListSchema, 401: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request) => ({ queues: await queue.list(userId(request)) }),
  )

  app.put(
    '/:accountId/slots',
    {
      schema: {
        tags: ['queue'],
        summary: "Set an account's posting slots (weekday 0 = Sunday, time HH:mm in the account's zone)",
        description: 'Replaces them all. At most 50, each weekday and time once.',
        params: accountParams,
        body: queueSlotsBodySchema,
        response: { 200: accountQueueResponseSchema, ...errors },
      },
    },
    async (request) => ({
      queue: await queue.setSlots(userId(request), request.params.accountId, request.body.slots),
    }),
  )

  app.post(
    '/:accountId/posts',
    {
      schema: {
        tags: ['queue'],
        summary: "Add to queue: schedule a video at the account's next free slot",
        description:
          'The earliest slot time in the future that no post of the account holds. Checked like scheduling. 409 ' +
          'without slots, with every slot of the coming year taken, or while the queue is paused.',
        params: accountParams,
        body: addToQueueBodySchema,
        response: { 201: addToQueueResponseSchema, ...errors, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await queue.add(userId(request), request.params.accountId, request.body)),
  )

  app.post(
    '/:accountId/entries/:entryId/move',
    {
      schema: {
        tags: ['queue'],
        summary: 'Move a queued post up or down: it swaps its time with its neighbour (the videos stay)',
        params: entryParams,
        body: queueMoveBodySchema,
        response: { 200: accountQueueResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      queue: await queue.move(
        userId(request),
        request.params.accountId,
        request.params.entryId,
        request.body.direction,
      ),
    }),
  )

  app.post(
    '/:accountId/pause',
    {
      schema: {
        tags: ['queue'],
        summary: 'Pause the queue: its scheduled posts are held (not posted) until it is resumed',
        params: accountParams,
        response: { 200: accountQueueResponseSchema, ...errors },
      },
    },
    async (request) => ({ queue: await queue.pause(userId(request), request.params.accountId) }),
  )

  app.post(
    '/:accountId/resume',
    {
      schema: {
        tags: ['queue'],
        summary: 'Resume the queue: held posts are scheduled again, in order, at the next free slots',
        description: 'All or nothing: 409 saying why when one cannot be, and the queue stays paused.',
        params: accountParams,
        response: { 200: accountQueueResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({ queue: await queue.resume(userId(request), request.params.accountId) }),
  )
}
