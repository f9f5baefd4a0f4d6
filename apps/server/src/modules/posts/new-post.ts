import {
  INBOX_PENDING_WINDOW_MS,
  MESSAGES,
  type CreatorInfo,
  type Post,
  type PostFormat,
  type PostMode,
  type PrivacyLevel,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { MediaRow } from '../publishing'
import { inboxCapIssue } from './inbox-cap'
import {
  checkAgainstCreator,
  checkPostChoices,
  checkScheduledInstant,
  DRAFT_PRIVACY_PLACEHOLDER,
  postSettings,
  type PostChoices,
  type PostKind,
} from './post-rules'
import { invalid, uuid, viewAndAnnounce, type PostsServiceDeps, type TransactionScope } from './posts-context'

/** A post to create at an exact instant (the API resolves the form's date and time; automation has its own). */
export interface NewPost extends Omit<PostChoices, 'privacyLevel'> {
  accountId: string
  /** A video (`mediaId`, the default) or a photo post (`slideshowId`'s latest render, or `photoSetId`). */
  format?: PostFormat
  /** Posted directly (default), or sent as a draft to the creator's TikTok inbox. */
  postMode?: PostMode
  mediaId?: string
  slideshowId?: string
  /** A photo set of the user's, as it is (a duplicate sends exactly its original's images); else `slideshowId`'s. */
  photoSetId?: string
  /** Required to post directly; a draft takes none. */
  privacyLevel?: PrivacyLevel
  autoAddMusic?: boolean
  timeZone: string
  scheduledAt: Date
  source?: 'manual' | 'automation'
  /** The automation's planned post this is: unique, so one planned post is never scheduled twice. */
  automationSlotId?: string
  /** Created as a draft awaiting the person's approval ("Review before posting", ADR 018). */
  draft?: boolean
}

/** What a checked new post sends: its video, or its photo set (the slideshow's render at the time of scheduling). */
export interface CheckedPost {
  kind: PostKind
  media: MediaRow | null
  photoSetId: string | null
}

/** A creator's fresh posting options, by account (scoped to the signed-in user by the caller). */
export type CreatorLookup = (accountId: string) => Promise<CreatorInfo>

export function kindOf(input: Pick<NewPost, 'format' | 'postMode'>): PostKind {
  return { format: input.format ?? 'video', postMode: input.postMode ?? 'direct' }
}

/**
 * The photo set a photo post sends: the given photo set of the user's (a duplicate sends its original's), else the
 * slideshow's latest render, processed (a later re-render changes nothing).
 */
export async function photoSetFor(
  { repo }: Pick<PostsServiceDeps, 'repo'>,
  userId: string,
  input: { photoSetId?: string | undefined; slideshowId?: string | undefined },
): Promise<string> {
  if (input.photoSetId) {
    if (uuid.safeParse(input.photoSetId).success && (await repo.photoSetExistsForUser(userId, input.photoSetId))) {
      return input.photoSetId
    }
    throw new AppError('NOT_FOUND', MESSAGES.slideshowNotFound)
  }
  if (!input.slideshowId) throw invalid({ path: 'slideshowId', message: 'Please fill in all required fields' })
  if (!uuid.safeParse(input.slideshowId).success) throw new AppError('NOT_FOUND', MESSAGES.slideshowNotFound)
  const show = await repo.findSlideshowForUser(userId, input.slideshowId)
  if (!show) throw new AppError('NOT_FOUND', MESSAGES.slideshowNotFound)
  if (show.state === 'failed') throw invalid({ path: 'slideshowId', message: MESSAGES.slideshowRenderFailed })
  if (show.state !== 'processed' || !show.photoSetId) {
    throw invalid({ path: 'slideshowId', message: MESSAGES.slideshowStillRendering })
  }
  return show.photoSetId
}

/** The user's video (404 for anyone else's, or an id that is not one). */
export async function mediaFor({ repo }: Pick<PostsServiceDeps, 'repo'>, userId: string, mediaId: string) {
  if (!uuid.safeParse(mediaId).success) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
  const media = await repo.findMediaForUser(userId, mediaId)
  if (!media) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
  return media
}

/**
 * A draft goes to the creator's inbox only from an account that granted `video.upload` (tiktok-api.md §3.3): one
 * connected before Hookpost asked for it must connect again. 404 for another user's account.
 */
export async function checkDraftScope(
  { accounts }: Pick<PostsServiceDeps, 'accounts'>,
  userId: string,
  accountId: string,
): Promise<void> {
  const account = await accounts.get(userId, accountId)
  if (!account.scopes.includes('video.upload')) throw new AppError('CONFLICT', MESSAGES.reconnectForDrafts)
}

/**
 * Every rule a new post must meet before anything is written — the one check for the form, automation, batch, queue
 * and duplicate scheduling: the form's choices for its kind, the instant, its video or slideshow, and the account (the
 * creator's fresh options from `creatorInfo`; for a draft, that the account granted `video.upload`). Throws the broken
 * rule as an AppError.
 */
export async function checkNewPost(
  deps: PostsServiceDeps,
  userId: string,
  newPost: NewPost,
  creatorInfo: CreatorLookup = (accountId) => deps.accounts.creatorInfo(userId, accountId),
): Promise<CheckedPost> {
  const { clock } = deps
  const kind = kindOf(newPost)
  const input = { ...newPost, privacyLevel: newPost.privacyLevel ?? DRAFT_PRIVACY_PLACEHOLDER }
  if (kind.postMode === 'direct' && !newPost.privacyLevel) {
    throw invalid({ path: 'privacyLevel', message: 'Please fill in all required fields' })
  }
  const choiceIssue = checkPostChoices(input, kind)
  if (choiceIssue) throw invalid(choiceIssue)
  const timeIssue = checkScheduledInstant(input.scheduledAt, input.timeZone, clock())
  if (timeIssue) throw invalid(timeIssue)

  let media: MediaRow | null = null
  let photoSetId: string | null = null
  if (kind.format === 'video') {
    if (!input.mediaId) throw invalid({ path: 'mediaId', message: 'Please fill in all required fields' })
    media = await mediaFor(deps, userId, input.mediaId)
  } else {
    photoSetId = await photoSetFor(deps, userId, input)
  }

  if (!uuid.safeParse(input.accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
  if (kind.postMode === 'inbox') await checkDraftScope(deps, userId, input.accountId)
  // Fresh from TikTok (UX rule 1); 404 for another user's account, 409 when it must be reconnected first.
  const creator = await creatorInfo(input.accountId)
  const creatorIssue = checkAgainstCreator(input, media?.durationMs ?? 0, creator, kind)
  if (creatorIssue) throw invalid(creatorIssue)
  return { kind, media, photoSetId }
}

/**
 * The pending-drafts cap (inbox-cap.ts) for a draft of `accountId` at `at`, inside the caller's transaction after the
 * person's plan lock was taken, so two requests at once cannot both take the 5th place.
 */
export async function checkInboxCap(
  scope: Pick<TransactionScope, 'repo'>,
  accountId: string,
  at: Date,
  exceptId?: string,
): Promise<void> {
  const from = new Date(at.getTime() - INBOX_PENDING_WINDOW_MS)
  const to = new Date(at.getTime() + INBOX_PENDING_WINDOW_MS)
  const issue = inboxCapIssue(await scope.repo.inboxTimesForAccount(accountId, from, to, exceptId), at)
  if (issue) throw invalid(issue)
}

/** Writes a checked post and its `post.publish` job inside the caller's transaction (both or neither). */
export async function insertNewPost(
  { plans, publishing }: PostsServiceDeps,
  scope: TransactionScope,
  userId: string,
  input: NewPost,
  checked: CheckedPost,
) {
  const { repo: tx, jobs } = scope
  const { kind } = checked
  // The plan's limits, under the person's plan lock, counting what this transaction wrote before (a batch).
  await plans.checkNewPost(scope.tx, userId, {
    scheduledAt: input.scheduledAt,
    timeZone: input.timeZone,
    draft: input.draft === true,
  })
  if (kind.postMode === 'inbox') await checkInboxCap(scope, input.accountId, input.scheduledAt)
  const choices = { ...input, privacyLevel: input.privacyLevel ?? DRAFT_PRIVACY_PLACEHOLDER }
  const inserted = await tx.insert({
    userId,
    accountId: input.accountId,
    format: kind.format,
    postMode: kind.postMode,
    mediaId: checked.media?.id ?? null,
    photoSetId: checked.photoSetId,
    autoAddMusic: kind.format === 'photo' ? (input.autoAddMusic ?? true) : false,
    title: input.title,
    description: input.description,
    privacyLevel: kind.postMode === 'inbox' ? DRAFT_PRIVACY_PLACEHOLDER : choices.privacyLevel,
    ...postSettings(choices, kind),
    isAigc: false,
    scheduledAt: input.scheduledAt,
    timeZone: input.timeZone,
    source: input.source ?? 'manual',
    automationSlotId: input.automationSlotId ?? null,
    state: input.draft ? 'draft' : 'scheduled',
  })
  // Automation posts come through here too (scheduleAt with their slot id): one place records every post's hook.
  await tx.recordHook(inserted.id)
  // A draft has its job too: at its time the job skips it unless it was approved (ADR 018).
  await publishing.schedule(inserted.id, input.scheduledAt, jobs)
  return inserted
}

/** Checks, writes (the row with its job) and announces one new post. */
export async function createPost(deps: PostsServiceDeps, userId: string, input: NewPost): Promise<Post> {
  const checked = await checkNewPost(deps, userId, input)
  const row = await deps.repo.transaction((scope) => insertNewPost(deps, scope, userId, input, checked))
  return viewAndAnnounce(deps, userId, row.id)
}
