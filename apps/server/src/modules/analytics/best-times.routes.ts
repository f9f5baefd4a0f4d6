import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ANALYTICS_MESSAGES, apiErrorSchema, WEEKDAYS } from '@hookpost/shared'
import { userId } from '../../lib/request-user'
import type { BestTimesService } from './best-times.repository'

const weekday = z.enum(WEEKDAYS)
/** The contract's BestTimes (packages/shared/src/analytics.ts), for the response serialiser and the API docs. */
const bestTimesSchema = z
  .object({
    accountId: z.string(),
    timeZone: z.string(),
    posts: z.number().int(),
    minPosts: z.number().int(),
    enough: z.boolean(),
    message: z.string().nullable(),
    cells: z.array(
      z.object({ weekday, hour: z.number().int(), posts: z.number().int(), relativeViews: z.number().nullable() }),
    ),
    suggestions: z.array(
      z.object({ weekday, hour: z.number().int(), relativeViews: z.number(), posts: z.number().int() }),
    ),
  })
  .meta({ id: 'BestTimes' })

/** Registered inside the authenticated scope under /api/analytics: another user's account is 404. */
export const bestTimesRoutes: FastifyPluginAsyncZod<{ bestTimes: BestTimesService }> = async (app, { bestTimes }) => {
  app.get(
    '/best-times',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Best time to post: a weekday × hour map of the account’s posts and the best hours',
        description:
          'From the account’s whole history, in the IANA zone `tz` when given, else in the account’s time zone (UTC ' +
          'when it has none). Each cell is the geometric ' +
          'mean of its posts’ views relative to the account’s typical post; suggestions rank cells shrunk toward 1× ' +
          '(three imaginary typical posts each), need 2 posts and beat 1×. Under the minimum of posts `enough` is ' +
          'false and `suggestions` is empty.',
        querystring: z.object({
          accountId: z.uuid({ message: ANALYTICS_MESSAGES.accountRequired }),
          tz: z.string().min(1).max(64).optional(),
        }),
        response: { 200: bestTimesSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => bestTimes.forAccount(userId(request), request.query.accountId, request.query.tz),
  )
}
