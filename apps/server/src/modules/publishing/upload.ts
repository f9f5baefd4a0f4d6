import { MESSAGES, type ServerEvent } from '@hookpost/shared'
import { chunkPlan, isTiktokError, type ChunkPlan } from '../../integrations/tiktok'
import type { JobPayload } from '../../lib/job-queue'
import { announce } from './announcements'
import type { Engine } from './engine'
import { fetchStatus, startProcessing } from './poll'
import { decideUnfinishedUpload } from './post-state-machine'
import type { MediaRow, PostRow } from './post-views.repository'

/*
 * The upload of an accepted publish (after video/init): the file's chunks to TikTok's upload_url, with a heartbeat,
 * and the resume of an upload whose worker died (ADR 019).
 */

/** An accepted FILE_UPLOAD: where its chunks go, until when, and which ones. */
export interface Upload {
  url: string
  expiresAt: Date
  plan: ChunkPlan
}

/** How sending the file ended: all of it, a stop of this process, another attempt took over, or an error. */
type UploadResult = { type: 'done' } | { type: 'stopped' } | { type: 'lost' } | { type: 'failed'; error: unknown }

/** A resume is not started this close to the upload_url's expiry: it could not finish before TikTok refuses it. */
export const UPLOAD_URL_MARGIN_MS = 30_000

/** The associated data TikTok's upload_url is sealed with (lib/crypto.ts). */
export const uploadUrlContext = (postId: string) => `post:${postId}:upload_url`

/**
 * Posts with a publish_id waiting for an upload place: one statement every `progressWriteMs` is their heartbeat
 * (ADR 019's upload lease), instead of one per post. A post whose attempt was taken over meanwhile is told so.
 */
function keepAliveWhileWaiting(engine: Engine, postId: string, attempt: number): { lost: AbortSignal; done(): void } {
  const { waiting, settings } = engine
  const entry = { attempt, lost: new AbortController() }
  waiting.uploads.set(postId, entry)
  waiting.beat ??= setInterval(() => void beatWaitingUploads(engine), settings.progressWriteMs)
  return {
    lost: entry.lost.signal,
    done() {
      if (waiting.uploads.get(postId) === entry) waiting.uploads.delete(postId)
      if (waiting.uploads.size === 0 && waiting.beat) {
        clearInterval(waiting.beat)
        waiting.beat = undefined
      }
    },
  }
}

async function beatWaitingUploads({ waiting, repo, clock, log, settings }: Engine): Promise<void> {
  const beating = [...waiting.uploads]
  for (let i = 0; i < beating.length; i += settings.claimBatch) {
    const chunk = beating.slice(i, i + settings.claimBatch)
    try {
      const mine = await repo.touchAttemptsInternal(
        chunk.map(([id, e]) => ({ id, attempt: e.attempt })),
        clock(),
      )
      for (const [id, e] of chunk) if (!mine.has(id)) e.lost.abort()
    } catch (err) {
      log.warn(`[posts] heartbeat of ${chunk.length} waiting uploads not recorded: ${String(err)}`)
    }
  }
}

/** TikTok accepted the init and its publish_id is stored: the file goes out once no init is waiting. */
export async function uploadAccepted(
  engine: Engine,
  row: PostRow,
  attempt: number,
  publishId: string,
  upload: Upload,
  file: MediaRow,
): Promise<void> {
  // Uploads wait while inits do (an upload link is good for an hour; a post's time is now), then take turns. A post
  // waiting here is kept alive for the sweep, which would otherwise take a silent upload for a dead worker's.
  const waiting = keepAliveWhileWaiting(engine, row.id, attempt)
  let releaseUpload: () => void
  try {
    await engine.initSlots.whenNoneWaiting()
    releaseUpload = await engine.uploadSlots.acquire()
  } finally {
    waiting.done()
  }
  if (waiting.lost.aborted) {
    releaseUpload()
    engine.log.warn(`[posts] post ${row.id}: another worker took over the upload of attempt ${attempt}`)
    return
  }
  let result: UploadResult
  try {
    result = await sendFile(engine, row, attempt, upload, file)
  } finally {
    releaseUpload()
  }
  await afterUpload(engine, row, attempt, publishId, upload.plan.videoSize, result)
}

/** The resumable upload stored with the post, or undefined (none stored by an older version, or unreadable). */
function storedUpload({ box, log }: Engine, row: PostRow): Upload | undefined {
  if (!row.uploadUrlEnc || !row.uploadUrlExpiresAt || !row.uploadPlan) return undefined
  try {
    const url = box.open(row.uploadUrlEnc, uploadUrlContext(row.id))
    return { url, expiresAt: row.uploadUrlExpiresAt, plan: chunkPlan(row.uploadPlan) }
  } catch (err) {
    log.warn(`[posts] post ${row.id}: the stored upload link cannot be read: ${String(err)}`)
    return undefined
  }
}

/**
 * Sends the file's chunks, in order from the first: TikTok answers a chunk it already has with 416 and its progress,
 * and the upload continues from there (integrations/tiktok/upload.ts), so a resumed upload sends again only what
 * TikTok lacks. While it runs, a heartbeat every `progressWriteMs` tells the sweep this attempt is alive; when the
 * heartbeat finds the attempt taken over (a sweep judged this worker dead), the upload stops.
 */
async function sendFile(
  { repo, tiktok, media, events, jobs, clock, log, settings }: Engine,
  row: PostRow,
  attempt: number,
  upload: Upload,
  file: MediaRow,
): Promise<UploadResult> {
  const postId = row.id
  const lost = new AbortController()
  let sent = 0
  let lastEvent = 0
  const heartbeat = setInterval(() => {
    repo.recordProgressInternal(postId, attempt, sent, clock()).then(
      (mine) => {
        if (!mine) lost.abort()
      },
      (err: unknown) => log.warn(`[posts] progress of ${postId} not recorded: ${String(err)}`),
    )
  }, settings.progressWriteMs)
  try {
    await media.withChunkSource(file.storageKey, (source) =>
      tiktok.uploadFile({
        uploadUrl: upload.url,
        source,
        contentType: file.contentType,
        plan: upload.plan,
        signal: AbortSignal.any([jobs.signal, lost.signal]),
        onProgress: (sentBytes, totalBytes) => {
          sent = sentBytes
          const now = Date.now()
          if (now - lastEvent >= settings.progressEventMs || sentBytes === totalBytes) {
            lastEvent = now
            const event: ServerEvent = { type: 'post.progress', postId, sentBytes, totalBytes }
            events.publish(row.userId, event)
          }
        },
      }),
    )
    return { type: 'done' }
  } catch (error) {
    if (lost.signal.aborted) return { type: 'lost' }
    if (jobs.signal.aborted) return { type: 'stopped' }
    return { type: 'failed', error }
  } finally {
    clearInterval(heartbeat)
  }
}

/**
 * What follows sending the file. `interrupted` replaces TikTok's words when it dropped a resumed upload (403
 * expired, 404 gone): the person then learns why nothing was posted and that Retry is safe.
 */
async function afterUpload(
  engine: Engine,
  row: PostRow,
  attempt: number,
  publishId: string,
  videoSize: number,
  result: UploadResult,
  interrupted?: string,
): Promise<void> {
  const { log } = engine
  switch (result.type) {
    case 'done':
      return startProcessing(engine, row.id, attempt)
    case 'stopped':
      // Like a crash: the post stays `publishing` with its publish_id, and its upload is resumed after the restart.
      log.warn(`[posts] post ${row.id}: upload abandoned at shutdown; it is resumed after the restart`)
      return
    case 'lost':
      log.warn(`[posts] post ${row.id}: another worker took over the upload of attempt ${attempt}`)
      return
    case 'failed': {
      const { error } = result
      const dropped = isTiktokError(error) && (error.code === 'upload_url_expired' || error.code === 'upload_not_found')
      const message =
        dropped && interrupted ? interrupted : isTiktokError(error) ? error.message : MESSAGES.uploadFailed
      log.warn(`[posts] post ${row.id}: upload failed: ${error instanceof Error ? error.message : String(error)}`)
      return concludeUnfinishedUpload(engine, row, attempt, publishId, videoSize, message)
    }
  }
}

/**
 * The upload cannot go on: TikTok's status decides between polling (it has the whole file), `failed` with `message`
 * (it never will: the person may Retry) and `unconfirmed` (nobody can tell). Never `publishing` for long, never
 * undeletable (ADR 019).
 */
async function concludeUnfinishedUpload(
  engine: Engine,
  row: PostRow,
  attempt: number,
  publishId: string,
  videoSize: number | undefined,
  message: string,
): Promise<void> {
  const outcome = await fetchStatus(engine, row, publishId)
  const decision = decideUnfinishedUpload(outcome, videoSize, message)
  if (decision.type === 'poll') return startProcessing(engine, row.id, attempt)
  const end = { state: decision.type, errorMessage: decision.message }
  if (await engine.repo.endAttemptInternal(row.id, attempt, end, engine.clock())) {
    engine.log.warn(`[posts] post ${row.id} ${decision.type} (publish ${publishId}): ${decision.message}`)
    await announce(engine, row.id)
  }
}

/**
 * `post.upload`: an upload whose worker died (the sweep saw its heartbeat stop before `orphanedBefore`) is claimed
 * by a new attempt and continued while TikTok's upload_url works; otherwise it is settled on what TikTok has.
 */
export async function resumeUpload(engine: Engine, payload: JobPayload<'post.upload'>): Promise<void> {
  const { repo, clock, log } = engine
  const claimed = await repo.claimUploadInternal(payload.postId, new Date(payload.orphanedBefore), clock())
  if (!claimed?.publishId) return
  const { attempts: attempt, publishId } = claimed
  const file = (await repo.findForPublishingInternal(claimed.id))?.media ?? undefined
  const upload = storedUpload(engine, claimed)
  const ready = await resumable(engine, upload, file)
  if (!ready.ok) {
    const videoSize = upload?.plan.videoSize ?? file?.sizeBytes
    return concludeUnfinishedUpload(engine, claimed, attempt, publishId, videoSize, ready.message)
  }
  log.warn(`[posts] post ${claimed.id}: resuming the upload of publish ${publishId} (attempt ${attempt})`)
  const result = await sendFile(engine, claimed, attempt, ready.upload, ready.file)
  await afterUpload(
    engine,
    claimed,
    attempt,
    publishId,
    ready.upload.plan.videoSize,
    result,
    MESSAGES.uploadInterrupted,
  )
}

/** An upload can be resumed with a readable link that still works a while and the very file it was planned for. */
async function resumable(
  { media, clock }: Engine,
  upload: Upload | undefined,
  file: MediaRow | undefined,
): Promise<{ ok: true; upload: Upload; file: MediaRow } | { ok: false; message: string }> {
  if (!upload || upload.expiresAt.getTime() - clock().getTime() < UPLOAD_URL_MARGIN_MS) {
    return { ok: false, message: MESSAGES.uploadInterrupted }
  }
  if (!file || (await media.size(file.storageKey)) !== upload.plan.videoSize) {
    return { ok: false, message: MESSAGES.postMediaMissing }
  }
  return { ok: true, upload, file }
}
