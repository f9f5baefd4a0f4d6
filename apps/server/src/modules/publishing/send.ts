import { MESSAGES, tiktokCaption } from '@hookpost/shared'
import type { TiktokDirectPostInit, TiktokPostInfo } from '../../integrations/tiktok'
import { endFailedAttempt, giveBack, initOnce, type InitOutcome } from './attempt'
import type { Engine, Prepared } from './engine'
import { classifyFailure } from './post-state-machine'
import type { MediaRow, PostRow } from './post-views.repository'
import { sendPhoto } from './send-photo'
import { uploadAccepted, uploadUrlContext } from './upload'

/*
 * A claimed post goes to TikTok (a photo post: send-photo.ts): video/init exactly once (its mark written just before it leaves), then the
 * publish_id stored before anything else happens. A failure before TikTok gave a publish_id is the state machine's to
 * decide (retry, fail, or unconfirmed when the init may have been accepted).
 */

function postInfo(row: PostRow): TiktokPostInfo {
  return {
    title: tiktokCaption(row.title, row.description),
    privacyLevel: row.privacyLevel,
    disableComment: row.disableComment,
    disableDuet: row.disableDuet,
    disableStitch: row.disableStitch,
    brandContentToggle: row.brandContentToggle,
    brandOrganicToggle: row.brandOrganicToggle,
    isAigc: row.isAigc,
  }
}

/** video/init (direct) or inbox/video/init (a draft, tiktok-api.md §3.3: the file only, no post_info). */
function initVideo(engine: Engine, row: PostRow, file: MediaRow, token: string) {
  const source = { kind: 'file' as const, size: file.sizeBytes }
  return initOnce(engine, row, token, (t) =>
    row.postMode === 'inbox'
      ? engine.tiktok.initInboxVideo(t, { source })
      : engine.tiktok.initDirectPost(t, { postInfo: postInfo(row), source }),
  )
}

/**
 * A claimed post: what was not prepared is done now; then video/init — at most `initConcurrency` at once, the mark
 * written just before — the publish_id stored, and the upload once no init is waiting.
 */
export async function sendClaimed(engine: Engine, claimed: PostRow, prepared: Prepared | undefined): Promise<void> {
  const { repo, accounts, media, box, jobs, clock, log } = engine
  const postId = claimed.id
  const attempt = claimed.attempts
  if (claimed.format === 'photo') return sendPhoto(engine, claimed, prepared)
  const fits = prepared && prepared.accountId === claimed.accountId && prepared.mediaId === claimed.mediaId
  let file = fits ? prepared.file : undefined
  if (file === undefined) {
    const found = (await repo.findForPublishingInternal(postId))?.media
    file = found && (await media.size(found.storageKey)) === found.sizeBytes ? found : null
  }
  if (!file) {
    await endFailedAttempt(engine, claimed, attempt, { kind: 'rejected', message: MESSAGES.postMediaMissing })
    return
  }
  let token = fits ? prepared.token : undefined
  if (token === undefined) {
    try {
      token = await accounts.accessToken(claimed.accountId)
    } catch (err) {
      await endFailedAttempt(engine, claimed, attempt, classifyFailure(err, false))
      return
    }
  }

  const release = await engine.initSlots.acquire()
  let outcome: InitOutcome<TiktokDirectPostInit>
  try {
    if (jobs.signal.aborted) return await giveBack(engine, claimed, attempt)
    // From here on TikTok may hold the post: this mark is written before the request leaves (see the repository).
    if (!(await engine.markInitSending({ id: postId, attempt }))) return
    outcome = await initVideo(engine, claimed, file, token)
  } finally {
    release()
  }
  if (!outcome.ok) return endFailedAttempt(engine, claimed, attempt, outcome.failure)
  const { publishId, uploadUrl, uploadUrlExpiresAt, chunks } = outcome.init
  const upload =
    uploadUrl && uploadUrlExpiresAt && chunks
      ? { url: uploadUrl, expiresAt: uploadUrlExpiresAt, plan: chunks }
      : undefined

  // TikTok accepted: nothing is ever sent again for this post. The publish_id goes to the database first, with what
  // resuming its upload after a crash needs (ADR 019).
  const stored = await repo.storePublishIdInternal(
    postId,
    attempt,
    publishId,
    upload
      ? {
          uploadUrlEnc: box.seal(upload.url, uploadUrlContext(postId)),
          uploadUrlExpiresAt: upload.expiresAt,
          uploadPlan: {
            videoSize: upload.plan.videoSize,
            chunkSize: upload.plan.chunkSize,
            totalChunkCount: upload.plan.totalChunkCount,
          },
        }
      : {},
    clock(),
  )
  if (!stored) {
    log.error(`[posts] post ${postId}: TikTok accepted publish ${publishId} but the attempt was taken over`)
    return
  }
  if (!upload) {
    await endFailedAttempt(engine, claimed, attempt, { kind: 'rejected', message: MESSAGES.uploadFailed })
    return
  }
  await uploadAccepted(engine, claimed, attempt, publishId, upload, file)
}
