import type { z } from 'zod'
import { MESSAGES, type duplicatePostBodySchema, type Post } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { PostRow, PostView } from '../publishing'
import { checkNewPost, insertNewPost, type CheckedPost, type NewPost } from './new-post'
import { resolveScheduleTime, type PostIssue } from './post-rules'
import { invalid, orFail, uuid, viewAndAnnounce, type PostsServiceDeps } from './posts-context'

export type DuplicatePostBody = z.output<typeof duplicatePostBodySchema>
type Target = NonNullable<DuplicatePostBody['accounts']>[number]

/** A target's own problems (a rule its creator has, an account to reconnect); anything else fails the request. */
const TARGET_ERROR_CODES = new Set(['VALIDATION_FAILED', 'CONFLICT'])

/** The copy of `original` for one account: its video or photo set, caption and settings, with the target's changes. */
function copyFor(original: PostView, target: Target, at: { scheduledAt: Date; timeZone: string }): NewPost {
  // A photo post's copy sends the very images of the original (its photo set), not the slideshow's latest render.
  const source =
    original.format === 'photo' ? { photoSetId: original.photoSetId ?? '' } : { mediaId: original.mediaId ?? '' }
  const privacyLevel = target.privacyLevel ?? original.privacyLevel
  return {
    accountId: target.accountId,
    format: original.format,
    postMode: original.postMode,
    ...source,
    autoAddMusic: original.autoAddMusic,
    title: original.title,
    description: original.description,
    ...(original.postMode === 'direct' ? { privacyLevel } : {}),
    allowComment: target.allowComment ?? !original.disableComment,
    allowDuet: target.allowDuet ?? !original.disableDuet,
    allowStitch: target.allowStitch ?? !original.disableStitch,
    commercial: {
      enabled: original.brandContentToggle || original.brandOrganicToggle,
      yourBrand: original.brandOrganicToggle,
      brandedContent: original.brandContentToggle,
    },
    timeZone: at.timeZone,
    scheduledAt: at.scheduledAt,
    source: 'manual',
  }
}

/** Where a target's refusal is shown (`accounts.<index>.<field>`) and what it says. */
function targetIssue(index: number, err: AppError): PostIssue {
  const detail = err.details?.[0]
  return { path: `accounts.${index}.${detail?.path ?? 'accountId'}`, message: detail?.message ?? err.message }
}

/** The refusal of a whole duplicate, naming each account that cannot take the post and why. */
function refusal(issues: readonly { username: string; issue: PostIssue }[]): AppError {
  const why = issues.map(({ username, issue }) => `@${username}: ${issue.message}`).join(' ')
  return new AppError(
    'VALIDATION_FAILED',
    `${MESSAGES.duplicateNothingScheduled} ${why}`,
    issues.map((i) => i.issue),
  )
}

/**
 * POST /api/posts/:id/duplicate: one new scheduled post per chosen account (default: the post's own), each with the
 * post's video or photo set, caption and TikTok settings (changed per account where given), at the time given (issue
 * 21, issue 30 item 5). Each copy is checked as scheduling checks a post (`checkNewPost`: the account is the user's,
 * its creator's fresh options, the video's length for that creator, drafts' permission), then all are written in one
 * transaction with their jobs (the plan's limits and the drafts cap counted there): all or none, as a batch (ADR 030,
 * ADR 043). Nothing of the original's publishing (publish id, TikTok post id, state, automation slot, queue entry) is
 * copied, so a copy is a new post for the engine, never a second publish of one.
 */
export async function duplicatePost(
  deps: PostsServiceDeps,
  userId: string,
  id: string,
  body: DuplicatePostBody,
): Promise<Post[]> {
  if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  const original = await deps.repo.findViewForUser(userId, id)
  if (!original) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  const photo = original.format === 'photo'
  if (!photo && !original.mediaId) throw new AppError('CONFLICT', MESSAGES.postDuplicateNoVideo)
  if (photo && !original.photoSetId) throw new AppError('CONFLICT', MESSAGES.photoSetMissing)
  const time = resolveScheduleTime(body, deps.clock())
  if (!time.ok) throw invalid(time.issue)
  const at = { scheduledAt: time.scheduledAt, timeZone: body.timeZone }
  const targets = body.accounts ?? [{ accountId: original.accountId }]

  return orFail(deps, MESSAGES.scheduleFailed, async () => {
    const issues: { username: string; issue: PostIssue }[] = []
    const ready: { index: number; username: string; input: NewPost; checked: CheckedPost }[] = []
    for (const [index, target] of targets.entries()) {
      // 404 for an account that is not the user's: the whole request, as for another user's post.
      if (!uuid.safeParse(target.accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      const { accountUsername: username } = await deps.accounts.get(userId, target.accountId)
      const input = copyFor(original, target, at)
      try {
        ready.push({ index, username, input, checked: await checkNewPost(deps, userId, input) })
      } catch (err) {
        if (!(err instanceof AppError) || !TARGET_ERROR_CODES.has(err.code)) throw err
        issues.push({ username, issue: targetIssue(index, err) })
      }
    }
    if (issues.length > 0) throw refusal(issues)

    const created = await deps.repo.transaction(async (scope) => {
      const inserted: PostRow[] = []
      for (const { index, username, input, checked } of ready) {
        try {
          inserted.push(await insertNewPost(deps, scope, userId, input, checked))
        } catch (err) {
          // The drafts cap is the account's; the plan's limits (402) are the person's and refuse the whole request.
          if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') throw err
          issues.push({ username, issue: targetIssue(index, err) })
        }
      }
      // Thrown inside the transaction, so nothing written for the other accounts stays.
      if (issues.length > 0) throw refusal(issues)
      return inserted
    })
    const posts: Post[] = []
    for (const row of created) posts.push(await viewAndAnnounce(deps, userId, row.id))
    return posts
  })
}
