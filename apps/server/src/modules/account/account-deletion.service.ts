import type { JobScheduler } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import type { AccountRepository } from './account.repository'

export interface AccountDeletionDeps {
  repo: AccountRepository
  queue: JobScheduler
  /** Opens the person's TikTok tokens before their rows go; `revoke()` tells TikTok afterwards (tiktok module). */
  tiktokRevocation: (userId: string) => Promise<{ accounts: number; revoke: () => Promise<void> }>
  files: {
    /** Removes one file of media storage. */
    removeStored(key: string): Promise<void>
    /** Removes the person's folder in media storage (`<userId>/`), whatever is left in it. */
    removeUserFolder(userId: string): Promise<void>
    /** Removes a created video's render scratch folders. */
    clearRenders(videoId: string): Promise<void>
    /** Removes the person's tus uploads, finished or not. */
    removeUploads(userId: string): Promise<number>
  }
  /** Forgets the per-email and per-user attempt counters of these subjects. */
  forgetAttempts(subjects: string[]): Promise<void>
  log: Pick<Log, 'info' | 'warn' | 'error'>
}

/**
 * "Delete my account" (issue 18 item 10, ADR 020): every row of the person, their queued jobs, their files, and their
 * TikTok authorisations. Rows and jobs go in one transaction (nothing half-deleted); files and TikTok follow, because
 * neither can roll back. A file or a revoke that fails is logged and does not undo the deletion.
 */
export function createAccountDeletionService(deps: AccountDeletionDeps) {
  const { repo, queue, files, log } = deps

  async function quietly(what: string, step: () => Promise<unknown>): Promise<void> {
    try {
      await step()
    } catch (err) {
      log.error(`[account] ${what} failed`, err)
    }
  }

  return {
    /** Returns false when there was no such user (already deleted). */
    async deleteAccount(userId: string): Promise<boolean> {
      const targets = await repo.findDeletionTargets(userId)
      if (!targets) return false
      const tiktok = await deps.tiktokRevocation(userId)

      const deleted = await repo.transaction(async ({ repo: tx, jobs }) => {
        // Cancelled with the rows: a queued publish, render, planned post, stats sync or mail of theirs never runs.
        for (const id of targets.postIds) {
          await queue.cancelQueued('post.publish', id, { tx: jobs })
          await queue.cancelQueued('post.poll', id, { tx: jobs })
          await queue.cancelQueued('post.upload', id, { tx: jobs })
        }
        for (const id of targets.videoIds) await queue.cancelQueued('video.render', id, { tx: jobs })
        for (const id of targets.slotIds) await queue.cancelQueued('automation.slot', id, { tx: jobs })
        for (const id of targets.accountIds) await queue.cancelQueued('analytics.sync', id, { tx: jobs })
        for (const id of targets.queuedMailIds) await queue.cancelQueued('mail.send', id, { tx: jobs })
        return tx.deleteUserRows(userId)
      })
      if (!deleted) return false

      await tiktok.revoke()
      for (const key of targets.storageKeys) await quietly(`removing ${key}`, () => files.removeStored(key))
      await quietly(`removing the media folder of ${userId}`, () => files.removeUserFolder(userId))
      for (const id of targets.videoIds) await quietly(`clearing renders of ${id}`, () => files.clearRenders(id))
      await quietly(`removing uploads of ${userId}`, () => files.removeUploads(userId))
      await quietly('forgetting attempt counters', () => deps.forgetAttempts([targets.email, userId]))
      log.info(
        `[account] deleted user ${userId}: ${targets.postIds.length} posts, ${targets.videoIds.length} videos, ` +
          `${targets.storageKeys.length} files, ${tiktok.accounts} TikTok authorisations revoked (failures logged above)`,
      )
      return true
    },
  }
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>
