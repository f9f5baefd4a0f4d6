import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { accountSyncStateSchema, analyticsSyncInputSchema, apiErrorSchema } from '@hookpost/shared'
import { parseBody } from '../../lib/parse-body'
import { userId } from '../../lib/request-user'
import type { StatsSyncService } from './stats-sync.service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
const syncResponse = z.object({ sync: accountSyncStateSchema })

/** Registered inside the authenticated scope under /api/analytics; only the signed-in person's accounts. */
export const statsSyncRoutes: FastifyPluginAsyncZod<{ statsSync: StatsSyncService }> = async (app, { statsSync }) => {
  app.post(
    '/sync',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Fetch an account’s stats from TikTok now ("Refresh stats")',
        description:
          'Body: `{ accountId }`. Queues a sync of the account unless one is queued or running, and answers 202 with ' +
          'its sync state; the SSE event `analytics.synced` follows when it is done. An account that cannot be ' +
          'synced (`missing_scope`, `reconnect_required`, `not_connected`) is not asked for again until it is ' +
          'reconnected: the state says so. 404 for an account that is not yours.',
        body: z.unknown(),
        response: { 202: syncResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = parseBody(analyticsSyncInputSchema, request.body)
      const sync = await statsSync.request(userId(request), accountId)
      return reply.code(202).send({ sync })
    },
  )

  app.get(
    '/sync',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Where the stats sync of an account stands',
        description: 'Query: `accountId`. 404 for an account that is not yours.',
        querystring: z.object({ accountId: z.string().optional() }),
        response: { 200: syncResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = parseBody(analyticsSyncInputSchema, request.query)
      return { sync: await statsSync.state(userId(request), accountId) }
    },
  )
}
