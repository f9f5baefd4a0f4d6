import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Readable } from 'node:stream'
import { z } from 'zod'
import {
  accountsOverviewQuerySchema,
  analyticsQuerySchema,
  apiErrorSchema,
  topPostsQuerySchema,
} from '@hookpost/shared'
import { userId } from '../../lib/request-user'
import type { AnalyticsService } from './analytics.service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema }
/** The 200 answers are the contract's interfaces (not zod schemas): documented by name, sent as they are. */
const answer = (name: string) => ({ 200: z.unknown().describe(`${name} (packages/shared analytics.ts)`), ...errors })
const rangeDescription =
  'For one of your accounts (404 for anyone else’s) and the days from `from` to `to` inclusive in the IANA zone ' +
  '`tz` (at most 366 days; 400 otherwise).'

/**
 * Registered inside the authenticated scope under /api/analytics (issue 19; DTOs in packages/shared analytics.ts,
 * whose interfaces are the 200 answers). Every query is scoped by the signed-in user.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.get(
    '/overview',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Totals, growth against the previous period, and the daily series',
        description: rangeDescription,
        querystring: analyticsQuerySchema,
        response: answer('AnalyticsOverview'),
      },
    },
    async (request) => analytics.overview(userId(request), request.query),
  )

  app.get(
    '/accounts',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'All accounts: each of your accounts’ followers and what it gained and published in the range, and the sums',
        description:
          'Every TikTok account of yours (no one else’s), in the order they were added, for the days from `from` to ' +
          '`to` inclusive in the IANA zone `tz` (at most 366 days; 400 otherwise). One statement, however many accounts.',
        querystring: accountsOverviewQuerySchema,
        response: answer('AccountsOverview'),
      },
    },
    async (request) => analytics.accountsOverview(userId(request), request.query),
  )

  app.get(
    '/top-posts',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The best posts published in the range, with their first week’s views curve',
        description: rangeDescription,
        querystring: topPostsQuerySchema,
        response: answer('{ posts: TopPost[] }'),
      },
    },
    async (request) => analytics.topPosts(userId(request), request.query),
  )

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Which hooks win: posts grouped by concept, tone, overlay style, hook text and source video',
        description: rangeDescription,
        querystring: analyticsQuerySchema,
        response: answer('Leaderboard'),
      },
    },
    async (request) => analytics.leaderboard(userId(request), request.query),
  )

  app.get(
    '/export.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: 'One CSV row per post published in the range',
        description: rangeDescription,
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('The CSV file (text/csv; charset=utf-8), streamed'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, chunks } = await analytics.exportCsv(userId(request), request.query)
      // Written as the pages arrive, at the pace the client reads (ADR 055).
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks))
    },
  )
}
