import { MESSAGES } from '@hookpost/shared'
import type { TiktokPhotoPostInput } from '../../integrations/tiktok'
import { endFailedAttempt, giveBack, initOnce } from './attempt'
import type { Engine, Prepared } from './engine'
import { startProcessing } from './poll'
import { classifyFailure } from './post-state-machine'
import type { PhotoSetRow, PostRow } from './post-views.repository'

/*
 * A claimed photo post (issue 29, tiktok-api.md §3.10): content/init exactly once, its mark written just before it
 * leaves, the publish_id stored before anything else — the same rule as a video. There is no upload: TikTok pulls the
 * images from their signed URLs under PUBLIC_URL (photo-urls.ts), and the status polls follow at once
 * (PROCESSING_DOWNLOAD → PUBLISH_COMPLETE, SEND_TO_USER_INBOX for a draft, or FAILED with photo_pull_failed).
 */

/** What content/init carries. A draft (MEDIA_UPLOAD) takes no privacy level and no interaction settings (§3.10). */
export function photoPostInput(row: PostRow, photoUrls: string[], coverIndex: number): TiktokPhotoPostInput {
  const direct = row.postMode === 'direct'
  return {
    mode: direct ? 'DIRECT_POST' : 'MEDIA_UPLOAD',
    postInfo: {
      title: row.title,
      description: row.description,
      ...(direct ? { privacyLevel: row.privacyLevel } : {}),
      disableComment: row.disableComment,
      autoAddMusic: row.autoAddMusic,
      brandContentToggle: row.brandContentToggle,
      brandOrganicToggle: row.brandOrganicToggle,
    },
    photoUrls,
    coverIndex,
  }
}

/** The post's photo set when every image is still in media storage; null otherwise. */
async function readySet(engine: Engine, postId: string): Promise<PhotoSetRow | null> {
  const set = (await engine.repo.findForPublishingInternal(postId))?.photoSet
  if (!set || set.images.length === 0) return null
  for (const image of set.images) {
    if ((await engine.media.size(image.storageKey)) === undefined) return null
  }
  return set
}

export async function sendPhoto(engine: Engine, claimed: PostRow, prepared: Prepared | undefined): Promise<void> {
  const { repo, accounts, jobs, clock, log } = engine
  const postId = claimed.id
  const attempt = claimed.attempts
  const set = await readySet(engine, postId)
  if (!set) {
    await endFailedAttempt(engine, claimed, attempt, { kind: 'rejected', message: MESSAGES.photoSetMissing })
    return
  }
  if (!engine.photoUrls) {
    await endFailedAttempt(engine, claimed, attempt, { kind: 'rejected', message: MESSAGES.photoSetMissing })
    return
  }
  const fits = prepared && prepared.accountId === claimed.accountId
  let token = fits ? prepared.token : undefined
  if (token === undefined) {
    try {
      token = await accounts.accessToken(claimed.accountId)
    } catch (err) {
      await endFailedAttempt(engine, claimed, attempt, classifyFailure(err, false))
      return
    }
  }
  // Signed before the mark: from the mark on, nothing may stand between it and the request but the request.
  const urls = await engine.photoUrls.urlsFor(set, clock())
  const input = photoPostInput(claimed, urls, set.coverIndex)

  const release = await engine.initSlots.acquire()
  let outcome: Awaited<ReturnType<typeof initOnce<{ publishId: string }>>>
  try {
    if (jobs.signal.aborted) return await giveBack(engine, claimed, attempt)
    if (!(await engine.markInitSending({ id: postId, attempt }))) return
    outcome = await initOnce(engine, claimed, token, (t) => engine.tiktok.initPhotoPost(t, input))
  } finally {
    release()
  }
  if (!outcome.ok) return endFailedAttempt(engine, claimed, attempt, outcome.failure)
  const { publishId } = outcome.init
  // TikTok accepted: nothing is ever sent again for this post; its publish_id goes to the database first.
  if (!(await repo.storePublishIdInternal(postId, attempt, publishId, {}, clock()))) {
    log.error(`[posts] post ${postId}: TikTok accepted photo publish ${publishId} but the attempt was taken over`)
    return
  }
  await startProcessing(engine, postId, attempt, 'photo')
}
