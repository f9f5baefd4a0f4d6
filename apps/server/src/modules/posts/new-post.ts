import {
  MESSAGES,
  type CreatorInfo,
  type Post,
  type PostFormat,
  type PostMode,
  type PrivacyLevel,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { MediaRow } from '../publishing'
import {
  checkAgainstCreator,
  checkPostChoices,
  checkScheduledInstant,
  postSettings,
  type PostChoices,
} from './post-rules'
import { invalid, uuid, viewAndAnnounce, type PostsServiceDeps, type TransactionScope } from './posts-context'

/** A post to create at an exact instant (the API resolves the form's date and time; automation has its own). */
export interface NewPost extends Omit<PostChoices, 'privacyLevel'> {
  accountId: string
  // issue 29 (in progress): photo posts and drafts; until the engine sends them, only a direct video is accepted.
  format?: PostFormat
  postMode?: PostMode
  mediaId?: string
  slideshowId?: string
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

/** A creator's fresh posting options, by account (scoped to the signed-in user by the caller). */
export type CreatorLookup = (accountId: string) => Promise<CreatorInfo>

/**
 * Every rule a new post must meet before anything is written — the one check for the form, automation and batch
 * scheduling: the form's choices, the instant, the video and the account (the creator's fresh options from
 * `creatorInfo`). Throws the broken rule as an AppError; answers the post's video.
 */
export async function checkNewPost(
  { repo, accounts, clock }: PostsServiceDeps,
  userId: string,
  newPost: NewPost,
  creatorInfo: CreatorLookup = (accountId) => accounts.creatorInfo(userId, accountId),
): Promise<MediaRow> {
  const input = directVideo(newPost)
  const choiceIssue = checkPostChoices(input)
  if (choiceIssue) throw invalid(choiceIssue)
  const timeIssue = checkScheduledInstant(input.scheduledAt, input.timeZone, clock())
  if (timeIssue) throw invalid(timeIssue)
  if (!uuid.safeParse(input.mediaId).success) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
  const media = await repo.findMediaForUser(userId, input.mediaId)
  if (!media) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
  if (!uuid.safeParse(input.accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
  // Fresh from TikTok (UX rule 1); 404 for another user's account, 409 when it must be reconnected first.
  const creator = await creatorInfo(input.accountId)
  const creatorIssue = checkAgainstCreator(input, media.durationMs, creator)
  if (creatorIssue) throw invalid(creatorIssue)
  return media
}

/** issue 29 (in progress): the one kind of post the engine sends so far. */
function directVideo(input: NewPost): NewPost & { mediaId: string; privacyLevel: PrivacyLevel } {
  const { mediaId, privacyLevel } = input
  if ((input.format ?? 'video') !== 'video' || (input.postMode ?? 'direct') !== 'direct') {
    throw invalid({ path: 'format', message: 'Slideshows and drafts cannot be scheduled yet.' })
  }
  if (!mediaId || !privacyLevel) throw invalid({ path: 'mediaId', message: 'Please fill in all required fields' })
  return { ...input, mediaId, privacyLevel }
}

/** Writes a checked post and its `post.publish` job inside the caller's transaction (both or neither). */
export async function insertNewPost(
  { plans, publishing }: PostsServiceDeps,
  scope: TransactionScope,
  userId: string,
  input: NewPost,
  media: MediaRow,
) {
  const { repo: tx, jobs } = scope
  // The plan's limits, under the person's plan lock, counting what this transaction wrote before (a batch).
  await plans.checkNewPost(scope.tx, userId, {
    scheduledAt: input.scheduledAt,
    timeZone: input.timeZone,
    draft: input.draft === true,
  })
  const inserted = await tx.insert({
    userId,
    accountId: input.accountId,
    mediaId: media.id,
    title: input.title,
    description: input.description,
    privacyLevel: directVideo(input).privacyLevel,
    ...postSettings(directVideo(input)),
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
  const media = await checkNewPost(deps, userId, input)
  const row = await deps.repo.transaction((scope) => insertNewPost(deps, scope, userId, input, media))
  return viewAndAnnounce(deps, userId, row.id)
}
