import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { SLIDESHOW_MESSAGES, type MediaFile } from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import { RenderError } from '../../integrations/ffmpeg/render/types'
import type { JobScheduler } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import type { SlideshowRow, SlideshowsRepository } from './slideshows.repository'

/** The ffmpeg call (integrations/ffmpeg/render/slideshow-video.ts): JPEGs → H.264/AAC 1080×1920 MP4. */
export type ExportVideo = (
  imagePaths: string[],
  secondsPerSlide: number,
  outputPath: string,
  options: { timeoutMs: number; signal: AbortSignal; onProgress: (percent: number) => void },
) => Promise<void>

/** The media module's adopt: a video Hookpost made → a media file of the person's, checked like an upload. */
export type AdoptVideo = (userId: string, filePath: string, fileName: string) => Promise<MediaFile>

interface ExportDeps {
  repo: SlideshowsRepository
  queue: JobScheduler
  storage: Pick<MediaStorage, 'withLocalFile'>
  exportVideo: ExportVideo
  adoptVideo: AdoptVideo
  scratchDir: string
  clock: () => Date
  log: Log
  settings: { exportTimeoutMs: number; progressEventMs: number; leaseMs: number; exportsPerPerson: number }
  jobs: { signal: AbortSignal }
  /** Live export progress by slideshow id (the row keeps only the state). */
  exportProgress: Map<string, number>
  announce(id: string): Promise<void>
  /** Wakes the export jobs of the exports that may start now (ADR 059). */
  wakeNext(): Promise<void>
}

/** Runs `use` with a local file for each key, every one there until `use` settles. */
async function withLocalFiles<T>(
  storage: ExportDeps['storage'],
  keys: string[],
  use: (paths: string[]) => Promise<T>,
  held: string[] = [],
): Promise<T> {
  const [key, ...rest] = keys
  if (key === undefined) return use(held)
  return storage.withLocalFile(key, (filePath) => withLocalFiles(storage, rest, use, [...held, filePath]))
}

function exportFileName(title: string): string {
  const base =
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'slideshow'
  return `${base}.mp4`
}

/**
 * The MP4 export of a slideshow (issue 29): the current photo set's JPEGs, each for `secondsPerSlide`, as a video the
 * person can schedule like any other (a media file of theirs). One ffmpeg run; a heartbeat on the row keeps its lease,
 * and the sweep queues an export whose worker died again.
 */
export function createSlideshowExports(deps: ExportDeps) {
  const { repo, queue, clock, log, settings } = deps

  async function fail(row: SlideshowRow, err: unknown) {
    const message = err instanceof RenderError && !err.retryable ? err.message : SLIDESHOW_MESSAGES.exportFailed
    log.warn(`[slideshows] export of ${row.id} failed: ${err instanceof RenderError ? err.detail : String(err)}`)
    await repo.finishExportInternal(row.id, { errorMessage: message }, clock())
  }

  /** The fairest export that may start now (ADR 059), whoever's it is; then the next ones are woken. */
  async function runNext(): Promise<void> {
    const claimed = await repo.claimNextExportInternal(clock(), settings.exportsPerPerson)
    if (!claimed) return // nothing may start: exported, running, or their owners at the cap
    try {
      await run(claimed)
    } finally {
      if (!deps.jobs.signal.aborted) await deps.wakeNext()
    }
  }

  async function run(claimed: SlideshowRow): Promise<void> {
    const { id } = claimed
    const set = claimed.photoSetId ? await repo.photoSetInternal(claimed.photoSetId) : undefined
    if (!set || set.images.length === 0) {
      await repo.finishExportInternal(id, { errorMessage: SLIDESHOW_MESSAGES.exportNeedsRender }, clock())
      await deps.announce(id)
      return
    }
    deps.exportProgress.set(id, 0)
    await deps.announce(id)
    const dir = path.join(deps.scratchDir, `slideshow-export-${randomUUID()}`)
    const controller = new AbortController()
    const onStop = () => controller.abort()
    deps.jobs.signal.addEventListener('abort', onStop)
    let lastEvent = 0
    let lastBeat = Date.now()
    try {
      await mkdir(dir, { recursive: true })
      const output = path.join(dir, exportFileName(claimed.title))
      await withLocalFiles(
        deps.storage,
        set.images.map((image) => image.storageKey),
        (paths) =>
          deps.exportVideo(paths, claimed.exportSecondsPerSlide, output, {
            timeoutMs: settings.exportTimeoutMs,
            signal: controller.signal,
            onProgress: (percent) => {
              deps.exportProgress.set(id, Math.round(percent))
              const now = Date.now()
              if (now - lastBeat > settings.leaseMs / 4) {
                lastBeat = now
                repo.exportHeartbeatInternal(id, clock()).then(
                  (ours) => (ours ? undefined : controller.abort()),
                  (e: unknown) => log.warn(`[slideshows] export heartbeat of ${id}: ${String(e)}`),
                )
              }
              if (now - lastEvent >= settings.progressEventMs) {
                lastEvent = now
                void deps.announce(id)
              }
            },
          }),
      )
      const media = await deps.adoptVideo(claimed.userId, output, exportFileName(claimed.title))
      if (!(await repo.finishExportInternal(id, { mediaId: media.id }, clock()))) {
        log.info(`[slideshows] export of ${id} finished after the slideshow moved on; the video stays in the Library`)
      }
    } catch (err) {
      if (deps.jobs.signal.aborted) {
        // Shutting down: queued again, for the next worker.
        if (await repo.finishExportInternal(id, { requeue: true }, clock())) {
          await queue.send('slideshow.export', { slideshowId: id }, { singletonKey: id })
        }
      } else {
        await fail(claimed, err)
      }
    } finally {
      deps.jobs.signal.removeEventListener('abort', onStop)
      deps.exportProgress.delete(id)
      await rm(dir, { recursive: true, force: true }).catch(() => undefined)
      await deps.announce(id)
    }
  }

  /** The sweep's part for one stale row: a dead export is queued again, a queued one whose job vanished resent. */
  async function sweepOne(row: SlideshowRow, before: Date, queuedBefore: Date): Promise<boolean> {
    if (row.exportState === 'rendering' && row.updatedAt < before) {
      if (!(await repo.finishExportInternal(row.id, { requeue: true }, clock(), before))) return false
    } else if (!(row.exportState === 'queued' && row.updatedAt < queuedBefore)) {
      return false
    }
    return (await queue.send('slideshow.export', { slideshowId: row.id }, { singletonKey: row.id })) !== null
  }

  return { runNext, sweepOne }
}
