import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { appInfoSchema, healthSchema, type AppInfo } from '@hookpost/shared'

export interface HealthDeps {
  databaseKind: 'pglite' | 'postgres'
  pingDatabase: () => Promise<boolean>
  pingQueue: () => Promise<boolean>
  queueNames: readonly string[]
  appInfo: AppInfo
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Database and queue status',
        description: '200 when both are up, 503 otherwise.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const [db, queue] = await Promise.all([deps.pingDatabase(), deps.pingQueue()])
      reply.header('cache-control', 'no-store')
      return reply.status(db && queue ? 200 : 503).send({
        status: db && queue ? 'ok' : 'degraded',
        database: { status: db ? 'up' : 'down', kind: deps.databaseKind },
        queue: { status: queue ? 'up' : 'down', queues: [...deps.queueNames] },
      })
    },
  )

  app.get(
    '/app-info',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public facts the web needs before sign-in (support address, sandbox and outbox flags)',
        response: { 200: appInfoSchema },
      },
    },
    async () => deps.appInfo,
  )
}
