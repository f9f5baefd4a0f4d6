import type { z } from 'zod'
import { isEditablePost, MESSAGES, type editPostBodySchema, type Post } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { PostView } from '../publishing'
import { checkDraftScope, checkInboxCap } from './new-post'
import { editedDestination } from './post-edit-destination'
import {
  checkAgainstCreator,
  checkPostChoices,
  DRAFT_PRIVACY_PLACEHOLDER,
  postSettings,
  resolveScheduleTime,
  type PostChoices,
} from './post-rules'
import { invalid, orFail, uuid, viewAndAnnounce, type PostsServiceDeps } from './posts-context'
import type { PostEdit } from './posts.repository'

export type EditPostBody = z.output<typeof editPostBodySchema>

/** The post's choices after an edit: what the body changes, the rest as they are. */
function editedChoices(current: PostView, body: EditPostBody): PostChoices {
  return {
    title: body.title ?? current.title,
    description: body.description ?? current.description,
    privacyLevel: body.privacyLevel ?? current.privacyLevel,
    allowComment: body.allowComment ?? !current.disableComment,
    allowDuet: body.allowDuet ?? !current.disableDuet,
    allowStitch: body.allowStitch ?? !current.disableStitch,
    commercial: body.commercial ?? {
      enabled: current.brandContentToggle || current.brandOrganicToggle,
      yourBrand: current.brandOrganicToggle,
      brandedContent: current.brandContentToggle,
    },
  }
}

/**
 * PATCH /api/posts/:id: changes a post that has not started to go out — its caption (title, description), who can
 * see it and its interactions, its account, its video or slideshow (issue 30 item 5), its time — held to the rules
 * scheduling holds it to (`resolveScheduleTime`, `checkPostChoices`, and the fresh options of the creator it goes to
 * when any of those change). The row, its job and its queue entry change in one conditional UPDATE's transaction, so
 * a post the publisher claimed meanwhile is refused whole; the publisher reads the account and file at the claim, so
 * what goes out is what was last saved. A skipped draft given a new time waits for approval again.
 */
export async function editPost(deps: PostsServiceDeps, userId: string, id: string, body: EditPostBody): Promise<Post> {
  const { repo, accounts, publishing, plans, queue, clock } = deps
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  const current = await repo.findViewForUser(userId, id)
  if (!current) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  const timeOnly = Object.entries(body).every(
    ([key, value]) => value === undefined || key === 'date' || key === 'time' || key === 'timeZone',
  )
  // A draft in the TikTok inbox is the creator's to finish there (issue 29): say so rather than "not editable".
  const refusal = new AppError(
    'CONFLICT',
    current.state === 'sent_to_inbox'
      ? MESSAGES.inboxDraftWaiting
      : timeOnly
        ? MESSAGES.onlyScheduledCanMove
        : MESSAGES.postNotEditable,
  )
  if (!isEditablePost(current.state)) throw refusal
  // A rejected draft is never posted (ADR 048): no new time or caption brings it back.
  if (current.rejectedAt) throw new AppError('CONFLICT', MESSAGES.rejectedCannotBeApproved)
  const kind = { format: current.format, postMode: current.postMode }

  let when: { scheduledAt: Date; timeZone: string } | undefined
  if (body.date !== undefined && body.time !== undefined && body.timeZone !== undefined) {
    const time = resolveScheduleTime({ date: body.date, time: body.time, timeZone: body.timeZone }, clock())
    if (!time.ok) throw invalid(time.issue)
    when = { scheduledAt: time.scheduledAt, timeZone: body.timeZone }
  }
  if (current.state === 'skipped' && !when) throw invalid({ path: 'date', message: MESSAGES.skippedNeedsNewTime })

  const choices = editedChoices(current, body)
  const choiceIssue = checkPostChoices(choices, kind)
  if (choiceIssue) throw invalid(choiceIssue)
  const destination = await editedDestination(deps, userId, current, body)
  const { accountId, accountChanged } = destination
  if (accountChanged && kind.postMode === 'inbox') await checkDraftScope(deps, userId, accountId)
  const settingsChanged =
    choices.privacyLevel !== current.privacyLevel ||
    choices.allowComment === current.disableComment ||
    choices.allowDuet === current.disableDuet ||
    choices.allowStitch === current.disableStitch
  if (settingsChanged || accountChanged || destination.mediaId !== undefined) {
    // Fresh from TikTok, as when scheduling (UX rule 1): the creator's options may have changed since, and another
    // creator (or another video's length) is checked as a new post would be. 404 for another user's account.
    const creator = await accounts.creatorInfo(userId, accountId)
    const creatorIssue = checkAgainstCreator(choices, destination.durationMs, creator, kind)
    if (creatorIssue) throw invalid(creatorIssue)
  }
  const resent = accountChanged || destination.mediaId !== undefined || destination.photoSetId !== undefined

  const change: PostEdit = {
    title: choices.title,
    description: choices.description,
    // A draft takes no privacy level (the stored one is a placeholder, post-rules.ts).
    privacyLevel: kind.postMode === 'inbox' ? DRAFT_PRIVACY_PLACEHOLDER : choices.privacyLevel,
    ...postSettings(choices, kind),
    ...(accountChanged ? { accountId } : {}),
    ...(destination.mediaId ? { mediaId: destination.mediaId } : {}),
    ...(destination.photoSetId ? { photoSetId: destination.photoSetId } : {}),
    ...when,
  }
  await orFail(deps, MESSAGES.scheduleFailed, () =>
    repo.transaction(async ({ repo: tx, jobs, tx: db }) => {
      // A post moved to another time must fit its new month (ADR 036); a draft does not count.
      if (when) {
        await plans.checkMovedPost(db, userId, id, current, { ...when, draft: current.state !== 'scheduled' })
      }
      // TikTok's pending-drafts cap is the creator's: a draft moved in time or to another account must fit there.
      if (kind.postMode === 'inbox' && (when || accountChanged)) {
        await checkInboxCap({ repo: tx }, accountId, when?.scheduledAt ?? current.scheduledAt, id)
      }
      // A queue is one account's slots: a post moved to another account leaves it and keeps its time (ADR 043).
      if (accountChanged) await queue.leave(db, userId, id)
      const edited =
        current.state === 'skipped' && when
          ? await tx.reviveSkippedForUser(userId, id, { ...change, ...when }, clock())
          : await tx.editWaitingForUser(userId, id, change, clock())
      // The publisher claimed it (or it was skipped, or deleted) since it was read.
      if (!edited) {
        if (await tx.existsForUser(userId, id)) throw refusal
        throw new AppError('NOT_FOUND', MESSAGES.notFound)
      }
      if (when) await publishing.reschedule(id, when.scheduledAt, jobs)
      if (resent) await tx.rerecordHook(id)
    }),
  )
  return viewAndAnnounce(deps, userId, id)
}
