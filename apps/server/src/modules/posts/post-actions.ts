import { MESSAGES, type Post, type PostState } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { toPostDto, type PostRow } from '../publishing'
import { checkInboxCap } from './new-post'
import { orFail, uuid, viewAndAnnounce, type PostsServiceDeps } from './posts-context'

/*
 * The buttons on one post (Post now, Approve, Delete, Retry; Duplicate is post-duplicate.ts) and Refresh Status. Each
 * changes the row and the post's jobs in one transaction, so a second click, a second tab or a job at an old time
 * changes nothing more.
 */

const REFRESH_LIMIT = 50

/**
 * POST /api/posts/:id/post-now: a scheduled post becomes due now and its publish job is moved to now, in one
 * transaction. It is published by the same engine as at its time: the claim from `scheduled` happens once, so a
 * second click, a second tab or the job at its old time cannot post it twice. Refused (409, unchanged) for a
 * draft awaiting approval and for a post being published or done.
 */
export async function postNow(deps: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const { repo, publishing, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs }) => {
      const now = clock()
      const moved = await tx.postNowForUser(userId, id, now)
      if (!moved) {
        const found = await tx.findViewForUser(userId, id)
        if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        throw new AppError('CONFLICT', postNowRefusal(found.state))
      }
      // A draft moved to now must still fit TikTok's pending-drafts cap around its new time.
      if (moved.postMode === 'inbox') await checkInboxCap({ repo: tx }, moved.accountId, now, moved.id)
      await publishing.publishNow(id, now, jobs)
    }),
  )
  return viewAndAnnounce(deps, userId, id)
}

function postNowRefusal(state: PostState): string {
  if (state === 'draft') return MESSAGES.postNowNeedsApproval
  return state === 'sent_to_inbox' ? MESSAGES.inboxDraftWaiting : MESSAGES.postNowNotScheduled
}

/**
 * POST /api/posts/:id/approve: a draft awaiting approval is scheduled, with its job at its time. Refused once its
 * time has passed (it is skipped, never sent: the person chooses a new time first).
 */
export async function approvePost(deps: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const { repo, publishing, plans, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
      // An approved draft starts to count: it is held to the plan as a new post is (ADR 036).
      const draft = await tx.findViewForUser(userId, id)
      if (draft?.state === 'draft') await plans.checkNewPost(db, userId, draft)
      const approved = await tx.approveForUser(userId, id, clock())
      if (!approved) {
        const found = await tx.findViewForUser(userId, id)
        if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        if (found.rejectedAt) throw new AppError('CONFLICT', MESSAGES.rejectedCannotBeApproved)
        const late = found.state === 'skipped' || (found.state === 'draft' && found.scheduledAt <= clock())
        throw new AppError('CONFLICT', late ? MESSAGES.approveTooLate : MESSAGES.onlyDraftsCanBeApproved)
      }
      // The draft's job is already there; this keeps it so if it vanished (the sweep would find it too).
      await publishing.reschedule(id, approved.scheduledAt, jobs)
    }),
  )
  return viewAndAnnounce(deps, userId, id)
}

/**
 * POST /api/posts/:id/reject (ADR 048): a draft awaiting approval becomes `skipped` for good, its publish job cancelled
 * in the same transaction, so nothing of it is ever sent. Rejecting it again answers it as it is; any other post is
 * refused (409, unchanged).
 */
export async function rejectPost(deps: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const { repo, publishing, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  const changed = await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs }) => {
      const rejected = await tx.rejectForUser(userId, id, clock(), MESSAGES.rejectedReason)
      if (!rejected) {
        const found = await tx.findViewForUser(userId, id)
        if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        if (found.rejectedAt) return false // a second click, or another tab: already done
        throw new AppError('CONFLICT', MESSAGES.onlyDraftsCanBeRejected)
      }
      await publishing.cancel(id, jobs)
      return true
    }),
  )
  if (changed) return viewAndAnnounce(deps, userId, id)
  const found = await repo.findViewForUser(userId, id)
  if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  return toPostDto(found)
}

/** DELETE /api/posts/:id: not while the publisher is sending it; its queued jobs are cancelled with the row. */
export async function removePost(deps: PostsServiceDeps, userId: string, id: string): Promise<void> {
  const { repo, publishing, events } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  await orFail(deps, MESSAGES.videoDeleteFailed, () =>
    repo.transaction(async ({ repo: tx, jobs }) => {
      const deleted: PostRow | undefined = await tx.deleteForUser(userId, id)
      if (!deleted) {
        const found = await tx.findViewForUser(userId, id)
        if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
        // A draft in the TikTok inbox is followed until the creator posts or discards it there (issue 29).
        throw new AppError(
          'CONFLICT',
          found.state === 'sent_to_inbox' ? MESSAGES.inboxDraftWaiting : MESSAGES.postInFlight,
        )
      }
      await publishing.cancel(id, jobs)
    }),
  )
  events.publish(userId, { type: 'post.deleted', postId: id })
}

/**
 * POST /api/posts/:id/retry: a failed post goes out again now, with a new video/init. A post ends `failed` only
 * when TikTok cannot publish what it had of it (ADR 019), so this never posts twice; an unconfirmed post is not
 * retried (TikTok may have it: the person checks and deletes it instead).
 */
export async function retryPost(deps: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const { repo, publishing, plans, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
      // A failed post does not count; sent again, it does (ADR 036).
      const failed = await tx.findViewForUser(userId, id)
      if (failed?.state === 'failed') {
        await plans.checkNewPost(db, userId, failed)
        // A draft sent again is a new share to the inbox: TikTok's pending-drafts cap holds for it too.
        if (failed.postMode === 'inbox') await checkInboxCap({ repo: tx }, failed.accountId, clock(), failed.id)
      }
      const retried = await tx.retryForUser(userId, id, clock())
      if (!retried) {
        if (await tx.existsForUser(userId, id)) throw new AppError('CONFLICT', MESSAGES.onlyFailedPostCanRetry)
        throw new AppError('NOT_FOUND', MESSAGES.notFound)
      }
      await publishing.publishNow(id, clock(), jobs)
    }),
  )
  return viewAndAnnounce(deps, userId, id)
}

/**
 * POST /api/posts/refresh-status: asks TikTok now about every post it is still processing or that ended
 * unconfirmed; returns those posts as they are afterwards.
 */
export function refreshStatuses(deps: PostsServiceDeps, userId: string): Promise<Post[]> {
  const { repo, publishing } = deps
  return orFail(deps, MESSAGES.statusesRefreshFailed, async () => {
    const rows = await repo.listRefreshableForUser(userId, REFRESH_LIMIT)
    let failures = 0
    for (const row of rows) if (!(await publishing.refresh(row))) failures++
    if (rows.length > 0 && failures === rows.length) {
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.statusesRefreshFailed)
    }
    const posts: Post[] = []
    for (const row of rows) {
      const found = await repo.findViewForUser(userId, row.id)
      if (found) posts.push(toPostDto(found))
    }
    return posts
  })
}
