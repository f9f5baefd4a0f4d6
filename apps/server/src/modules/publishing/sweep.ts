import { MESSAGES } from '@hookpost/shared'
import { announce } from './announcements'
import { later, type Engine } from './engine'
import { decideOrphan } from './post-state-machine'
import { publishNow } from './publish-jobs'

export interface SweepOptions {
  orphanedBefore?: Date | undefined
  atStart?: boolean | undefined
}

/**
 * `post.sweep` (every minute) and at start: re-sends due posts' jobs, skips drafts past their time and resumes or
 * settles posts a dead worker left. Returns what it did, by kind.
 */
export async function sweep(engine: Engine, options: SweepOptions) {
  const { repo, queue, clock, log, settings } = engine
  const now = clock()
  const counts = { requeued: 0, resumed: 0, uploads: 0, released: 0, unconfirmed: 0, skipped: 0 }

  // Due posts still waiting: their job may have vanished (restored backup, a queue wiped by hand). A queued job with
  // the same key absorbs the send (`short` policy), and the claim makes any duplicate harmless. At start, also the
  // posts of the coming look-ahead: a process that stopped may have prepared them and taken their jobs with it.
  const dueBefore = options.atStart
    ? new Date(now.getTime() + settings.lookAheadMs)
    : new Date(now.getTime() - settings.dueGraceMs)
  for (const id of await repo.dueScheduledIdsInternal(dueBefore, 500)) {
    if (await queue.send('post.publish', { postId: id }, { singletonKey: id })) counts.requeued++
  }

  // Drafts past their time whose job vanished: skipped, never sent.
  const skipped = await repo.skipDueDraftsInternal(now, MESSAGES.draftNotApproved, { limit: 500 })
  for (const id of skipped) await announce(engine, id)
  counts.skipped = skipped.length

  const before = options.orphanedBefore ?? new Date(now.getTime() - settings.leaseMs)
  const uploadBefore = options.orphanedBefore ?? new Date(now.getTime() - settings.uploadLeaseMs)
  for (const row of await repo.staleInFlightInternal(before, uploadBefore, 500)) {
    const decision = decideOrphan(row)
    switch (decision.type) {
      case 'resume_upload': {
        // Claimed by the job, not here: a job still queued from an earlier sweep absorbs this one (`short` policy).
        const payload = { postId: row.id, orphanedBefore: uploadBefore.toISOString() }
        if (await queue.send('post.upload', payload, { singletonKey: row.id })) counts.uploads++
        break
      }
      case 'poll': {
        const payload = {
          postId: row.id,
          deadlineAt: later(engine, settings.unconfirmedAfterMs).toISOString(),
          round: 0,
        }
        if (await queue.send('post.poll', payload, { singletonKey: row.id })) counts.resumed++
        break
      }
      case 'release': {
        const released = await repo.transaction(async ({ repo: tx, jobs }) => {
          const ok = await tx.releaseOrphanInternal(row.id, before, clock())
          if (ok) await publishNow(engine, row.id, jobs)
          return ok
        })
        if (released) {
          counts.released++
          await announce(engine, row.id)
        }
        break
      }
      case 'unconfirm':
        if (await repo.unconfirmOrphanInternal(row.id, before, decision.message, clock())) {
          counts.unconfirmed++
          await announce(engine, row.id)
        }
        break
    }
  }
  if (Object.values(counts).some((n) => n > 0)) {
    log.info(`[posts] sweep: ${JSON.stringify(counts)}`)
  }
  return counts
}
