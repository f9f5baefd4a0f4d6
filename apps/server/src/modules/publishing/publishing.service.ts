import type { JobPayload, JobTransaction } from '../../lib/job-queue'
import { createEngine, type PublishingDeps } from './engine'
import { poll, refresh } from './poll'
import type { PostRow } from './post-views.repository'
import { prepare, stopPreparing } from './prepare'
import { cancelPostJobs, jobStartFor, movePublishJob, publishNow, sendPublishJob } from './publish-jobs'
import { sweep, type SweepOptions } from './sweep'
import { resumeUpload } from './upload'

export type { PublishingDeps } from './engine'

/**
 * What the posts module asks of the engine. A post's row and its jobs change together: each job change runs in the
 * transaction (`tx`) that writes the row.
 */
export interface PostPublishing {
  /** A new post (a draft too): its `post.publish` job, a look-ahead before its time (ADR 026). */
  schedule(postId: string, scheduledAt: Date, tx: JobTransaction): Promise<void>
  /** The post's time is `scheduledAt` (moved, or approved): its job moves there, or is queued again if it vanished. */
  reschedule(postId: string, scheduledAt: Date, tx: JobTransaction): Promise<void>
  /** Due at `now` (Post now, Retry): its job runs at once. */
  publishNow(postId: string, now: Date, tx: JobTransaction): Promise<void>
  /** The post is deleted: its queued jobs go with it. */
  cancel(postId: string, tx: JobTransaction): Promise<void>
  /** "Refresh Status" of one post; false when TikTok could not be asked. */
  refresh(row: PostRow): Promise<boolean>
}

/**
 * The publishing engine: the `post.publish`, `post.poll` and `post.sweep` jobs (docs/architecture.md "The post state
 * machine", issue #4 §2). Correctness comes from the database: every step is a conditional UPDATE on the post
 * (publishing.repository.ts), so several workers, duplicate jobs and retries are harmless. Nothing here is remembered
 * between jobs except which handlers are running, for a clean stop. Its steps, in order: prepare.ts, send.ts,
 * upload.ts, poll.ts; and sweep.ts for what a dead worker or a vanished job left.
 */
export function createPublishingService(deps: PublishingDeps) {
  const engine = createEngine(deps)
  const { jobs, settings } = engine

  return {
    /**
     * `post.publish`, run `lookAheadMs` before the post's time (or at once when it is due): prepares the post and arms
     * it; at its time it is claimed → init once → publish_id stored → upload → `processing_on_tiktok` + first poll.
     */
    publish(postId: string): Promise<void> {
      return jobs.run(() => prepare(engine, postId))
    },

    /** When a post due at `scheduledAt` has its `post.publish` job run: early enough to be prepared (ADR 026). */
    jobStartFor(scheduledAt: Date): Date {
      return jobStartFor(settings, scheduledAt)
    },

    /** `post.upload`: resumes (or settles) the upload of a post whose worker died mid-upload (ADR 019). */
    resumeUpload(payload: JobPayload<'post.upload'>): Promise<void> {
      return jobs.run(() => resumeUpload(engine, payload))
    },

    /** `post.poll`: one status/fetch of an accepted publish; the next one is a new job (no worker waits). */
    poll(payload: JobPayload<'post.poll'>): Promise<void> {
      return jobs.run(() => poll(engine, payload))
    },

    /**
     * `post.sweep` (every minute) and at start: re-sends due posts' jobs and resumes posts a dead worker left. A post
     * in flight counts as orphaned when untouched since `orphanedBefore` (default: one lease ago; one upload lease for
     * uploads, whose heartbeat is frequent). A process that is the only worker (PGlite) passes "now" at start: nothing
     * else can be working on a post. `atStart`: the posts due within the look-ahead are sent again too.
     */
    sweep(options: SweepOptions = {}) {
      return jobs.run(() => sweep(engine, options))
    },

    refresh(row: PostRow): Promise<boolean> {
      return refresh(engine, row)
    },

    schedule(postId: string, scheduledAt: Date, tx: JobTransaction): Promise<void> {
      return sendPublishJob(engine, postId, scheduledAt, tx)
    },

    reschedule(postId: string, scheduledAt: Date, tx: JobTransaction): Promise<void> {
      return movePublishJob(engine, postId, scheduledAt, tx)
    },

    publishNow(postId: string, now: Date, tx: JobTransaction): Promise<void> {
      return publishNow(engine, postId, tx, now)
    },

    cancel(postId: string, tx: JobTransaction): Promise<void> {
      return cancelPostJobs(engine, postId, tx)
    },

    /**
     * Stops taking work, lets running uploads finish for `stopGraceMs`, then abandons what is left (a post abandoned
     * mid-upload keeps its publish_id and its upload is resumed after the restart, exactly as after a crash).
     */
    async stop(): Promise<void> {
      // Armed posts stay `scheduled`; the next start's sweep (or another worker's) sends their jobs again.
      stopPreparing(engine)
      if (engine.waiting.beat) clearInterval(engine.waiting.beat)
      await jobs.stop(settings.stopGraceMs, 2_000)
    },
  }
}

export type PublishingService = ReturnType<typeof createPublishingService>
