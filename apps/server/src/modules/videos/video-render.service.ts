import { randomUUID } from 'node:crypto'
import { MESSAGES, OUTPUT_FRAME, readOverlays } from '@hookpost/shared'
import { StorageNotFoundError, type MediaStorage } from '../../integrations/storage'
import type { EventBus } from '../../lib/events'
import type { JobScheduler, JobTransaction } from '../../lib/job-queue'
import {
  RenderError,
  type RenderOptions,
  type RenderPlan,
  type RenderResult,
  type RenderSource,
} from '../../integrations/ffmpeg/render/types'
import { decideOrphan, decideRenderFailure, downloadFileName, type RenderSettings } from './render-rules'
import type { RenderWorkspace, RenderWorkspaces } from './render-workspace'
import { toCreatedVideoDto } from './video-dto'
import type { CreatedVideoRow, MediaRow, VideosRepository } from './videos.repository'
import type { Log } from '../../lib/log'
import { createJobRunner } from '../../lib/job-runner'

/** The renderer (integrations/ffmpeg/render): inputs + overlay spec → MP4 and thumbnail. A port, so unit tests use a fake. */
export type RenderFunction = (plan: RenderPlan, options: RenderOptions) => Promise<RenderResult>

export interface VideoRenderDeps {
  repo: VideosRepository
  queue: JobScheduler
  /**
   * Media storage: the sources are read as local files for the render (on S3, downloaded to temporary files deleted
   * afterwards) and the rendered file and thumbnail are moved in.
   */
  storage: Pick<MediaStorage, 'withLocalFile' | 'size' | 'importFile' | 'remove'>
  workspaces: RenderWorkspaces
  render: RenderFunction
  ffmpegPath: string
  /** The renderer checks its output with ffprobe (config FFPROBE_PATH). */
  ffprobePath?: string
  events: EventBus
  clock: () => Date
  log: Log
  settings: RenderSettings
}

/** Thrown inside the completing transaction when the attempt lost its claim: rolls the media row back. */
class ClaimLost extends Error {}

function source(media: MediaRow, filePath: string): RenderSource {
  return {
    path: filePath,
    width: media.width,
    height: media.height,
    durationMs: media.durationMs,
    fps: media.fps,
    hasAudio: media.audioCodec !== null,
  }
}

/**
 * Runs `use` with a local file for each key (nested `withLocalFile`s): every file is there until `use` settles. A
 * missing object is the video's own fault, not the renderer's: it fails the attempt for good.
 */
async function withLocalFiles<T>(
  storage: VideoRenderDeps['storage'],
  keys: string[],
  use: (filePaths: string[]) => Promise<T>,
  held: string[] = [],
): Promise<T> {
  const [key, ...rest] = keys
  if (key === undefined) return use(held)
  try {
    return await storage.withLocalFile(key, (filePath) => withLocalFiles(storage, rest, use, [...held, filePath]))
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw new RenderError(MESSAGES.mediaFileMissing, err.message, false)
    throw err
  }
}

/**
 * The render engine: the `video.render` and `video.sweep` jobs (issue #5). Like the publisher, correctness comes from
 * the database: the claim and every later write are conditional on the row's state and attempt, so duplicate jobs,
 * a second worker and a dead worker's leftovers are harmless. Nothing is remembered between jobs except which renders
 * are running, for a clean stop.
 */
export function createVideoRenderService(deps: VideoRenderDeps) {
  const { repo, queue, storage, workspaces, events, clock, log, settings } = deps
  const jobs = createJobRunner('renderer')

  const later = (ms: number) => new Date(clock().getTime() + ms)

  /** Tells the owner's open tabs the video's new state (best effort: a failure here never undoes the change). */
  async function announce(videoId: string): Promise<void> {
    try {
      const view = await repo.findViewInternal(videoId)
      if (view) events.publish(view.userId, { type: 'video.updated', video: toCreatedVideoDto(view) })
    } catch (err) {
      log.warn(`[videos] announcing video ${videoId} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  function renderNow(videoId: string, startAfter: Date, tx: JobTransaction) {
    return queue.reschedule('video.render', { videoId }, { singletonKey: videoId, startAfter, tx })
  }

  /** Applies the retry rule to a failed attempt: queued again after the back-off, or failed for good. */
  async function endFailedAttempt(row: CreatedVideoRow, attempt: number, error: unknown): Promise<void> {
    const decision = decideRenderFailure(error, attempt, settings)
    const detail = error instanceof RenderError ? error.detail : error instanceof Error ? error.stack : String(error)
    let changed: boolean
    if (decision.type === 'retry') {
      changed = await repo.transaction(async ({ repo: tx, jobs }) => {
        const released = await tx.releaseInternal(
          row.id,
          attempt,
          { errorMessage: decision.message, refundAttempt: false, renderAfter: later(decision.delayMs) },
          clock(),
        )
        if (released) await renderNow(row.id, later(decision.delayMs), jobs)
        return released
      })
      if (changed) log.warn(`[videos] video ${row.id} attempt ${attempt} failed: ${decision.message}; retrying`)
    } else {
      changed = await repo.failInternal(row.id, attempt, decision.message, clock())
      if (changed) log.warn(`[videos] video ${row.id} failed after attempt ${attempt}: ${decision.message}`)
    }
    if (changed && detail) log.info(`[videos] video ${row.id} attempt ${attempt} detail: ${detail}`)
    if (changed) await announce(row.id)
  }

  /** A stop arrived mid-render: give the video back untouched (no attempt used), due now. */
  async function giveBack(row: CreatedVideoRow, attempt: number): Promise<void> {
    const released = await repo.transaction(async ({ repo: tx, jobs }) => {
      const ok = await tx.releaseInternal(
        row.id,
        attempt,
        { errorMessage: null, refundAttempt: true, renderAfter: null },
        clock(),
      )
      if (ok) await renderNow(row.id, clock(), jobs)
      return ok
    })
    if (released) {
      log.info(`[videos] video ${row.id}: render stopped at shutdown; queued again`)
      await announce(row.id)
    }
  }

  /** The rendered files → media storage, and the video `processed` with its output media row, both or neither. */
  async function keep(
    row: CreatedVideoRow,
    attempt: number,
    result: RenderResult,
    workspace: RenderWorkspace,
  ): Promise<boolean> {
    const sizeBytes = await workspace.fileSize(workspace.outputPath)
    if (sizeBytes === null)
      throw new RenderError(MESSAGES.renderFailed, 'the renderer reported success without a file', true)
    const thumbnailSizeBytes = await workspace.fileSize(workspace.thumbnailPath)
    const hasThumbnail = thumbnailSizeBytes !== null
    const outputMediaId = randomUUID()
    const outputKey = `${row.userId}/${outputMediaId}.mp4`
    const thumbnailKey = hasThumbnail ? `${row.userId}/${outputMediaId}.jpg` : null
    const removeFiles = async () => {
      for (const key of [outputKey, thumbnailKey]) {
        if (key) await storage.remove(key).catch((err: unknown) => log.warn(`[videos] removing ${key}: ${String(err)}`))
      }
    }
    try {
      await storage.importFile(workspace.outputPath, outputKey)
      if (thumbnailKey) await storage.importFile(workspace.thumbnailPath, thumbnailKey)
      const now = clock()
      await repo.transaction(async ({ repo: tx }) => {
        await tx.insertMediaInternal({
          id: outputMediaId,
          userId: row.userId,
          originalName: downloadFileName(row.title),
          storageKey: outputKey,
          contentType: 'video/mp4',
          sizeBytes,
          durationMs: Math.round(result.durationMs),
          width: result.width,
          height: result.height,
          fps: OUTPUT_FRAME.fps,
          videoCodec: 'h264',
          // The renderer always writes an AAC track (silence where a source has none), so segments stay in sync.
          audioCodec: 'aac',
          createdAt: now,
        })
        const marked = await tx.markProcessedInternal(
          row.id,
          attempt,
          // The thumbnail's bytes count in the person's storage (ADR 058).
          { outputMediaId, thumbnailKey, thumbnailSizeBytes },
          now,
        )
        if (!marked) throw new ClaimLost()
      })
      return true
    } catch (err) {
      await removeFiles()
      if (err instanceof ClaimLost) return false
      throw err
    }
  }

  /**
   * Wakes the render jobs of the videos that can start now, one per person, fairest first (ADR 055): the job that
   * found its own video's owner at the cap took another's or nothing, so a finished render hands the turn on. A job
   * already queued for a video absorbs the wake-up (`short` policy); one too many finds nothing to claim.
   */
  async function wakeNext(): Promise<void> {
    try {
      for (const id of await repo.startableInternal(clock(), settings.rendersPerPerson, settings.wakeLimit)) {
        await queue.send('video.render', { videoId: id }, { singletonKey: id })
      }
    } catch (err) {
      // The sweep re-sends the job of any video left queued (queuedGraceMs), so a failed wake-up only delays.
      log.warn(`[videos] waking the next renders failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  /**
   * A `video.render` job starts the fairest render that may start now — not necessarily its own video's (ADR 055):
   * round-robin by person, at most `rendersPerPerson` running for anyone. Its own video, if passed over, is woken
   * again when a render ends.
   */
  async function runNextRender(): Promise<void> {
    const claimed = await repo.claimNextInternal(clock(), settings.rendersPerPerson)
    if (!claimed) return // nothing may start: all rendered, running, waiting out a back-off, or their owners at the cap
    try {
      await runRender(claimed)
    } finally {
      // At shutdown the render was given back with its own job; nothing else should start here now.
      if (!jobs.signal.aborted) await wakeNext()
    }
  }

  async function runRender(claimed: CreatedVideoRow): Promise<void> {
    const videoId = claimed.id
    const attempt = claimed.attempts
    await announce(videoId)

    const inputs = await repo.findRenderInputsInternal(videoId)
    if (!inputs) return
    for (const media of [inputs.source, inputs.demo]) {
      if (media && (await storage.size(media.storageKey)) === null) {
        await endFailedAttempt(claimed, attempt, new RenderError(MESSAGES.mediaFileMissing, media.storageKey, false))
        return
      }
    }

    let workspace: RenderWorkspace
    try {
      workspace = await workspaces.create(videoId, attempt)
    } catch (err) {
      await endFailedAttempt(claimed, attempt, err)
      return
    }
    const controller = new AbortController()
    const onStop = () => controller.abort()
    jobs.signal.addEventListener('abort', onStop)
    // A stop that came while this attempt was being prepared fired before the listener existed.
    if (jobs.signal.aborted) controller.abort()
    let percent = 0
    let lost = false
    let lastEvent = 0
    // The heartbeat: progress into the row every few seconds, which also keeps the lease. A heartbeat that finds the
    // attempt gone (the video was deleted, or a sweep gave it away) stops ffmpeg.
    const heartbeat = setInterval(() => {
      repo.heartbeatInternal(videoId, attempt, percent, clock()).then(
        (ours) => {
          if (!ours) {
            lost = true
            controller.abort()
          }
        },
        (err: unknown) => log.warn(`[videos] heartbeat of ${videoId} failed: ${String(err)}`),
      )
    }, settings.progressWriteMs)
    heartbeat.unref()

    const demo = claimed.layout !== 'single' ? inputs.demo : null
    const sources = demo ? [inputs.source, demo] : [inputs.source]
    try {
      let result: RenderResult
      try {
        result = await withLocalFiles(
          storage,
          sources.map((media) => media.storageKey),
          ([hookPath, demoPath]) => {
            const plan: RenderPlan = {
              layout: claimed.layout,
              fit: claimed.fit,
              cropFocus: claimed.cropFocus,
              hook: source(inputs.source, hookPath!),
              demo: demo && demoPath ? source(demo, demoPath) : null,
              overlays: readOverlays(claimed.textOverlays),
              outputPath: workspace.outputPath,
              thumbnailPath: workspace.thumbnailPath,
              workDir: workspace.workDir,
            }
            return deps.render(plan, {
              ffmpegPath: deps.ffmpegPath,
              ...(deps.ffprobePath ? { ffprobePath: deps.ffprobePath } : {}),
              timeoutMs: settings.timeoutMs,
              signal: controller.signal,
              onProgress: (value) => {
                percent = Math.min(100, Math.max(0, Math.round(value)))
                const now = Date.now()
                if (now - lastEvent < settings.progressEventMs && percent < 100) return
                lastEvent = now
                events.publish(claimed.userId, { type: 'video.progress', videoId, percent })
              },
            })
          },
        )
      } finally {
        clearInterval(heartbeat)
        jobs.signal.removeEventListener('abort', onStop)
      }
      if (await keep(claimed, attempt, result, workspace)) {
        log.info(`[videos] video ${videoId} rendered in ${result.elapsedMs} ms (attempt ${attempt})`)
        events.publish(claimed.userId, { type: 'video.progress', videoId, percent: 100 })
        await announce(videoId)
      }
    } catch (err) {
      if (lost) {
        log.info(`[videos] video ${videoId}: attempt ${attempt} is no longer the video's (deleted or taken over)`)
      } else if (jobs.signal.aborted) {
        await giveBack(claimed, attempt)
      } else {
        await endFailedAttempt(claimed, attempt, err)
      }
    } finally {
      await workspace.dispose().catch((err: unknown) => log.warn(`[videos] cleaning up ${videoId}: ${String(err)}`))
    }
  }

  async function runSweep(options: { orphanedBefore?: Date | undefined }) {
    const now = clock()
    const before = options.orphanedBefore ?? new Date(now.getTime() - settings.leaseMs)
    const queuedBefore = new Date(now.getTime() - settings.queuedGraceMs)
    const counts = { requeued: 0, failed: 0, resent: 0 }
    for (const row of await repo.staleInternal(before, queuedBefore, 500)) {
      if (row.state === 'queued') {
        // Its job may have vanished; a queued job with the same key absorbs this (`short` policy).
        if (await queue.send('video.render', { videoId: row.id }, { singletonKey: row.id })) counts.resent++
        continue
      }
      const decision = decideOrphan(row.attempts, settings)
      const settled = await repo.transaction(async ({ repo: tx, jobs }) => {
        const outcome =
          decision.type === 'requeue'
            ? ({ state: 'queued' } as const)
            : ({ state: 'failed', errorMessage: decision.message } as const)
        const ok = await tx.settleOrphanInternal(row.id, row.attempts, before, outcome, clock())
        if (ok && decision.type === 'requeue') await renderNow(row.id, clock(), jobs)
        return ok
      })
      if (settled) {
        if (decision.type === 'requeue') counts.requeued++
        else counts.failed++
        await announce(row.id)
      }
    }
    if (counts.requeued + counts.failed + counts.resent > 0) log.info(`[videos] sweep: ${JSON.stringify(counts)}`)
    return counts
  }

  return {
    /**
     * `video.render`: claim the fairest startable render → render it (progress events, heartbeat) → output into media
     * storage → `processed` → wake the next. The job's video is a wake-up, not a claim (ADR 055).
     */
    render(): Promise<void> {
      return jobs.run(() => runNextRender())
    },

    /**
     * `video.sweep` (every minute) and at start: renders whose worker died are queued again (or failed after the last
     * attempt), queued videos get their job back. A render counts as dead when untouched since `orphanedBefore`
     * (default: one lease ago); the only worker (PGlite) passes "now" at start.
     */
    sweep(options: { orphanedBefore?: Date } = {}) {
      return jobs.run(() => runSweep(options))
    },

    /** Stops taking work; a render still running after `stopGraceMs` is stopped and queued again. */
    async stop(): Promise<void> {
      await jobs.stop(settings.stopGraceMs, 5_000)
    },
  }
}

export type VideoRenderService = ReturnType<typeof createVideoRenderService>
