import type { Log } from '../lib/log'
import type { FastifyInstance } from 'fastify'
import type { AnswerCache } from '../lib/answer-cache'
import { loadConfig, type Config } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startQueue, type QueueRuntime } from '../lib/job-queue'
import type { Auth } from '../modules/auth'
import type { PlansService } from '../modules/plans'
import type { NotificationsService } from '../modules/notifications'
import type { TiktokAccountsService } from '../modules/tiktok'
import { createInProcessEventBus, createPgEventBus, type EventBus } from '../lib/events'
import type { PostsService } from '../modules/posts'
import type { PublishingService } from '../modules/publishing'
import { createMediaStorage, type MediaStorage } from '../integrations/storage'
import type { MediaService } from '../modules/media'
import type { VideoRenderService, VideosService } from '../modules/videos'
import type { SlideshowRenderService, SlideshowsService } from '../modules/slideshows'
import type { SavedHooksService } from '../modules/saved-hooks'
import type { LibraryService } from '../modules/library'
import type { AiService } from '../modules/ai'
import type { FairSlots } from '../lib/fair-slots'
import type { ImagesService } from '../modules/images'
import type { AutomationService } from '../modules/automation'
import type { QueueService } from '../modules/queue'
import type { AnalyticsService } from '../modules/analytics'
import type { StatsSyncService } from '../modules/stats-sync'
import { startBackgroundTasks, startWorker } from './background-work'
import { startHttp } from './http-server'
import type { RuntimeOptions } from './runtime-options'
import { createServices } from './services'

export type { RuntimeMode, RuntimeOptions } from './runtime-options'

export interface Runtime {
  config: Config
  database: DatabaseHandle
  queue: QueueRuntime
  auth: Auth
  tiktokAccounts: TiktokAccountsService
  /** Validated videos (uploads → media storage); the posts engine opens files through it. */
  media: MediaService
  /** Media storage itself (local disk or S3): test fixtures store files the way the app does. */
  mediaStorage: MediaStorage
  posts: PostsService
  publishing: PublishingService
  /** The video studio: created videos (API) and their render engine (worker). */
  videos: VideosService
  renders: VideoRenderService
  /** Slideshows (issue 29): the API and their render/export engine (worker). */
  slideshows: SlideshowsService
  slideshowRenders: SlideshowRenderService
  savedHooks: SavedHooksService
  library: LibraryService
  ai: AiService
  /** This process's AI call slots (ADR 059); tests and the bench read their counts. */
  aiCalls: FairSlots
  images: ImagesService
  automation: AutomationService
  /** Posting slots per account and "Add to queue" (issue 21 item 2). */
  postingQueue: QueueService
  analytics: AnalyticsService
  /** The stats sync (issue 19): TikTok's figures of published posts and accounts. */
  statsSync: StatsSyncService
  /** Notices and their mail (ADR 034); `runDigest` is the daily digest job. */
  notifications: NotificationsService
  /** Plans, the trial and billing (ADR 036). */
  plans: PlansService
  events: EventBus
  http?: FastifyInstance
  /** The API's kept calendar answers (ADR 053); tests and the bench read their counts. */
  postAnswers?: AnswerCache
  stop(): Promise<void>
}

const consoleLog: Log = {
  info: (msg) => console.log(msg),
  warn: (msg) => console.warn(msg),
  error: (msg, err) => console.error(msg, err ?? ''),
}

/**
 * The composition root: config → database (+ migrations) → queue → services → HTTP and/or workers. `all` is the
 * one-process default (`npm start`); `api` and `worker` scale out separately and need PostgreSQL, because PGlite is
 * one process only (ADR 002).
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const log = options.log ?? consoleLog
  if (options.mode !== 'all' && config.database.kind === 'pglite') {
    throw new Error(
      `The "${options.mode}" entrypoint runs beside other processes, but the embedded database (PGlite) allows one process only.\n` +
        'Set DATABASE_URL to a PostgreSQL server, or use `npm start`, which runs API and worker in one process.',
    )
  }

  // Media storage first: with STORAGE=s3 the bucket is checked (HeadBucket), so a wrong endpoint, bucket or key stops
  // start-up with its reason before anything else is opened (ADR 035).
  const mediaStorage = await createMediaStorage(config)
  const database = await openDatabase(config.database).catch((err: unknown) => {
    mediaStorage.close()
    throw err
  })
  let queue: QueueRuntime | undefined
  let events: EventBus | undefined
  try {
    await database.migrate()
    queue = await startQueue(
      database.kind === 'pglite'
        ? { kind: 'pglite', pglite: database.pglite! }
        : { kind: 'postgres', url: database.url! },
      { onError: (err) => log.error('[queue] error', err), supervise: options.mode !== 'api' },
    )
    const q = queue
    const clock = options.clock ?? (() => new Date())
    // Live events: in-process on PGlite (one process); LISTEN/NOTIFY on PostgreSQL, so a worker's updates reach the
    // API process holding the browser's stream.
    const pgBus = database.kind === 'postgres' ? createPgEventBus({ url: database.url!, log }) : undefined
    const bus: EventBus = pgBus ?? createInProcessEventBus(log)
    events = bus
    const base = { config, log, clock, mediaStorage, database, queue: q, events: bus }
    const services = createServices(base, options)
    const { auth, tiktokAccounts, media, posts, publishing, videos, renders, savedHooks, library, ai, images } =
      services
    const { automation, postingQueue, analytics, statsSync, notifications, plans } = services
    const { slideshows, slideshowRenders } = services

    if (options.mode !== 'api') await startWorker(services, base)
    const web = options.mode !== 'worker' ? await startHttp(services, base, options, pgBus) : undefined
    const background = startBackgroundTasks(services, base, options)

    let stopped = false
    return {
      config,
      database,
      queue: q,
      auth,
      tiktokAccounts,
      media,
      mediaStorage,
      posts,
      publishing,
      videos,
      renders,
      slideshows,
      slideshowRenders,
      savedHooks,
      library,
      ai,
      aiCalls: services.aiCalls,
      images,
      automation,
      postingQueue,
      analytics,
      statsSync,
      notifications,
      plans,
      events: bus,
      ...(web ? { http: web.http, postAnswers: web.postAnswers } : {}),
      async stop() {
        if (stopped) return
        stopped = true
        await web?.http.close()
        await web?.stopSessions()
        await background.stopUploadSweep()
        // Running uploads get a grace period, then are let go (their upload is resumed after the restart).
        // Renders get a moment, then are stopped and queued again (rendered from the start after the restart).
        await Promise.all([q.stop(), publishing.stop(), renders.stop(), slideshowRenders.stop()])
        await background.stopStock()
        await bus.close()
        await database.close()
        mediaStorage.close()
      },
    }
  } catch (err) {
    await events?.close().catch(() => undefined)
    await queue?.stop().catch(() => undefined)
    await database.close().catch(() => undefined)
    mediaStorage.close()
    throw err
  }
}

/** Stops cleanly on SIGINT/SIGTERM so PGlite flushes and releases its lock. */
export function stopOnSignals(runtime: Runtime) {
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down…`)
    runtime
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}
