import type { JobTransaction } from '../../lib/job-queue'
import type { Engine } from './engine'
import type { PublishingSettings } from './post-state-machine'

/*
 * A post's `post.publish` job stands for its time: it is sent, moved and cancelled in the transaction that writes the
 * post's row (`tx`), so a post is never scheduled without a job, nor deleted with one left behind.
 */

type Scheduling = Pick<Engine, 'queue' | 'clock' | 'settings'>

/** When a post due at `scheduledAt` has its `post.publish` job run: early enough to be prepared (ADR 026). */
export function jobStartFor(settings: Pick<PublishingSettings, 'lookAheadMs'>, scheduledAt: Date): Date {
  return new Date(scheduledAt.getTime() - settings.lookAheadMs)
}

/** A new post's job; a draft has one too: at its time the job skips it unless it was approved (ADR 018). */
export async function sendPublishJob(
  { queue, settings }: Scheduling,
  postId: string,
  scheduledAt: Date,
  tx: JobTransaction,
): Promise<void> {
  await queue.send(
    'post.publish',
    { postId },
    { startAfter: jobStartFor(settings, scheduledAt), singletonKey: postId, tx },
  )
}

/** The post's time is (now) `scheduledAt`: its queued job moves there, or one is queued when it vanished. */
export function movePublishJob(
  { queue, settings }: Scheduling,
  postId: string,
  scheduledAt: Date,
  tx: JobTransaction,
): Promise<void> {
  return queue.reschedule(
    'post.publish',
    { postId },
    { singletonKey: postId, startAfter: jobStartFor(settings, scheduledAt), tx },
  )
}

/** Due now: moves a queued job of the post (it may wait for a later time) or queues one. */
export function publishNow(
  { queue, clock }: Scheduling,
  postId: string,
  tx: JobTransaction,
  now: Date = clock(),
): Promise<void> {
  return queue.reschedule('post.publish', { postId }, { singletonKey: postId, startAfter: now, tx })
}

/** A deleted post: its queued publish and poll jobs are cancelled with the row. */
export async function cancelPostJobs({ queue }: Scheduling, postId: string, tx: JobTransaction): Promise<void> {
  await queue.cancelQueued('post.publish', postId, { tx })
  await queue.cancelQueued('post.poll', postId, { tx })
}
