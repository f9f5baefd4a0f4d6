import { automationJobHandlers } from '../modules/automation'
import { statsSyncJobHandlers } from '../modules/stats-sync'
import { mailJobHandlers } from '../modules/mail'
import { orphanSweepJobHandlers, startUploadSweeper, type UploadSweeper } from '../modules/media'
import { notificationJobHandlers } from '../modules/notifications'
import { publishingJobHandlers } from '../modules/publishing'
import { tiktokJobHandlers } from '../modules/tiktok'
import { slideshowJobHandlers } from '../modules/slideshows'
import { videoJobHandlers } from '../modules/videos'
import type { RuntimeBase, RuntimeOptions } from './runtime-options'
import type { Services } from './services'

// What runs beside the API's requests: the worker's jobs, the upload sweep and making the Library's stock clips.

/** The worker's part (modes `all` and `worker`): pick up what a previous process left, then take every module's jobs. */
export async function startWorker(services: Services, base: RuntimeBase): Promise<void> {
  const { database, queue: q, clock, log } = base
  const { publishing, renders } = services
  // Before taking jobs: re-send the jobs of posts due now or within the look-ahead (a stopped process may have
  // prepared them, ADR 026) and resume posts a previous process left mid-publish. On PGlite this is the only
  // process, so everything in flight is an orphan now; on PostgreSQL only what outlived a lease.
  await publishing.sweep(database.kind === 'pglite' ? { orphanedBefore: clock(), atStart: true } : { atStart: true })
  // Likewise renders a previous process left mid-render.
  await renders.sweep(database.kind === 'pglite' ? { orphanedBefore: clock() } : {})
  await services.slideshowRenders.sweep(database.kind === 'pglite' ? { orphanedBefore: clock() } : {})
  await q.work(
    {
      ...mailJobHandlers(services.mail),
      ...tiktokJobHandlers(services.tiktokAccounts),
      ...publishingJobHandlers(publishing),
      ...videoJobHandlers(renders),
      ...slideshowJobHandlers(services.slideshowRenders),
      ...automationJobHandlers(services.automation),
      ...statsSyncJobHandlers(services.statsSync),
      ...notificationJobHandlers(services.notifications),
      ...orphanSweepJobHandlers(services.sweepOrphans),
    },
    (msg, err) => log.error(`[worker] ${msg}`, err),
  )
}

/** Work that goes on beside requests and jobs: the hourly upload sweep and making the Library's stock clips. */
export function startBackgroundTasks(
  services: Pick<Services, 'media' | 'images' | 'library'>,
  base: Pick<RuntimeBase, 'config' | 'log'>,
  options: Pick<RuntimeOptions, 'mode' | 'prepareStock'>,
): { stopUploadSweep(): Promise<void>; stopStock(): Promise<void> } {
  const { media, images, library } = services
  const { config, log } = base
  // Worker processes delete uploads never finalised, and generated images never saved, within 24 h
  // (modules/media/upload-sweeper.ts).
  const uploadSweeper: UploadSweeper | undefined =
    options.mode !== 'api'
      ? startUploadSweeper({
          sweep: async () => (await media.sweepExpiredUploads()) + (await images.sweepUnsaved()),
          log,
        })
      : undefined

  // Stock clips are made once per DATA_DIR (ADR 012), in the background: the API answers meanwhile. With S3 an API
  // process may have a DATA_DIR of its own (ADR 035), and it serves and copies the clips: it makes them too.
  const stockStop = new AbortController()
  const makesStock = options.prepareStock ?? (options.mode !== 'api' || config.storage.kind === 's3')
  const stockReady = makesStock ? library.prepareStock(stockStop.signal) : Promise.resolve()

  return {
    async stopUploadSweep() {
      await uploadSweeper?.stop()
    },
    // The clip being made finishes (a second or so); the rest wait for the next start.
    async stopStock() {
      stockStop.abort()
      await stockReady.catch(() => undefined)
    },
  }
}
