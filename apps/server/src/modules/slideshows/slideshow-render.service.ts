import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { readOverlays, SLIDESHOW_MESSAGES, type TextOverlay } from '@hookpost/shared'
import { StorageNotFoundError, type MediaStorage } from '../../integrations/storage'
import { RenderError } from '../../integrations/ffmpeg/render/types'
import type { EventBus } from '../../lib/events'
import type { JobScheduler } from '../../lib/job-queue'
import { createJobRunner } from '../../lib/job-runner'
import type { Log } from '../../lib/log'
import type { SlideStills } from './slide-stills'
import { toSlideshowDto } from './slideshow-dto'
import { createSlideshowExports, type ExportVideo, type AdoptVideo } from './slideshow-export'
import type { PhotoSetImage, SlideshowRow, SlideshowsRepository, StoredSlide } from './slideshows.repository'

/** The slide renderer (integrations/ffmpeg/render/slide-image.ts): background bytes + overlays → a 1080×1920 JPEG. */
export type RenderSlide = (
  background: Uint8Array,
  overlays: readonly TextOverlay[],
) => Promise<{ jpeg: Buffer; width: number; height: number }>

export interface SlideshowRenderSettings {
  maxAttempts: number
  retryBaseMs: number
  /** A render untouched this long is a dead worker's. */
  leaseMs: number
  queuedGraceMs: number
  progressEventMs: number
  stopGraceMs: number
  /** The export's ffmpeg run. */
  exportTimeoutMs: number
  /** Renders, and exports, one person may have running at once across all workers (ADR 059). */
  rendersPerPerson: number
  exportsPerPerson: number
  /** How many people's next pieces a finished one wakes. */
  wakeLimit: number
}

export const DEFAULT_SLIDESHOW_RENDER_SETTINGS: SlideshowRenderSettings = {
  maxAttempts: 3,
  retryBaseMs: 2_000,
  leaseMs: 60_000,
  queuedGraceMs: 60_000,
  progressEventMs: 300,
  stopGraceMs: 1_000,
  exportTimeoutMs: 180_000,
  // One each, like video renders (ADR 055): a worker has two slots of each kind (lib/job-queue.ts), so one person's
  // flood holds one and the next person's slideshow starts at once in the other.
  rendersPerPerson: 1,
  exportsPerPerson: 1,
  wakeLimit: 4,
}

export interface SlideshowRenderDeps {
  repo: SlideshowsRepository
  queue: JobScheduler
  storage: Pick<MediaStorage, 'withLocalFile' | 'write' | 'remove' | 'importFile'>
  stills: Pick<SlideStills, 'bytes'>
  renderSlide: RenderSlide
  exportVideo: ExportVideo
  adoptVideo: AdoptVideo
  /** Scratch files of exports (DATA_DIR/tmp). */
  scratchDir: string
  events: EventBus
  clock: () => Date
  log: Log
  settings: SlideshowRenderSettings
}

class Stopped extends Error {}
class ClaimLost extends Error {}

/**
 * The `slideshow.render`, `slideshow.export` and `slideshow.sweep` jobs (issue 29, ADR 039), with the video renderer's
 * guarantees: the claim and every later write are conditional on the row's state and attempt, so duplicate jobs, a
 * second worker and a dead worker's leftovers are harmless. A render writes every slide's JPEG first, then inserts ONE
 * photo set and points the slideshow at it in one transaction: a crash midway leaves files no row references (the
 * orphan sweep removes them), never a half set.
 */
export function createSlideshowRenderService(deps: SlideshowRenderDeps) {
  const { repo, queue, storage, events, clock, log, settings } = deps
  const jobs = createJobRunner('slideshow renderer')
  const exportProgress = new Map<string, number>()

  async function announce(id: string): Promise<void> {
    try {
      const row = await repo.findInternal(id)
      if (row) {
        const progress = exportProgress.get(id)
        events.publish(row.userId, {
          type: 'slideshow.updated',
          slideshow: toSlideshowDto(row, progress === undefined ? {} : { exportProgress: progress }),
        })
      }
    } catch (err) {
      log.warn(`[slideshows] announcing ${id} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  /**
   * Wakes the jobs of the pieces that may start now, one per person, fairest first (ADR 059): a finished render or
   * export hands the turn on. A job already queued absorbs the wake-up (`short` policy); one too many finds nothing.
   */
  async function wakeNext(name: 'slideshow.render' | 'slideshow.export'): Promise<void> {
    try {
      const ids =
        name === 'slideshow.render'
          ? await repo.startableRendersInternal(clock(), settings.rendersPerPerson, settings.wakeLimit)
          : await repo.startableExportsInternal(clock(), settings.exportsPerPerson, settings.wakeLimit)
      for (const id of ids) await queue.send(name, { slideshowId: id }, { singletonKey: id })
    } catch (err) {
      // The sweep re-sends the job of anything left queued (queuedGraceMs), so a failed wake-up only delays.
      log.warn(`[slideshows] waking the next ${name} jobs failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  const exports = createSlideshowExports({
    ...deps,
    jobs,
    exportProgress,
    announce,
    wakeNext: () => wakeNext('slideshow.export'),
  })

  /** A slide's background as image bytes: the gallery image, or a still of the clip. */
  async function backgroundOf(row: SlideshowRow, slide: StoredSlide): Promise<Uint8Array> {
    const { source } = slide
    try {
      if (source.kind === 'image') {
        const [image] = await repo.imagesForUser(row.userId, [source.imageId])
        if (!image) throw new RenderError(SLIDESHOW_MESSAGES.sourceMissing, `image ${source.imageId} is gone`, false)
        return await storage.withLocalFile(image.storageKey, (filePath) => readFile(filePath))
      }
      const [media] = await repo.mediaForUser(row.userId, [source.mediaId])
      if (!media) throw new RenderError(SLIDESHOW_MESSAGES.sourceMissing, `media ${source.mediaId} is gone`, false)
      return await deps.stills.bytes(media, source.atMs)
    } catch (err) {
      if (err instanceof StorageNotFoundError)
        throw new RenderError(SLIDESHOW_MESSAGES.sourceMissing, err.message, false)
      throw err
    }
  }

  async function endFailedAttempt(row: SlideshowRow, attempt: number, error: unknown): Promise<void> {
    const retryable = !(error instanceof RenderError) || error.retryable
    const message = error instanceof RenderError ? error.message : SLIDESHOW_MESSAGES.renderFailed
    const detail = error instanceof RenderError ? error.detail : error instanceof Error ? error.stack : String(error)
    let changed: boolean
    if (retryable && attempt < settings.maxAttempts) {
      const delayMs = settings.retryBaseMs * 2 ** Math.max(0, attempt - 1)
      changed = await repo.transaction(async ({ repo: tx, jobs: jtx }) => {
        const startAfter = new Date(clock().getTime() + delayMs)
        const ok = await tx.releaseInternal(
          row.id,
          attempt,
          { errorMessage: message, refundAttempt: false, renderAfter: startAfter },
          clock(),
        )
        if (ok) {
          await queue.reschedule(
            'slideshow.render',
            { slideshowId: row.id },
            { singletonKey: row.id, startAfter, tx: jtx },
          )
        }
        return ok
      })
    } else {
      changed = await repo.failInternal(row.id, attempt, message, clock())
    }
    if (changed) {
      log.warn(`[slideshows] slideshow ${row.id} attempt ${attempt} failed: ${message} (${detail ?? ''})`)
      await announce(row.id)
    }
  }

  async function giveBack(row: SlideshowRow, attempt: number): Promise<void> {
    const released = await repo.transaction(async ({ repo: tx, jobs: jtx }) => {
      const ok = await tx.releaseInternal(
        row.id,
        attempt,
        { errorMessage: null, refundAttempt: true, renderAfter: null },
        clock(),
      )
      if (ok) {
        await queue.reschedule(
          'slideshow.render',
          { slideshowId: row.id },
          { singletonKey: row.id, startAfter: clock(), tx: jtx },
        )
      }
      return ok
    })
    if (released) await announce(row.id)
  }

  /** Renders every slide into media storage, then the photo set and `processed` in one transaction. */
  async function renderSlides(row: SlideshowRow, attempt: number): Promise<void> {
    const photoSetId = randomUUID()
    const written: PhotoSetImage[] = []
    let lastEvent = 0
    try {
      for (const [index, slide] of row.slides.entries()) {
        if (jobs.signal.aborted) throw new Stopped()
        const background = await backgroundOf(row, slide)
        const image = await deps.renderSlide(background, readOverlays(slide.overlays))
        const storageKey = `${row.userId}/${photoSetId}-${index + 1}.jpg`
        await storage.write(storageKey, image.jpeg)
        written.push({
          storageKey,
          width: image.width,
          height: image.height,
          sizeBytes: image.jpeg.byteLength,
          contentType: 'image/jpeg',
        })
        const percent = Math.min(99, Math.round(((index + 1) / row.slides.length) * 100))
        // The heartbeat: progress into the row, which also keeps the lease, and tells whether the attempt is still ours.
        if (!(await repo.heartbeatInternal(row.id, attempt, percent, clock()))) throw new ClaimLost()
        if (Date.now() - lastEvent >= settings.progressEventMs) {
          lastEvent = Date.now()
          await announce(row.id)
        }
      }
      const previous = row.photoSetId
      await repo.transaction(async ({ repo: tx }) => {
        await tx.insertPhotoSetInternal({
          id: photoSetId,
          userId: row.userId,
          slideshowId: row.id,
          images: written,
          coverIndex: row.coverIndex,
          createdAt: clock(),
        })
        const marked = await tx.markProcessedInternal(row.id, attempt, row, photoSetId, clock())
        if (!marked) throw new ClaimLost()
      })
      // The set it replaced goes unless a post sends it (photo sets are immutable: ADR 039).
      if (previous) await dropIfUnused(previous)
    } catch (err) {
      for (const image of written) {
        await storage.remove(image.storageKey).catch((e: unknown) => log.warn(`[slideshows] removing: ${String(e)}`))
      }
      throw err
    }
  }

  async function dropIfUnused(photoSetId: string): Promise<void> {
    try {
      const deleted = await repo.deletePhotoSetIfUnused(photoSetId)
      if (!deleted || deleted === 'in-use') return
      for (const image of deleted.images) {
        await storage.remove(image.storageKey).catch((e: unknown) => log.warn(`[slideshows] removing: ${String(e)}`))
      }
    } catch (err) {
      log.warn(`[slideshows] could not drop photo set ${photoSetId}: ${String(err)}`)
    }
  }

  /**
   * A `slideshow.render` job renders the fairest slideshow that may start now — not necessarily its own (ADR 059):
   * round-robin by person, at most `rendersPerPerson` running for anyone. Its own, if passed over, is woken again when
   * a render ends.
   */
  async function runNextRender(): Promise<void> {
    const claimed = await repo.claimNextRenderInternal(clock(), settings.rendersPerPerson)
    if (!claimed) return // nothing may start: rendered, running, waiting out a back-off, or their owners at the cap
    try {
      await runRender(claimed)
    } finally {
      // At shutdown the render was given back with its own job; nothing else should start here now.
      if (!jobs.signal.aborted) await wakeNext('slideshow.render')
    }
  }

  async function runRender(claimed: SlideshowRow): Promise<void> {
    const { id } = claimed
    const attempt = claimed.attempts
    await announce(id)
    const started = Date.now()
    try {
      await renderSlides(claimed, attempt)
      log.info(`[slideshows] slideshow ${id}: ${claimed.slides.length} slides in ${Date.now() - started} ms`)
      await announce(id)
    } catch (err) {
      if (err instanceof ClaimLost) {
        log.info(
          `[slideshows] slideshow ${id}: attempt ${attempt} is no longer current (edited, deleted or taken over)`,
        )
      } else if (err instanceof Stopped || jobs.signal.aborted) {
        await giveBack(claimed, attempt)
      } else {
        await endFailedAttempt(claimed, attempt, err)
      }
    }
  }

  async function runSweep(options: { orphanedBefore?: Date | undefined }) {
    const now = clock()
    const before = options.orphanedBefore ?? new Date(now.getTime() - settings.leaseMs)
    const queuedBefore = new Date(now.getTime() - settings.queuedGraceMs)
    const counts = { requeued: 0, failed: 0, resent: 0, exports: 0 }
    for (const row of await repo.staleInternal(before, queuedBefore, 500)) {
      if (row.state === 'queued' && row.updatedAt < queuedBefore) {
        if (await queue.send('slideshow.render', { slideshowId: row.id }, { singletonKey: row.id })) counts.resent++
      } else if (row.state === 'rendering' && row.updatedAt < before) {
        const last = row.attempts >= settings.maxAttempts
        const settled = await repo.transaction(async ({ repo: tx, jobs: jtx }) => {
          const outcome = last
            ? ({ state: 'failed', errorMessage: SLIDESHOW_MESSAGES.renderFailed } as const)
            : ({ state: 'queued' } as const)
          const ok = await tx.settleOrphanInternal(row.id, row.attempts, before, outcome, clock())
          if (ok && !last) {
            await queue.reschedule(
              'slideshow.render',
              { slideshowId: row.id },
              { singletonKey: row.id, startAfter: clock(), tx: jtx },
            )
          }
          return ok
        })
        if (settled) {
          if (last) counts.failed++
          else counts.requeued++
          await announce(row.id)
        }
      }
      if (await exports.sweepOne(row, before, queuedBefore)) counts.exports++
    }
    if (Object.values(counts).some((n) => n > 0)) log.info(`[slideshows] sweep: ${JSON.stringify(counts)}`)
    return counts
  }

  return {
    /**
     * `slideshow.render`: claim the fairest startable render → each slide to JPEG (progress events) → one photo set →
     * `processed` → wake the next. The job's slideshow is a wake-up, not a claim (ADR 059).
     */
    render(): Promise<void> {
      return jobs.run(() => runNextRender())
    },
    /** `slideshow.export`: the fairest startable export → an MP4 media file of the person's → wake the next. */
    export(): Promise<void> {
      return jobs.run(() => exports.runNext())
    },
    /** `slideshow.sweep` (every minute) and at start: renders and exports a dead worker left, and lost jobs. */
    sweep(options: { orphanedBefore?: Date } = {}) {
      return jobs.run(() => runSweep(options))
    },
    async stop(): Promise<void> {
      await jobs.stop(settings.stopGraceMs, 5_000)
    },
  }
}

export type SlideshowRenderService = ReturnType<typeof createSlideshowRenderService>
