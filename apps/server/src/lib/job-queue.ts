import { PgBoss, fromDrizzle, fromPglite, type DrizzleTransactionLike } from 'pg-boss'
import type { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
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
  'post.publish': {
    payload: z.object({ postId: z.uuid() }),
    // One queued job per post (`short`: singletonKey = post id); the handler claims the row conditionally, so a
    // duplicate, a retry or a second worker finds nothing to do. pg-boss retries only cover a handler that crashed
    // on an unexpected error; TikTok failures are retried by the handler itself (docs/architecture.md).
    queue: { policy: 'short', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
    // The job prepares its post a look-ahead before its time and arms it in memory (ADR 026): quick, so large batches
    // (their reads are coalesced) get a peak minute's 1,000 posts ready in a few seconds. Polled every second (NOTIFY
    // does not fire when a deferred job becomes due).
    worker: { concurrency: 4, batchSize: 50, pollingSeconds: 1 },
  },
  'post.poll': {
    payload: z.object({ postId: z.uuid(), deadlineAt: z.iso.datetime(), round: z.number().int().min(0) }),
    queue: { policy: 'short', retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    worker: { concurrency: 4, batchSize: 8, pollingSeconds: 1 },
  },
  'post.upload': {
    payload: z.object({ postId: z.uuid(), orphanedBefore: z.iso.datetime() }),
    // Resumes the upload of a post whose worker died mid-upload (ADR 019): one queued job per post; the handler claims
    // the post with a new attempt only if it is still untouched since `orphanedBefore`, so duplicates do nothing.
    // An upload lasts at most as long as TikTok's upload_url (one hour).
    queue: { policy: 'short', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
    worker: { concurrency: 4, batchSize: 4, pollingSeconds: 1 },
  },
  'post.sweep': {
    payload: z.object({}),
    // Re-enqueues due posts whose job vanished and resumes posts a dead worker left mid-publish. Idempotent.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
  },
  'video.render': {
    payload: z.object({ videoId: z.uuid() }),
    // One queued job per video (`short`: singletonKey = video id); the handler claims the row conditionally (queued →
    // rendering), so a duplicate or a second worker finds nothing to do and a processed video is never rendered again.
    // Render failures are retried by the handler itself (product.md §4 "Server combine": 3 attempts, 2 s × 2^attempt, 180 s
    // each); pg-boss retries only cover a handler that crashed on an unexpected error.
    queue: { policy: 'short', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
    // Two render slots per worker process, with at most one render per person across all workers (ADR 055): one
    // person's flood never holds every slot, so someone else's render starts at once. ffmpeg fills both cores of the
    // reference machine, so two at once take about as long in total as one after the other.
    worker: { concurrency: 2, batchSize: 1, pollingSeconds: 2 },
  },
  'video.sweep': {
    payload: z.object({}),
    // Re-queues renders a dead worker left in `rendering` (lease expired) and queued videos whose job vanished.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
  },
  'slideshow.render': {
    payload: z.object({ slideshowId: z.uuid() }),
    // Like video.render (issue 29): one queued job per slideshow, claimed conditionally (queued → rendering); failures
    // are retried by the handler itself. Slides are drawn with canvas (a fraction of a second each). Two slots per
    // worker with at most one render per person across workers (ADR 059): the job is a wake-up, the handler claims the
    // fairest startable slideshow, so one person's flood holds one slot and the next person's starts in the other.
    queue: { policy: 'short', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
    worker: { concurrency: 2, batchSize: 1, pollingSeconds: 2 },
  },
  'slideshow.export': {
    payload: z.object({ slideshowId: z.uuid() }),
    // The MP4 export of a slideshow's photo set: one ffmpeg run, claimed fairly like a render (export queued →
    // rendering; two slots per worker, one export per person across workers, ADR 059).
    queue: { policy: 'short', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
    worker: { concurrency: 2, batchSize: 1, pollingSeconds: 2 },
  },
  'slideshow.sweep': {
    payload: z.object({}),
    // Re-queues slideshow renders and exports a dead worker left running (lease expired) and queued ones whose job vanished.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
  },
  'automation.plan': {
    payload: z.object({}),
    // Plans the posting days ahead (today and the next two) for every enabled automation. Each day is planned once
    // (automation_day), so running it every hour only fills in what is missing; an hour is the longest a new day waits.
    queue: { retryLimit: 0, expireInSeconds: 1800 },
    cron: '5 * * * *',
  },
  'automation.slot': {
    payload: z.object({ slotId: z.uuid() }),
    // Moves one planned post on: make its video, then (once rendered) schedule its post. One queued job per slot;
    // every step is conditional on the slot's state, so a duplicate finds nothing to do.
    queue: { policy: 'short', retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
    worker: { concurrency: 2, batchSize: 1, pollingSeconds: 2 },
  },
  'automation.sweep': {
    payload: z.object({}),
    // Picks up planned posts whose job vanished or whose worker died. Idempotent.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
  },
  'analytics.sweep': {
    payload: z.object({}),
    // Adds the stats rows of newly public posts and new accounts, unblocks reconnected accounts and queues a sync of
    // every account with due work (modules/stats-sync). Idempotent: accounts are claimed by a lease.
    queue: { retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
  },
  'analytics.sync': {
    payload: z.object({ accountId: z.uuid(), requestedAt: z.iso.datetime(), force: z.boolean() }),
    // One run of one account's stats sync. One queued job per account (`short`: singletonKey = account id); the run
    // starts only if the account's lease is still the one it was queued with, so a duplicate does nothing. Failures
    // are retried by the sync itself (the account's next_sync_at), never by pg-boss in a loop.
    queue: { policy: 'short', retryLimit: 0, expireInSeconds: 900 },
    // Runs wait on TikTok, not on this machine: several side by side.
    worker: { concurrency: 4, batchSize: 4, pollingSeconds: 2 },
  },
  'notifications.approval-reminders': {
    payload: z.object({}),
    // Reminds people of automation drafts still awaiting approval about an hour before their time (ADR 048). Every
    // minute; each reminder is one row per draft and time (unique key), so overlapping runs send nothing twice.
    queue: { retryLimit: 0, expireInSeconds: 120 },
    cron: '* * * * *',
  },
  'notifications.digest': {
    payload: z.object({}),
    // Sends each person's daily digest once their local 08:00 has passed (ADR 034). Every 15 minutes, so zones with
    // half- and quarter-hour offsets are on time; each local day's digest is one row (unique key), so a run that
    // overlaps another, or a second worker, sends nothing twice.
    queue: { retryLimit: 0, expireInSeconds: 600 },
    cron: '*/15 * * * *',
  },
  'media.orphan-sweep': {
    payload: z.object({}),
    // Deletes stored objects no row references, once they are two days old (modules/media/orphan-sweep.ts): hourly,
    // one run at a time (pg-boss's cron sends one job per schedule). Idempotent; a missed run is harmless.
    queue: { retryLimit: 0, expireInSeconds: 3600 },
    cron: '35 * * * *',
  },
} as const satisfies Record<
  string,
  {
    payload: z.ZodType
    queue: object
    cron?: string
    worker?: JobWorkerPolicy
  }
>

/**
 * How a queue is worked in each process (default: one job at a time, a fetch every 2 s): `concurrency` workers each
 * fetching up to `batchSize` jobs and running them side by side, polling every `pollingSeconds` when idle.
 */
interface JobWorkerPolicy {
  concurrency: number
  batchSize: number
  pollingSeconds: number
}

export type JobName = keyof typeof JOBS
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>
export type JobHandlers = {
  [N in JobName]: (payload: JobPayload<N>, job: { id: string; retryCount: number }) => Promise<void>
}

/**
 * An open database transaction (a drizzle transaction, handed out by a repository): a job sent or changed through it
 * commits or rolls back with the rows written in the same transaction (stack-notes §4 "transactional enqueue").
 */
export interface JobTransaction {
  execute(query: SQL): PromiseLike<unknown>
}

export interface SendOptions {
  startAfter?: Date
  /** Run no sooner than this many seconds from now, by the database's clock (a polling delay, not an instant). */
  delaySeconds?: number
  singletonKey?: string
  tx?: JobTransaction
}

/** The queue port the modules see: send a typed job. */
export interface JobQueue {
  /** Returns null when a job with the same singleton key is already queued (queues with the `short` policy). */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<string | null>
}

/** For jobs that stand for a row's timer (a post's publish time): move or cancel the queued job of a key. */
export interface JobScheduler extends JobQueue {
  /** Moves the queued job(s) of `singletonKey` to `startAfter`, or queues one when there is none. */
  reschedule<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: { singletonKey: string; startAfter: Date; tx?: JobTransaction },
  ): Promise<void>
  /** Cancels every job of `singletonKey` that has not started yet; returns how many. */
  cancelQueued(name: JobName, singletonKey: string, options?: { tx?: JobTransaction }): Promise<number>
}

export interface QueueRuntime extends JobScheduler {
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
  // queue inside an app transaction would otherwise deadlock (stack-notes §4, gotcha 2). `getQueues` does not fill
  // that cache (pg-boss 12 fills it at start, before a fresh database has our queues, then once a minute); a read by
  // queue name does, so each queue is read once here.
  for (const name of names) await boss.findJobs(name, { id: '00000000-0000-0000-0000-000000000000' })
  if (options.supervise) {
    for (const name of names) {
      const job = JOBS[name]
      // pg-boss keeps one schedule per name, so every worker process may (re)declare it.
      if ('cron' in job) await boss.schedule(name, job.cron, {})
    }
  }

  // Statements pg-boss runs inside the caller's transaction. Its queue cache is warm (above), so it makes no call of its
  // own while the transaction holds PGlite's only connection.
  const inTx = (tx: JobTransaction | undefined) =>
    tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}

  return {
    names,
    async send(name, payload, sendOptions) {
      const data = JOBS[name].payload.parse(payload)
      return boss.send(name, data, {
        ...(sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions?.delaySeconds ? { startAfter: sendOptions.delaySeconds } : {}),
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...inTx(sendOptions?.tx),
      })
    },
    async reschedule(name, payload, options) {
      const data = JOBS[name].payload.parse(payload)
      await boss.upsert(name, data, {
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        match: 'all',
        ...inTx(options.tx),
      })
    },
    async cancelQueued(name, singletonKey, options = {}) {
      const queued = await boss.findJobs(name, { key: singletonKey, queued: true, ...inTx(options.tx) })
      if (queued.length === 0) return 0
      const ids = queued.map((job) => job.id)
      await boss.cancel(name, ids, inTx(options.tx))
      return ids.length
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
        const { worker }: { queue: object; worker?: JobWorkerPolicy } = JOBS[name]
        const run = async (job: { id: string; data: unknown; retryCount: number }) => {
          const parsed = JOBS[name].payload.safeParse(job.data)
          if (!parsed.success) {
            // A payload that cannot be parsed will never succeed: fail it without retries.
            log(`job ${name} ${job.id} has an invalid payload; dropping it`, parsed.error)
            return
          }
          await handler(parsed.data, { id: job.id, retryCount: job.retryCount })
        }
        if (!worker || worker.batchSize === 1) {
          const options = {
            pollingIntervalSeconds: worker?.pollingSeconds ?? 2,
            notifyPollingIntervalSeconds: worker?.pollingSeconds ?? 30,
            localConcurrency: worker?.concurrency ?? 1,
            batchSize: 1,
            includeMetadata: true,
          }
          await boss.work(name, options, async ([job]) => {
            if (job) await run(job)
          })
          continue
        }
        // Batches run side by side and settle job by job; a full batch fetches the next at once (pg-boss otherwise
        // waits out the polling interval after every fetch, which caps a worker at one batch a second).
        const options = {
          pollingIntervalSeconds: worker.pollingSeconds,
          notifyPollingIntervalSeconds: worker.pollingSeconds,
          localConcurrency: worker.concurrency,
          batchSize: worker.batchSize,
          burstWhenBatchFull: true,
          perJobResults: true as const,
          includeMetadata: true as const,
        }
        await boss.work(name, options, async (jobs) => {
          const settled = await Promise.allSettled(jobs.map((job) => run(job)))
          return jobs.map((job, i) => {
            const outcome = settled[i]
            if (outcome?.status === 'fulfilled') return { id: job.id, status: 'completed' as const }
            log(`job ${name} ${job.id} failed`, outcome?.reason)
            const reason: unknown = outcome?.reason
            return {
              id: job.id,
              status: 'failed' as const,
              output: { message: reason instanceof Error ? reason.message : String(reason) },
            }
          })
        })
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  }
}
