import { MESSAGES, tiktokCaption } from '@hookpost/shared'
import type { TiktokDirectPostInit, TiktokPostInfo } from '../../integrations/tiktok'
import { announce } from './announcements'
import { later, type Engine, type Prepared } from './engine'
import { classifyFailure, decideFailedAttempt, type PublishFailure } from './post-state-machine'
import type { MediaRow, PostRow } from './post-views.repository'
import { publishNow } from './publish-jobs'
import { uploadAccepted, uploadUrlContext } from './upload'

/*
 * A claimed post goes to TikTok: video/init exactly once (its mark written just before it leaves), then the
 * publish_id stored before anything else happens. A failure before TikTok gave a publish_id is the state machine's to
 * decide (retry, fail, or unconfirmed when the init may have been accepted).
 */

type InitOutcome = { ok: true; init: TiktokDirectPostInit } | { ok: false; failure: PublishFailure }

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

/** video/init, once; when TikTok refuses the token, once more with a freshly refreshed one. */
async function initDirectPost(
  { tiktok, accounts }: Engine,
  row: PostRow,
  file: MediaRow,
  token: string,
): Promise<InitOutcome> {
  const input = { postInfo: postInfo(row), source: { kind: 'file' as const, size: file.sizeBytes } }
  try {
    return { ok: true, init: await tiktok.initDirectPost(token, input) }
  } catch (err) {
    const failure = classifyFailure(err, true)
    if (failure.kind !== 'reauth') return { ok: false, failure }
  }
  // The access token was refused although it had not expired by our clock (revoked, or expired early): refresh.
  let fresh: string
  try {
    fresh = await accounts.accessToken(row.accountId, { force: true })
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, false) }
  }
  try {
    return { ok: true, init: await tiktok.initDirectPost(fresh, input) }
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, true) }
  }
}

/** Applies the state machine's verdict on an attempt that failed before TikTok gave us a publish_id. */
async function endFailedAttempt(engine: Engine, row: PostRow, attempt: number, failure: PublishFailure): Promise<void> {
  const { repo, queue, clock, log, settings } = engine
  const decision = decideFailedAttempt(failure, attempt, settings)
  const now = clock()
  let changed: boolean
  if (decision.type === 'retry') {
    changed = await repo.transaction(async ({ repo: tx, jobs }) => {
      const released = await tx.releaseInternal(
        row.id,
        attempt,
        { errorMessage: decision.message, refundAttempt: decision.refundAttempt },
        now,
      )
      if (released) {
        await queue.reschedule(
          'post.publish',
          { postId: row.id },
          { singletonKey: row.id, startAfter: later(engine, decision.delayMs), tx: jobs },
        )
      }
      return released
    })
    if (changed) log.warn(`[posts] post ${row.id} attempt ${attempt}: ${failure.message}; retrying`)
  } else {
    changed = await repo.endAttemptInternal(
      row.id,
      attempt,
      { state: decision.type === 'fail' ? 'failed' : 'unconfirmed', errorMessage: decision.message },
      now,
    )
    if (changed) log.warn(`[posts] post ${row.id} ${decision.type}: ${decision.message}`)
  }
  if (changed) await announce(engine, row.id)
}

/** A stop arrived before video/init was sent: give the post back untouched (no attempt used), due now. */
async function giveBack(engine: Engine, row: PostRow, attempt: number): Promise<void> {
  const released = await engine.repo.transaction(async ({ repo: tx, jobs }) => {
    const ok = await tx.releaseInternal(row.id, attempt, { errorMessage: null, refundAttempt: true }, engine.clock())
    if (ok) await publishNow(engine, row.id, jobs)
    return ok
  })
  if (released) await announce(engine, row.id)
}

/**
 * A claimed post: what was not prepared is done now; then video/init — at most `initConcurrency` at once, the mark
 * written just before — the publish_id stored, and the upload once no init is waiting.
 */
export async function sendClaimed(engine: Engine, claimed: PostRow, prepared: Prepared | undefined): Promise<void> {
  const { repo, accounts, media, box, jobs, clock, log } = engine
  const postId = claimed.id
  const attempt = claimed.attempts
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
  let outcome: InitOutcome
  try {
    if (jobs.signal.aborted) return await giveBack(engine, claimed, attempt)
    // From here on TikTok may hold the post: this mark is written before the request leaves (see the repository).
    if (!(await engine.markInitSending({ id: postId, attempt }))) return
    outcome = await initDirectPost(engine, claimed, file, token)
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
