import { MESSAGES, tiktokCaption, type ServerEvent } from '@hookpost/shared'
import {
  chunkPlan,
  isTiktokError,
  type ChunkPlan,
  type TiktokClient,
  type TiktokDirectPostInit,
  type TiktokPostInfo,
} from '../../integrations/tiktok'
import type { SecretBox } from '../../lib/crypto'
import type { EventBus } from '../../lib/events'
import type { JobPayload, JobScheduler, JobTransaction } from '../../lib/job-queue'
import type { TiktokAccountsService } from '../tiktok'
import type { Notify } from '../notifications'
import { toPostDto } from './post-dto'
import {
  classifyFailure,
  decideFailedAttempt,
  decideOrphan,
  decideStatus,
  decideStatusFailure,
  decideUnfinishedUpload,
  pollDelayMs,
  type PublishFailure,
  type PublishingSettings,
  type StatusDecision,
  type StatusOutcome,
} from './post-state-machine'
import type { MediaRow, PostForPublishing, PostRow, PostView, PostsRepository } from './posts.repository'
import type { Log } from '../../lib/log'
import type { MediaFiles } from './media-files'
import { createJobRunner } from '../../lib/job-runner'
import { createLimiter } from '../../lib/limiter'
import { createBatcher } from '../../lib/batcher'

export interface PublishingDeps {
  repo: PostsRepository
  queue: JobScheduler
  tiktok: Pick<TiktokClient, 'initDirectPost' | 'uploadFile' | 'fetchStatus'>
  accounts: Pick<TiktokAccountsService, 'accessToken'>
  events: EventBus
  /** Tells the person a post failed (modules/notifications, ADR 034). */
  notify?: Notify
  media: MediaFiles
  /** Seals TikTok's upload_url while it is stored (it lets anyone upload into the post, like a token). */
  box: SecretBox
  clock: () => Date
  log: Log
  settings: PublishingSettings
}

type InitOutcome = { ok: true; init: TiktokDirectPostInit } | { ok: false; failure: PublishFailure }

/** An accepted FILE_UPLOAD: where its chunks go, until when, and which ones. */
interface Upload {
  url: string
  expiresAt: Date
  plan: ChunkPlan
}

/** How sending the file ended: all of it, a stop of this process, another attempt took over, or an error. */
type UploadResult = { type: 'done' } | { type: 'stopped' } | { type: 'lost' } | { type: 'failed'; error: unknown }

/**
 * A post prepared ahead of its time (ADR 026): only what does not depend on what the person may still edit. The post's
 * content is read by the claim at its time, so an edit made after this is what goes out.
 */
interface Prepared {
  postId: string
  /** The post's time when it was prepared; the claim checks the row's own time, so a post moved later is left. */
  dueAt: number
  accountId: string
  mediaId: string | null
  /** The checked file; null: missing or changed (the attempt fails at the post's time); undefined: not checked. */
  file: MediaRow | null | undefined
  /** The account's access token, fresh for at least an hour; undefined: asked for at the post's time. */
  token: string | undefined
}

/** A resume is not started this close to the upload_url's expiry: it could not finish before TikTok refuses it. */
export const UPLOAD_URL_MARGIN_MS = 30_000

const MAX_TIMER_MS = 60_000
/** How long posts being prepared share their account's token read. */
const TOKEN_SHARE_MS = 10_000

const uploadUrlContext = (postId: string) => `post:${postId}:upload_url`

/**
 * The publishing engine: the `post.publish`, `post.poll` and `post.sweep` jobs (docs/architecture.md "The post state
 * machine", issue #4 §2). Correctness comes from the database: every step is a conditional UPDATE on the post
 * (posts.repository.ts), so several workers, duplicate jobs and retries are harmless. Nothing here is remembered
 * between jobs except which handlers are running, for a clean stop.
 */
export function createPublishingService(deps: PublishingDeps) {
  const { repo, queue, tiktok, accounts, events, media, box, clock, log, settings } = deps
  const jobs = createJobRunner('publisher')
  const notify: Notify = deps.notify ?? (() => Promise.resolve())

  /**
   * A post that became `failed`: one notice per failed attempt (the notifications module drops repeats). Before the
   * post's event, so a tab that sees the post fail already has its notice.
   */
  const noticeIfFailed = (view: PostView) =>
    view.state === 'failed'
      ? notify({
          kind: 'post_failed',
          userId: view.userId,
          postId: view.id,
          attempt: view.attempts,
          postTitle: view.title,
          accountUsername: view.account.accountUsername,
          reason: view.errorMessage,
        })
      : Promise.resolve()

  const later = (ms: number) => new Date(clock().getTime() + ms)

  /** Tells the owner's open tabs the post's new state (best effort: a failure here never undoes the change). */
  async function announce(postId: string): Promise<void> {
    try {
      const view = await repo.findViewInternal(postId)
      if (view) await noticeIfFailed(view)
      if (view) events.publish(view.userId, { type: 'post.updated', post: toPostDto(view) })
    } catch (err) {
      log.warn(`[posts] announcing post ${postId} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  /** `announce` for posts that changed together, with one read. */
  async function announceMany(postIds: string[]): Promise<void> {
    if (postIds.length === 0) return
    try {
      for (const view of await repo.findViewsInternal(postIds)) {
        await noticeIfFailed(view)
        events.publish(view.userId, { type: 'post.updated', post: toPostDto(view) })
      }
    } catch (err) {
      log.warn(`[posts] announcing ${postIds.length} posts failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

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
  async function initDirectPost(row: PostRow, file: MediaRow, token: string): Promise<InitOutcome> {
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
  async function endFailedAttempt(row: PostRow, attempt: number, failure: PublishFailure): Promise<void> {
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
            { singletonKey: row.id, startAfter: later(decision.delayMs), tx: jobs },
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
    if (changed) await announce(row.id)
  }

  /** Due now: moves a queued job of the post (it may wait for a later time) or queues one. */
  function publishNow(postId: string, tx: JobTransaction) {
    return queue.reschedule('post.publish', { postId }, { singletonKey: postId, startAfter: clock(), tx })
  }

  /** A stop arrived before video/init was sent: give the post back untouched (no attempt used), due now. */
  async function giveBack(row: PostRow, attempt: number): Promise<void> {
    const released = await repo.transaction(async ({ repo: tx, jobs }) => {
      const ok = await tx.releaseInternal(row.id, attempt, { errorMessage: null, refundAttempt: true }, clock())
      if (ok) await publishNow(row.id, jobs)
      return ok
    })
    if (released) await announce(row.id)
  }

  // --- ahead of time: prepare, arm, fire at the due millisecond (ADR 026) ------------------------------------------

  /** Posts prepared and waiting in memory for their time, by id (a post armed again replaces its earlier arming). */
  const armed = new Map<string, Prepared>()
  let timer: NodeJS.Timeout | undefined
  let timerAt = Number.POSITIVE_INFINITY
  let stopped = false
  const initSlots = createLimiter(settings.initConcurrency)
  const uploadSlots = createLimiter(settings.uploadConcurrency)

  /**
   * "video/init is about to leave" marks asked for while one is being written are written together: when many posts
   * fire at the same second, one statement marks them all instead of one each (PGlite has a single connection).
   */
  const markInitSending = createBatcher<{ id: string; attempt: number }, boolean>(async (claims) => {
    const marked = await repo.markInitSendingInternal(claims, clock())
    return new Map(claims.map((c) => [c, marked.has(c.id)]))
  }, false)

  /** The posts (with their files) that jobs prepare at the same moment, read together. */
  const readForPublishing = createBatcher<string, PostForPublishing | undefined>(async (ids) => {
    const rows = await repo.findManyForPublishingInternal(ids)
    return new Map(rows.map((r) => [r.post.id, r]))
  }, undefined)

  /**
   * Access tokens by account, shared by the posts prepared in the same few seconds (a creator's posts of one minute
   * need one read and at most one refresh). A token handed out is fresh for an hour (accounts.accessToken), so one
   * read a moment ago is as good; a token TikTok refuses anyway is refreshed once at the init, as always.
   */
  const tokens = new Map<string, { at: number; token: Promise<string> }>()
  function preparedToken(accountId: string): Promise<string> {
    const now = clock().getTime()
    const known = tokens.get(accountId)
    if (known && now - known.at < TOKEN_SHARE_MS) return known.token
    for (const [id, entry] of tokens) if (now - entry.at >= TOKEN_SHARE_MS) tokens.delete(id)
    const token = accounts.accessToken(accountId)
    tokens.set(accountId, { at: now, token })
    token.catch(() => {
      if (tokens.get(accountId)?.token === token) tokens.delete(accountId)
    })
    return token
  }

  /**
   * Posts with a publish_id waiting for an upload place: one statement every `progressWriteMs` is their heartbeat
   * (ADR 019's upload lease), instead of one per post. A post whose attempt was taken over meanwhile is told so.
   */
  const waitingUploads = new Map<string, { attempt: number; lost: AbortController }>()
  let waitingBeat: NodeJS.Timeout | undefined
  function keepAliveWhileWaiting(postId: string, attempt: number): { lost: AbortSignal; done(): void } {
    const entry = { attempt, lost: new AbortController() }
    waitingUploads.set(postId, entry)
    waitingBeat ??= setInterval(() => void beatWaitingUploads(), settings.progressWriteMs)
    return {
      lost: entry.lost.signal,
      done() {
        if (waitingUploads.get(postId) === entry) waitingUploads.delete(postId)
        if (waitingUploads.size === 0 && waitingBeat) {
          clearInterval(waitingBeat)
          waitingBeat = undefined
        }
      },
    }
  }
  async function beatWaitingUploads(): Promise<void> {
    const beating = [...waitingUploads]
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

  function arm(prepared: Prepared): void {
    if (stopped) return
    armed.set(prepared.postId, prepared)
    // Sooner than the timer, or due already (the timer may be a minute-long wait set before the clock got here): now.
    if (prepared.dueAt < timerAt || prepared.dueAt <= clock().getTime()) setTimer(prepared.dueAt)
  }

  function setTimer(at: number): void {
    if (timer) clearTimeout(timer)
    timerAt = at
    // Armed posts are due within the look-ahead; a longer wait (a job run early by a clock that differs from the
    // database's) is checked again every minute rather than overflowing setTimeout's 24.8 days.
    timer = setTimeout(() => void fire(), Math.min(MAX_TIMER_MS, Math.max(0, at - clock().getTime())))
  }

  /** Whatever is due now is claimed (in batches) and sent; the timer moves to the next due post. */
  async function fire(): Promise<void> {
    timer = undefined
    timerAt = Number.POSITIVE_INFINITY
    const now = clock().getTime()
    const due: Prepared[] = []
    let next = Number.POSITIVE_INFINITY
    for (const prepared of armed.values()) {
      // Never before its time: a timer that fired a moment early just waits again.
      if (prepared.dueAt <= now) due.push(prepared)
      else next = Math.min(next, prepared.dueAt)
    }
    for (const prepared of due) armed.delete(prepared.postId)
    if (next !== Number.POSITIVE_INFINITY) setTimer(next)
    for (let i = 0; i < due.length; i += settings.claimBatch) {
      await claimAndSend(due.slice(i, i + settings.claimBatch))
    }
  }

  async function claimAndSend(batch: Prepared[]): Promise<void> {
    if (stopped) return
    const ids = batch.map((p) => p.postId)
    let claimed: PostRow[]
    try {
      claimed = await repo.claimDueInternal(ids, clock())
    } catch (err) {
      // Nothing was claimed (the statement failed as a whole): the same posts are tried again in a second.
      log.warn(`[posts] claiming ${ids.length} due posts failed; trying again: ${String(err)}`)
      for (const prepared of batch) arm({ ...prepared, dueAt: clock().getTime() + 1_000 })
      return
    }
    const byId = new Map(batch.map((p) => [p.postId, p]))
    for (const row of claimed) {
      const prepared = byId.get(row.id)
      byId.delete(row.id)
      // The post stays `publishing` if this throws (a bug, or the process stopping right after the claim): its mark is
      // not written yet, so the sweep gives it back after its lease, like a worker that died before video/init.
      try {
        jobs
          .run(() => sendClaimed(row, prepared))
          .catch((err: unknown) => {
            log.error(`[posts] publishing post ${row.id} failed unexpectedly`, err)
          })
      } catch (err) {
        log.warn(`[posts] post ${row.id} claimed while stopping: ${String(err)}`)
      }
    }
    // Not claimed: moved to a later time (its new job arms it again), taken by another worker, deleted — or a draft
    // nobody approved by its time, which is skipped here and never sent (ADR 018).
    const skipped = await repo.skipDueDraftsInternal(clock(), MESSAGES.draftNotApproved, {
      ids: [...byId.keys()],
      limit: byId.size,
    })
    // After the marks of this batch are queued: the announcements must not delay the inits.
    setImmediate(() => void announceMany([...claimed.map((r) => r.id), ...skipped]))
  }

  /** `post.publish`: reads the post, does what does not depend on its content now, and arms it for its time. */
  async function runPrepare(postId: string): Promise<void> {
    const found = await readForPublishing(postId)
    const row = found?.post
    // A draft is armed too: at its time it is skipped unless it was approved meanwhile.
    if (!row || (row.state !== 'scheduled' && row.state !== 'draft')) return
    const dueAt = row.scheduledAt.getTime()
    if (row.state === 'draft') {
      arm({ postId, dueAt, accountId: row.accountId, mediaId: row.mediaId, file: undefined, token: undefined })
      return
    }
    const file = found.media
    const fileReady = file && (await media.size(file.storageKey)) === file.sizeBytes ? file : null
    let token: string | undefined
    try {
      token = await preparedToken(row.accountId)
    } catch {
      // Asked again at the post's time, where its failure decides the attempt as it always did.
      token = undefined
    }
    arm({ postId, dueAt, accountId: row.accountId, mediaId: row.mediaId, file: fileReady, token })
  }

  /**
   * A claimed post: what was not prepared is done now; then video/init — at most `initConcurrency` at once, the mark
   * written just before — the publish_id stored, and the upload once no init is waiting.
   */
  async function sendClaimed(claimed: PostRow, prepared: Prepared | undefined): Promise<void> {
    const postId = claimed.id
    const attempt = claimed.attempts
    const fits = prepared && prepared.accountId === claimed.accountId && prepared.mediaId === claimed.mediaId
    let file = fits ? prepared.file : undefined
    if (file === undefined) {
      const found = (await repo.findForPublishingInternal(postId))?.media
      file = found && (await media.size(found.storageKey)) === found.sizeBytes ? found : null
    }
    if (!file) {
      await endFailedAttempt(claimed, attempt, { kind: 'rejected', message: MESSAGES.postMediaMissing })
      return
    }
    let token = fits ? prepared.token : undefined
    if (token === undefined) {
      try {
        token = await accounts.accessToken(claimed.accountId)
      } catch (err) {
        await endFailedAttempt(claimed, attempt, classifyFailure(err, false))
        return
      }
    }

    const release = await initSlots.acquire()
    let outcome: InitOutcome
    try {
      if (jobs.signal.aborted) return await giveBack(claimed, attempt)
      // From here on TikTok may hold the post: this mark is written before the request leaves (see the repository).
      if (!(await markInitSending({ id: postId, attempt }))) return
      outcome = await initDirectPost(claimed, file, token)
    } finally {
      release()
    }
    if (!outcome.ok) return endFailedAttempt(claimed, attempt, outcome.failure)
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
      await endFailedAttempt(claimed, attempt, { kind: 'rejected', message: MESSAGES.uploadFailed })
      return
    }
    // Uploads wait while inits do (an upload link is good for an hour; a post's time is now), then take turns. A post
    // waiting here is kept alive for the sweep, which would otherwise take a silent upload for a dead worker's.
    const waiting = keepAliveWhileWaiting(postId, attempt)
    let releaseUpload: () => void
    try {
      await initSlots.whenNoneWaiting()
      releaseUpload = await uploadSlots.acquire()
    } finally {
      waiting.done()
    }
    if (waiting.lost.aborted) {
      releaseUpload()
      log.warn(`[posts] post ${postId}: another worker took over the upload of attempt ${attempt}`)
      return
    }
    let result: UploadResult
    try {
      result = await sendFile(claimed, attempt, upload, file)
    } finally {
      releaseUpload()
    }
    await afterUpload(claimed, attempt, publishId, upload.plan.videoSize, result)
  }

  /** The resumable upload stored with the post, or undefined (none stored by an older version, or unreadable). */
  function storedUpload(row: PostRow): Upload | undefined {
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
   * and the upload continues from there (upload.ts), so a resumed upload sends again only what TikTok lacks. While it
   * runs, a heartbeat every `progressWriteMs` tells the sweep this attempt is alive; when the heartbeat finds the
   * attempt taken over (a sweep judged this worker dead), the upload stops.
   */
  async function sendFile(row: PostRow, attempt: number, upload: Upload, file: MediaRow): Promise<UploadResult> {
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

  /** The file went out: `processing_on_tiktok`, and the first status poll. */
  async function startProcessing(postId: string, attempt: number): Promise<void> {
    const now = clock()
    const processing = await repo.transaction(async ({ repo: tx, jobs }) => {
      if (!(await tx.markProcessingInternal(postId, attempt, now))) return false
      await queue.send(
        'post.poll',
        { postId, deadlineAt: later(settings.unconfirmedAfterMs).toISOString(), round: 0 },
        { startAfter: later(pollDelayMs(0, settings)), singletonKey: postId, tx: jobs },
      )
      return true
    })
    if (processing) await announce(postId)
  }

  /**
   * What follows sending the file. `interrupted` replaces TikTok's words when it dropped a resumed upload (403
   * expired, 404 gone): the person then learns why nothing was posted and that Retry is safe.
   */
  async function afterUpload(
    row: PostRow,
    attempt: number,
    publishId: string,
    videoSize: number,
    result: UploadResult,
    interrupted?: string,
  ): Promise<void> {
    switch (result.type) {
      case 'done':
        return startProcessing(row.id, attempt)
      case 'stopped':
        // Like a crash: the post stays `publishing` with its publish_id, and its upload is resumed after the restart.
        log.warn(`[posts] post ${row.id}: upload abandoned at shutdown; it is resumed after the restart`)
        return
      case 'lost':
        log.warn(`[posts] post ${row.id}: another worker took over the upload of attempt ${attempt}`)
        return
      case 'failed': {
        const { error } = result
        const dropped =
          isTiktokError(error) && (error.code === 'upload_url_expired' || error.code === 'upload_not_found')
        const message =
          dropped && interrupted ? interrupted : isTiktokError(error) ? error.message : MESSAGES.uploadFailed
        log.warn(`[posts] post ${row.id}: upload failed: ${error instanceof Error ? error.message : String(error)}`)
        return concludeUnfinishedUpload(row, attempt, publishId, videoSize, message)
      }
    }
  }

  /**
   * The upload cannot go on: TikTok's status decides between polling (it has the whole file), `failed` with `message`
   * (it never will: the person may Retry) and `unconfirmed` (nobody can tell). Never `publishing` for long, never
   * undeletable (ADR 019).
   */
  async function concludeUnfinishedUpload(
    row: PostRow,
    attempt: number,
    publishId: string,
    videoSize: number | undefined,
    message: string,
  ): Promise<void> {
    const outcome = await fetchStatus(row, publishId)
    const decision = decideUnfinishedUpload(outcome, videoSize, message)
    if (decision.type === 'poll') return startProcessing(row.id, attempt)
    const end = { state: decision.type, errorMessage: decision.message }
    if (await repo.endAttemptInternal(row.id, attempt, end, clock())) {
      log.warn(`[posts] post ${row.id} ${decision.type} (publish ${publishId}): ${decision.message}`)
      await announce(row.id)
    }
  }

  /**
   * `post.upload`: an upload whose worker died (the sweep saw its heartbeat stop before `orphanedBefore`) is claimed
   * by a new attempt and continued while TikTok's upload_url works; otherwise it is settled on what TikTok has.
   */
  async function runResumeUpload(payload: JobPayload<'post.upload'>): Promise<void> {
    const claimed = await repo.claimUploadInternal(payload.postId, new Date(payload.orphanedBefore), clock())
    if (!claimed?.publishId) return
    const { attempts: attempt, publishId } = claimed
    const file = (await repo.findForPublishingInternal(claimed.id))?.media ?? undefined
    const upload = storedUpload(claimed)
    const ready = await resumable(upload, file)
    if (!ready.ok) {
      const videoSize = upload?.plan.videoSize ?? file?.sizeBytes
      return concludeUnfinishedUpload(claimed, attempt, publishId, videoSize, ready.message)
    }
    log.warn(`[posts] post ${claimed.id}: resuming the upload of publish ${publishId} (attempt ${attempt})`)
    const result = await sendFile(claimed, attempt, ready.upload, ready.file)
    await afterUpload(claimed, attempt, publishId, ready.upload.plan.videoSize, result, MESSAGES.uploadInterrupted)
  }

  /** An upload can be resumed with a readable link that still works a while and the very file it was planned for. */
  async function resumable(
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

  /** One status/fetch; when TikTok refuses the token, once more with a freshly refreshed one. */
  async function fetchStatus(row: PostRow, publishId: string): Promise<StatusOutcome> {
    let token: string
    try {
      token = await accounts.accessToken(row.accountId)
    } catch (err) {
      return { ok: false, failure: classifyFailure(err, false) }
    }
    try {
      return { ok: true, status: await tiktok.fetchStatus(token, publishId) }
    } catch (err) {
      const failure = classifyFailure(err, false)
      if (failure.kind !== 'reauth') return { ok: false, failure }
    }
    try {
      const fresh = await accounts.accessToken(row.accountId, { force: true })
      return { ok: true, status: await tiktok.fetchStatus(fresh, publishId) }
    } catch (err) {
      return { ok: false, failure: classifyFailure(err, false) }
    }
  }

  /** Applies a final verdict; returns whether the post changed. */
  async function settle(row: PostRow, publishId: string, decision: StatusDecision): Promise<boolean> {
    const now = clock()
    switch (decision.type) {
      case 'uploaded':
        return repo.settleInternal(
          row.id,
          publishId,
          { state: 'uploaded', tiktokPostId: decision.tiktokPostId, publishedAt: now },
          now,
        )
      case 'failed':
        return repo.settleInternal(row.id, publishId, { state: 'failed', errorMessage: decision.message }, now)
      case 'unconfirmed':
        return repo.unconfirmInternal(row.id, publishId, decision.message, now)
      case 'poll':
        return false
    }
  }

  async function schedulePoll(postId: string, payload: JobPayload<'post.poll'>, delayMs: number) {
    await queue.send('post.poll', payload, { startAfter: later(delayMs), singletonKey: postId })
  }

  async function runPoll(payload: JobPayload<'post.poll'>): Promise<void> {
    const row = (await repo.findForPublishingInternal(payload.postId))?.post
    const publishId = row?.publishId
    if (!row || !publishId) return
    const awaitingPostId = row.state === 'uploaded' && row.tiktokPostId === null
    if (row.state !== 'publishing' && row.state !== 'processing_on_tiktok' && !awaitingPostId) return

    const outcome = await fetchStatus(row, publishId)
    const now = clock()
    const deadlineAt = new Date(payload.deadlineAt)
    const next = { ...payload, round: payload.round + 1 }
    await repo.touchStatusInternal(row.id, publishId, now)

    if (awaitingPostId) {
      // Published; the public post id appears once moderation is done (§3.7). Keep asking until the deadline.
      const postIdNow = outcome.ok ? outcome.status.publicPostIds[0] : undefined
      if (postIdNow) {
        if (await repo.setTiktokPostIdInternal(row.id, publishId, postIdNow, now)) await announce(row.id)
      } else if (now < deadlineAt) {
        await schedulePoll(row.id, next, pollDelayMs(payload.round, settings))
      }
      return
    }

    const context = { now, deadlineAt, round: payload.round }
    const decision = outcome.ok
      ? decideStatus(outcome.status, context, settings)
      : decideStatusFailure(outcome.failure, context, settings)
    if (decision.type === 'poll') {
      await schedulePoll(row.id, next, decision.delayMs)
      return
    }
    if (await settle(row, publishId, decision)) {
      await announce(row.id)
      const waitForPostId =
        decision.type === 'uploaded' && decision.tiktokPostId === null && row.privacyLevel !== 'SELF_ONLY'
      if (waitForPostId && now < deadlineAt) await schedulePoll(row.id, next, pollDelayMs(payload.round, settings))
    }
  }

  async function runSweep(options: { orphanedBefore?: Date | undefined; atStart?: boolean | undefined }) {
    const now = clock()
    const counts = { requeued: 0, resumed: 0, uploads: 0, released: 0, unconfirmed: 0, skipped: 0 }

    // Due posts still waiting: their job may have vanished (restored backup, a queue wiped by hand). A queued job with
    // the same key absorbs the send (`short` policy), and the claim makes any duplicate harmless. At start, also the
    // posts of the coming look-ahead: a process that stopped may have prepared them and taken their jobs with it.
    const dueBefore = options.atStart
      ? new Date(now.getTime() + settings.lookAheadMs)
      : new Date(now.getTime() - settings.dueGraceMs)
    for (const id of await repo.dueScheduledIdsInternal(dueBefore, 500)) {
      if (await queue.send('post.publish', { postId: id }, { singletonKey: id })) counts.requeued++
    }

    // Drafts past their time whose job vanished: skipped, never sent.
    const skipped = await repo.skipDueDraftsInternal(now, MESSAGES.draftNotApproved, { limit: 500 })
    for (const id of skipped) await announce(id)
    counts.skipped = skipped.length

    const before = options.orphanedBefore ?? new Date(now.getTime() - settings.leaseMs)
    const uploadBefore = options.orphanedBefore ?? new Date(now.getTime() - settings.uploadLeaseMs)
    for (const row of await repo.staleInFlightInternal(before, uploadBefore, 500)) {
      const decision = decideOrphan(row)
      switch (decision.type) {
        case 'resume_upload': {
          // Claimed by the job, not here: a job still queued from an earlier sweep absorbs this one (`short` policy).
          const payload = { postId: row.id, orphanedBefore: uploadBefore.toISOString() }
          if (await queue.send('post.upload', payload, { singletonKey: row.id })) counts.uploads++
          break
        }
        case 'poll': {
          const payload = { postId: row.id, deadlineAt: later(settings.unconfirmedAfterMs).toISOString(), round: 0 }
          if (await queue.send('post.poll', payload, { singletonKey: row.id })) counts.resumed++
          break
        }
        case 'release': {
          const released = await repo.transaction(async ({ repo: tx, jobs }) => {
            const ok = await tx.releaseOrphanInternal(row.id, before, clock())
            if (ok) await publishNow(row.id, jobs)
            return ok
          })
          if (released) {
            counts.released++
            await announce(row.id)
          }
          break
        }
        case 'unconfirm':
          if (await repo.unconfirmOrphanInternal(row.id, before, decision.message, clock())) {
            counts.unconfirmed++
            await announce(row.id)
          }
          break
      }
    }
    if (Object.values(counts).some((n) => n > 0)) {
      log.info(`[posts] sweep: ${JSON.stringify(counts)}`)
    }
    return counts
  }

  return {
    /**
     * `post.publish`, run `lookAheadMs` before the post's time (or at once when it is due): prepares the post and arms
     * it; at its time it is claimed → init once → publish_id stored → upload → `processing_on_tiktok` + first poll.
     */
    publish(postId: string): Promise<void> {
      return jobs.run(() => runPrepare(postId))
    },

    /** When a post due at `scheduledAt` has its `post.publish` job run: early enough to be prepared (ADR 026). */
    jobStartFor(scheduledAt: Date): Date {
      return new Date(scheduledAt.getTime() - settings.lookAheadMs)
    },

    /** `post.upload`: resumes (or settles) the upload of a post whose worker died mid-upload (ADR 019). */
    resumeUpload(payload: JobPayload<'post.upload'>): Promise<void> {
      return jobs.run(() => runResumeUpload(payload))
    },

    /** `post.poll`: one status/fetch of an accepted publish; the next one is a new job (no worker waits). */
    poll(payload: JobPayload<'post.poll'>): Promise<void> {
      return jobs.run(() => runPoll(payload))
    },

    /**
     * `post.sweep` (every minute) and at start: re-sends due posts' jobs and resumes posts a dead worker left. A post
     * in flight counts as orphaned when untouched since `orphanedBefore` (default: one lease ago; one upload lease for
     * uploads, whose heartbeat is frequent). A process that is the only worker (PGlite) passes "now" at start: nothing
     * else can be working on a post. `atStart`: the posts due within the look-ahead are sent again too.
     */
    sweep(options: { orphanedBefore?: Date; atStart?: boolean } = {}) {
      return jobs.run(() => runSweep(options))
    },

    /**
     * "Refresh Status": one status check of an accepted publish, now. A final answer settles the post (also an
     * `unconfirmed` one); otherwise it stays as it is. Returns false when TikTok could not be asked.
     */
    async refresh(row: PostRow): Promise<boolean> {
      const publishId = row.publishId
      if (!publishId) return true
      const outcome = await fetchStatus(row, publishId)
      if (!outcome.ok) return false
      const now = clock()
      await repo.touchStatusInternal(row.id, publishId, now)
      const decision = decideStatus(outcome.status, { now, deadlineAt: new Date(8.64e15), round: 0 }, settings)
      if (decision.type !== 'poll' && (await settle(row, publishId, decision))) await announce(row.id)
      return true
    },

    /**
     * Stops taking work, lets running uploads finish for `stopGraceMs`, then abandons what is left (a post abandoned
     * mid-upload keeps its publish_id and its upload is resumed after the restart, exactly as after a crash).
     */
    async stop(): Promise<void> {
      // Armed posts stay `scheduled`; the next start's sweep (or another worker's) sends their jobs again.
      stopped = true
      if (timer) clearTimeout(timer)
      if (waitingBeat) clearInterval(waitingBeat)
      armed.clear()
      await jobs.stop(settings.stopGraceMs, 2_000)
    },
  }
}

export type PublishingService = ReturnType<typeof createPublishingService>
