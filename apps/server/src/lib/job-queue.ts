import { PgBoss, fromPglite } from 'pg-boss'
import type { PGlite } from '@electric-sql/pglite'
import { z } from 'zod'

/**
 * The typed job registry: every job name, its payload schema and its queue policy. pg-boss stores jobs in the same
 * database as everything else (ADR 003). Starting workers without a handler for every job here refuses to boot.
 */
export const JOBS = {
  'mail.send': {
    payload: z.object({ outboxId: z.uuid() }),
    // SMTP servers have bad minutes: retry with back-off for about an hour, then the outbox row says `failed`.
    queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  'tiktok.refresh-tokens': {
    payload: z.object({}),
    // Access tokens may live only 2 hours (tiktok-api.md §1.5): every 15 minutes refresh those expiring within the hour,
    // so posting never starts with a stale token and refresh tokens stay in use. A missed run is harmless.
    queue: { retryLimit: 0, expireInSeconds: 600 },
    cron: '*/15 * * * *',
  },
} as const satisfies Record<string, { payload: z.ZodType; queue: object; cron?: string }>

export type JobName = keyof typeof JOBS
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>
export type JobHandlers = {
  [N in JobName]: (payload: JobPayload<N>, job: { id: string; retryCount: number }) => Promise<void>
}

export interface SendOptions {
  startAfter?: Date
  singletonKey?: string
}

/** The queue port the modules see: send a typed job. */
export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<string | null>
}

export interface QueueRuntime extends JobQueue {
  readonly names: JobName[]
  ping(): Promise<boolean>
  work(handlers: JobHandlers, log: (msg: string, err?: unknown) => void): Promise<void>
  stop(): Promise<void>
}

export type QueueBackend = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string }

export async function startQueue(
  backend: QueueBackend,
  options: { onError: (err: Error) => void; supervise: boolean },
): Promise<QueueRuntime> {
  const boss =
    backend.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(backend.pglite),
          backend: 'pglite',
          useListenNotify: true,
          supervise: options.supervise,
          schedule: options.supervise,
        })
      : new PgBoss({
          connectionString: backend.url,
          max: 5,
          useListenNotify: true,
          supervise: options.supervise,
          schedule: options.supervise,
        })
  boss.on('error', options.onError)
  await boss.start()
  const names = Object.keys(JOBS) as JobName[]
  for (const name of names) {
    const existing = await boss.getQueue(name)
    if (!existing) await boss.createQueue(name, { ...JOBS[name].queue, notify: true })
  }
  // Touch every queue once outside any transaction so pg-boss's queue cache is warm: on PGlite, the first send to a
  // queue inside an app transaction would otherwise deadlock (stack-notes §4, gotcha 2).
  await boss.getQueues(names)
  if (options.supervise) {
    for (const name of names) {
      const job = JOBS[name]
      // pg-boss keeps one schedule per name, so every worker process may (re)declare it.
      if ('cron' in job) await boss.schedule(name, job.cron, {})
    }
  }

  return {
    names,
    async send(name, payload, sendOptions) {
      const data = JOBS[name].payload.parse(payload)
      return boss.send(name, data, {
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      })
    },
    async ping() {
      try {
        await boss.getQueues(names)
        return true
      } catch {
        return false
      }
    },
    async work(handlers, log) {
      for (const name of names) {
        const handler = handlers[name] as
          ((p: unknown, j: { id: string; retryCount: number }) => Promise<void>) | undefined
        if (typeof handler !== 'function') throw new Error(`No handler registered for job "${name}"; refusing to start`)
        await boss.work(name, { pollingIntervalSeconds: 2, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (!job) return
          const parsed = JOBS[name].payload.safeParse(job.data)
          if (!parsed.success) {
            // A payload that cannot be parsed will never succeed: fail it without retries.
            log(`job ${name} ${job.id} has an invalid payload; dropping it`, parsed.error)
            return
          }
          await handler(parsed.data, { id: job.id, retryCount: job.retryCount })
        })
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  }
}
