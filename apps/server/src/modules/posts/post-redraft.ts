import { MESSAGES, type Post } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { orFail, uuid, viewAndAnnounce, type PostsServiceDeps } from './posts-context'

/** What Regenerate puts on an automation post (ADR 050): a new caption and, once rendered, the new video or photos. */
export interface RedraftChange {
  title?: string
  description?: string
  mediaId?: string
  photoSetId?: string
}

/**
 * An automation post made again with a new hook (ADR 050) waits for the person's approval again, whether it was a
 * draft or already approved: they have not seen the new hook. One conditional UPDATE, only while it waits and before
 * its time, never once rejected; the post keeps its time, and its job (at that time) is kept or put back in the same
 * transaction. Refused (409, unchanged) once it started to go out, was rejected or its time passed.
 */
export async function redraftPost(
  deps: PostsServiceDeps,
  userId: string,
  id: string,
  change: RedraftChange,
): Promise<Post> {
  const { repo, publishing, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs }) => {
      const now = clock()
      const redrafted = await tx.redraftWaitingForUser(userId, id, change, now)
      if (!redrafted) {
        const found = await tx.findViewForUser(userId, id)
        if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        if (found.rejectedAt) throw new AppError('CONFLICT', MESSAGES.rejectedCannotBeApproved)
        const waiting = found.state === 'draft' || found.state === 'scheduled'
        throw new AppError('CONFLICT', waiting ? MESSAGES.redraftTooLate : MESSAGES.redraftGoneOut)
      }
      await publishing.reschedule(id, redrafted.scheduledAt, jobs)
      // The post's hook (analytics) is the slot's: written again once the new hook is on it.
      if (change.mediaId || change.photoSetId) await tx.rerecordHook(id)
    }),
  )
  return viewAndAnnounce(deps, userId, id)
}
