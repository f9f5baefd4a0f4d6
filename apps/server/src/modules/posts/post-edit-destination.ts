import { MESSAGES } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { PostView } from '../publishing'
import { mediaFor, photoSetFor } from './new-post'
import { invalid, uuid, type PostsServiceDeps } from './posts-context'

/** Where an edited post goes and what it sends (issue 30 item 5): its account, and its video or photo set. */
export interface EditedDestination {
  accountId: string
  accountChanged: boolean
  /** The length of the video it will send (0 for a photo post), for the creator's maximum duration. */
  durationMs: number
  /** Set when the edit replaces the video. */
  mediaId?: string
  /** Set when the edit replaces the photo set (another slideshow's latest render). */
  photoSetId?: string
}

/**
 * The account and the video (or slideshow) an edit asks for, each the user's (404 otherwise, as scheduling answers).
 * A video post takes another video and a photo post another slideshow. An automation post keeps its video: it carries
 * the hook automation chose, whose results the hook bandit learns from (ADR 043); its account may change.
 */
export async function editedDestination(
  deps: Pick<PostsServiceDeps, 'repo'>,
  userId: string,
  current: PostView,
  body: { accountId?: string | undefined; mediaId?: string | undefined; slideshowId?: string | undefined },
): Promise<EditedDestination> {
  const accountId = body.accountId ?? current.accountId
  const accountChanged = accountId !== current.accountId
  if (accountChanged && !uuid.safeParse(accountId).success) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
  const destination: EditedDestination = { accountId, accountChanged, durationMs: current.media?.durationMs ?? 0 }
  const automation = current.source === 'automation'

  if (body.mediaId !== undefined && current.format !== 'video') {
    throw invalid({ path: 'mediaId', message: MESSAGES.editWrongSource })
  }
  if (body.slideshowId !== undefined && current.format !== 'photo') {
    throw invalid({ path: 'slideshowId', message: MESSAGES.editWrongSource })
  }
  if (body.mediaId !== undefined && body.mediaId !== current.mediaId) {
    const media = await mediaFor(deps, userId, body.mediaId)
    if (automation) throw invalid({ path: 'mediaId', message: MESSAGES.automationVideoFixed })
    destination.mediaId = media.id
    destination.durationMs = media.durationMs
  }
  if (body.slideshowId !== undefined) {
    const photoSetId = await photoSetFor(deps, userId, { slideshowId: body.slideshowId })
    if (photoSetId !== current.photoSetId) {
      if (automation) throw invalid({ path: 'slideshowId', message: MESSAGES.automationVideoFixed })
      destination.photoSetId = photoSetId
    }
  }
  return destination
}
