import type { Log } from '../lib/log'
import type { FastifyInstance } from 'fastify'
import path from 'node:path'
import { loadConfig, type Config } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { buildHttpApp, DEFAULT_WEB_DIST } from '../http/app'
import { createSmtpTransport, outboxTransport } from '../integrations/mail'
import { startQueue, type QueueRuntime } from '../lib/job-queue'
import {
  createAttemptLimiter,
  createAttemptsRepository,
  createAuth,
  createAuthRepository,
  createSessionsRepository,
  createSessionWatch,
  RESET_TOKEN_TTL_SECONDS,
  VERIFY_EMAIL_TTL_SECONDS,
  type Auth,
  type SessionWatch,
} from '../modules/auth'
import { createAccountDeletionService, createAccountRepository } from '../modules/account'
import {
  createMailRepository,
  createMailService,
  emailChangedMail,
  mailJobHandlers,
  passwordResetMail,
  verifyEmailMail,
} from '../modules/mail'
import { createProfileRepository, createProfileService } from '../modules/profile'
import { createPlansRepository, createPlansService, type PlansService } from '../modules/plans'
import { createManualBilling } from '../integrations/billing/manual-billing'
import {
  createNotificationsRepository,
  createNotificationsService,
  notificationJobHandlers,
  type NotificationsService,
} from '../modules/notifications'
import {
  createSandboxCreatorsService,
  createTiktokAccountRepository,
  createTiktokAccountsService,
  tiktokJobHandlers,
  type TiktokAccountsService,
} from '../modules/tiktok'
import { createTiktokClient, TIKTOK_IMAGE_ORIGINS } from '../integrations/tiktok'
import { createSandboxAdmin } from '../integrations/tiktok-sandbox'
import { createSecretBox } from '../lib/crypto'
import {
  createInProcessEventBus,
  createPgEventBus,
  createPgliteSessionFeed,
  type EventBus,
  type SessionEndFeed,
} from '../lib/events'
import { createPostsRepository, createPostsService, type PostsService } from '../modules/posts'
import {
  createPublishingRepository,
  createPublishingService,
  DEFAULT_PUBLISHING_SETTINGS,
  mediaFilesOf,
  publishingJobHandlers,
  type PublishingService,
  type PublishingSettings,
} from '../modules/publishing'
import { createOpenAiCompatibleClient } from '../integrations/ai'
import { createStripeBilling } from '../integrations/billing/stripe-billing'
import { createMediaStorage, type MediaStorage } from '../integrations/storage'
import { imageInfo, inspectVideo } from '../media'
import { makeStillClip, renderVideo } from '../media/render'
import {
  createMediaRepository,
  createMediaService,
  createOrphanSweep,
  createStorageReferences,
  orphanSweepJobHandlers,
  createUploadStore,
  startUploadSweeper,
  storageOrigins,
  type MediaService,
  type UploadSweeper,
} from '../modules/media'
import {
  createRenderWorkspaces,
  createVideoRenderService,
  createVideosRepository,
  createVideosService,
  DEFAULT_RENDER_SETTINGS,
  videoFilePaths,
  videoJobHandlers,
  type RenderFunction,
  type RenderSettings,
  type VideoRenderService,
  type VideosService,
} from '../modules/videos'
import { createSavedHooksRepository, createSavedHooksService, type SavedHooksService } from '../modules/saved-hooks'
import { createLibraryRepository, createLibraryService, type LibraryService } from '../modules/library'
import {
  createAiService,
  createOfflineImageMaker,
  createOfflineWriter,
  createOpenAiImageMaker,
  createOpenAiWriter,
  type AiService,
  type AiWriter,
  type ImageMaker,
} from '../modules/ai'
import { createImagesRepository, createImagesService, type ImagesService } from '../modules/images'
import {
  automationJobHandlers,
  createAutomationRepository,
  createAutomationService,
  type AutomationService,
  type AutomationTuning,
} from '../modules/automation'
import { createQueueRepository, createQueueService, type QueueService } from '../modules/queue'
import { createBestTimesRepository, createBestTimesService } from '../modules/analytics/best-times.repository'
import { createAnalyticsRepository, createAnalyticsService, type AnalyticsService } from '../modules/analytics'
import {
  createStatsSyncRepository,
  createStatsSyncService,
  statsSyncJobHandlers,
  type StatsSyncService,
  type StatsSyncTuning,
} from '../modules/analytics'

export type RuntimeMode = 'all' | 'api' | 'worker'

/** The AI writer and image maker the configuration asks for (ADR 016): a model, or the built-in offline ones. */
function createAiProviders(ai: Config['ai'], log: Log): { writer: AiWriter; images: ImageMaker } {
  if (ai.provider === 'offline') return { writer: createOfflineWriter(), images: createOfflineImageMaker() }
  const client = createOpenAiCompatibleClient({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    imageModel: ai.imageModel,
    timeoutMs: ai.timeoutMs,
    imageTimeoutMs: ai.timeoutMs * 2,
    // A 1024×1792 PNG is ~4 MB; past 20 MB it is not an image we want.
    maxImageBytes: 20 * 1024 * 1024,
  })
  return {
    writer: createOpenAiWriter({ client, log }),
    images: ai.imageModel ? createOpenAiImageMaker({ client, describeImage: imageInfo }) : createOfflineImageMaker(),
  }
}

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
  savedHooks: SavedHooksService
  library: LibraryService
  ai: AiService
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
export interface RuntimeOptions {
  mode: RuntimeMode
  config?: Config
  log?: Log
  httpLogger?: boolean
  /** Publishing engine tuning (tests shorten the deadlines). */
  posts?: Partial<PublishingSettings>
  /** Render engine tuning (tests shorten the lease and back-off). */
  videos?: Partial<RenderSettings>
  /** The renderer (default: media/render's ffmpeg renderer); tests may stand in for it. */
  render?: RenderFunction
  /**
   * Make the Library's stock clips that are missing, in the background, at start (default: in processes that run
   * the worker). Integration tests that do not need them skip the few seconds of ffmpeg.
   */
  prepareStock?: boolean
  /** The clock every service reads (default: the system's); integration tests move it to test days ahead. */
  clock?: () => Date
  /** Automation tuning and the planner's random seed (tests fix it). */
  automation?: Partial<AutomationTuning>
  automationSeed?: () => number
  /** Stats sync tuning (the bench and tests change how much one run reads). */
  statsSync?: Partial<StatsSyncTuning>
  /**
   * How open event streams follow their sessions (ADR 021): the clock expiry is judged by (default: the system's,
   * which better-auth uses) and how often every session is checked again (default 15 s).
   */
  sessions?: { clock?: () => Date; checkIntervalMs?: number }
}

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
    const mailRepo = createMailRepository(database.db)
    const mail = createMailService({
      repo: mailRepo,
      queue: q,
      transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : outboxTransport,
      clock,
    })
    // Live events: in-process on PGlite (one process); LISTEN/NOTIFY on PostgreSQL, so a worker's updates reach the
    // API process holding the browser's stream.
    const pgBus = database.kind === 'postgres' ? createPgEventBus({ url: database.url!, log }) : undefined
    const bus: EventBus = pgBus ?? createInProcessEventBus(log)
    events = bus
    // Notices in the app and by mail when a post fails, an account must be reconnected, and a daily digest (ADR 034).
    const notifications = createNotificationsService({
      repo: createNotificationsRepository(database.db),
      sendMail: (message) => mail.send(message),
      events: bus,
      publicUrl: config.publicUrl,
      clock,
      log,
    })
    const profiles = createProfileService({
      repo: createProfileRepository(database.db),
      clock,
      // Read when a profile is asked for, after `plans` below exists.
      plan: (userId) => plans.profilePlan(userId),
    })
    // Plans and the free trial, enforced by every path that creates a post or connects an account (ADR 036).
    const billing = config.billing.provider === 'manual' ? createManualBilling() : createStripeBilling(config.billing)
    const plans = createPlansService({
      repo: createPlansRepository(database.db),
      billing,
      profileZone: async (userId) => (await profiles.get(userId)).timeZone,
      publicUrl: config.publicUrl,
      clock,
      log,
    })
    const authRepo = createAuthRepository(database.db)
    // Per-email and per-user attempt limits beside the per-address one, counted in the database (ADR 020).
    const attemptLimiter = createAttemptLimiter({ repo: createAttemptsRepository(database.db), clock })
    const auth = createAuth({
      db: database.db,
      repo: authRepo,
      publicUrl: config.publicUrl,
      secret: config.authSecret,
      onUserCreated: async (userId) => {
        await profiles.createForNewUser(userId)
        await plans.startTrial(userId)
      },
      onPasswordResetRequested: async ({ userId, email, link }) => {
        await mail.send({ userId, to: email, ...passwordResetMail(link, RESET_TOKEN_TTL_SECONDS / 60) })
      },
      // Whoever reset the password reads the mailbox: a lock-out by someone guessing ends here.
      onPasswordReset: ({ email }) => attemptLimiter.reset('sign-in', email),
      onVerificationRequested: async ({ userId, email, link, purpose }) => {
        await mail.send({ userId, to: email, ...verifyEmailMail(link, VERIFY_EMAIL_TTL_SECONDS / 3600, purpose) })
      },
      logger: log,
    })

    const tiktok = config.tiktok
    // One client for the process: its per-token pacing (§4.3) must see every call made with a token.
    const tiktokClient = createTiktokClient({
      apiBase: tiktok.apiBase,
      authBase: tiktok.authBase,
      clientKey: tiktok.clientKey,
      clientSecret: tiktok.clientSecret,
      redirectUri: tiktok.redirectUri,
    })
    // Secrets at rest (tokens, upload links) under ENCRYPTION_KEY.
    const box = createSecretBox(config.encryptionKey)
    const tiktokAccounts = createTiktokAccountsService({
      repo: createTiktokAccountRepository(database.db),
      client: tiktokClient,
      box,
      clock,
      sandbox: tiktok.sandbox,
      notify: notifications.notify,
      plans,
      log,
    })
    const sandboxCreators = createSandboxCreatorsService(
      tiktok.sandboxUrl ? createSandboxAdmin({ baseUrl: tiktok.sandboxUrl, adminKey: tiktok.clientSecret }) : undefined,
    )

    // Uploads in progress live on local disk under DATA_DIR; validated videos in media storage (local or S3).
    const uploads = createUploadStore({ directory: path.join(config.dataDir, 'uploads') })
    const inspect = (file: string) => inspectVideo(file, { ffprobePath: config.ffprobePath })
    const media = createMediaService({
      repo: createMediaRepository(database.db),
      storage: mediaStorage,
      uploads,
      inspect,
      clock,
      log,
    })

    // Stored objects no row references (a crash between storing a file and writing its row, a failed delete).
    const sweepOrphans = createOrphanSweep({
      storage: mediaStorage,
      references: createStorageReferences(database.db),
      clock,
      log,
    })

    const publishing = createPublishingService({
      repo: createPublishingRepository(database.db),
      queue: q,
      tiktok: tiktokClient,
      accounts: tiktokAccounts,
      events: bus,
      notify: notifications.notify,
      box,
      media: mediaFilesOf(mediaStorage),
      clock,
      log,
      settings: { ...DEFAULT_PUBLISHING_SETTINGS, ...options.posts },
    })
    const posts = createPostsService({
      repo: createPostsRepository(database.db),
      accounts: tiktokAccounts,
      publishing,
      events: bus,
      plans,
      clock,
      log,
    })

    // The video studio: rows and jobs in the database, rendered files in media storage, scratch files beside it (the
    // same disk, so keeping a render is a rename).
    const videosRepo = createVideosRepository(database.db)
    const workspaces = createRenderWorkspaces(path.join(config.dataDir, 'renders'))
    const videos = createVideosService({
      repo: videosRepo,
      queue: q,
      storage: mediaStorage,
      workspaces,
      events: bus,
      clock,
      log,
    })
    const renders = createVideoRenderService({
      repo: videosRepo,
      queue: q,
      storage: mediaStorage,
      workspaces,
      render: options.render ?? renderVideo,
      ffmpegPath: config.ffmpegPath,
      ffprobePath: config.ffprobePath,
      events: bus,
      clock,
      log,
      settings: { ...DEFAULT_RENDER_SETTINGS, ...options.videos },
    })

    const savedHooks = createSavedHooksService({ repo: createSavedHooksRepository(database.db), clock, log })
    // Hooks, content ideas and images: the configured OpenAI-compatible model (AI_BASE_URL), or the built-in offline
    // generator and text card (ADR 013, 016).
    const aiProviders = createAiProviders(config.ai, log)
    const ai = createAiService({
      writer: aiProviders.writer,
      account: (userId, accountId) => tiktokAccounts.get(userId, accountId),
      log,
    })
    // Images (made clips join the studio's videos).
    const images = createImagesService({
      repo: createImagesRepository(database.db),
      storage: mediaStorage,
      maker: aiProviders.images,
      describeImage: imageInfo,
      adoptVideo: (userId, filePath, fileName) => media.adopt(userId, filePath, fileName),
      createVideo: (userId, input) =>
        videos.create(userId, { ...input, demoMediaId: null, layout: 'sequence', textOverlays: [] }),
      makeStillClip: (imagePath, outputPath, seconds) =>
        makeStillClip(config.ffmpegPath, imagePath, outputPath, { seconds }),
      videoUrl: (videoId) => videoFilePaths(videoId).file,
      scratchDir: path.join(config.dataDir, 'tmp'),
      clock,
      log,
    })
    const library = createLibraryService({
      repo: createLibraryRepository(database.db),
      storage: mediaStorage,
      stockDir: path.join(config.dataDir, 'stock'),
      ffmpegPath: config.ffmpegPath,
      inspect,
      clock,
      log,
    })

    const bestTimes = createBestTimesService(createBestTimesRepository(database.db))
    const automation = createAutomationService({
      repo: createAutomationRepository(database.db),
      writer: aiProviders.writer,
      library,
      videos,
      posts,
      accounts: tiktokAccounts,
      profileZone: async (userId) => (await profiles.get(userId)).timeZone,
      bestTimes: (userId, accountId) => bestTimes.forAccount(userId, accountId),
      queue: q,
      events: bus,
      plans,
      clock,
      ...(options.automationSeed ? { seed: options.automationSeed } : {}),
      log,
      ...(options.automation ? { tuning: options.automation } : {}),
    })

    // The queue (issue 21 item 2, ADR 029): its posts are made, moved and deleted by the posts service.
    const postingQueue = createQueueService({
      repo: createQueueRepository(database.db),
      posts,
      accounts: tiktokAccounts,
      profileZone: async (userId) => (await profiles.get(userId)).timeZone,
      clock,
      log,
    })

    const analytics = createAnalyticsService({ repo: createAnalyticsRepository(database.db), clock, log })
    // Analytics (issue 19): TikTok's figures of published posts and accounts, read on a schedule by the worker.
    const statsSync = createStatsSyncService({
      repo: createStatsSyncRepository(database.db),
      queue: q,
      tiktok: tiktokClient,
      accounts: tiktokAccounts,
      events: bus,
      clock,
      log,
      ...(options.statsSync ? { tuning: options.statsSync } : {}),
    })

    if (options.mode !== 'api') {
      // Before taking jobs: re-send the jobs of posts due now or within the look-ahead (a stopped process may have
      // prepared them, ADR 026) and resume posts a previous process left mid-publish. On PGlite this is the only
      // process, so everything in flight is an orphan now; on PostgreSQL only what outlived a lease.
      await publishing.sweep(
        database.kind === 'pglite' ? { orphanedBefore: clock(), atStart: true } : { atStart: true },
      )
      // Likewise renders a previous process left mid-render.
      await renders.sweep(database.kind === 'pglite' ? { orphanedBefore: clock() } : {})
      await q.work(
        {
          ...mailJobHandlers(mail),
          ...tiktokJobHandlers(tiktokAccounts),
          ...publishingJobHandlers(publishing),
          ...videoJobHandlers(renders),
          ...automationJobHandlers(automation),
          ...statsSyncJobHandlers(statsSync),
          ...notificationJobHandlers(notifications),
          ...orphanSweepJobHandlers(sweepOrphans),
        },
        (msg, err) => log.error(`[worker] ${msg}`, err),
      )
    }

    // "Delete my account": rows and queued jobs in one transaction, then files and the TikTok revokes (ADR 020).
    const renderWorkspaces = workspaces
    const accountDeletion = createAccountDeletionService({
      repo: createAccountRepository(database.db),
      queue: q,
      tiktokRevocation: (userId) => tiktokAccounts.revocationOfAll(userId),
      files: {
        removeStored: (key) => mediaStorage.remove(key),
        removeUserFolder: (userId) => mediaStorage.removeFolder(userId),
        clearRenders: (videoId) => renderWorkspaces.clear(videoId),
        removeUploads: (userId) => uploads.removeOwnedBy(userId),
      },
      forgetAttempts: (subjects) => attemptLimiter.forget(subjects),
      log,
    })

    let http: FastifyInstance | undefined
    let sessionWatch: SessionWatch | undefined
    let stopSessionFeed: (() => Promise<void>) | undefined
    if (options.mode !== 'worker') {
      // Open event streams end with their session, whatever ends it (ADR 021): the database NOTIFYs deleted sessions
      // (over the event bus's LISTEN connection on PostgreSQL, PGlite's own listener here); expiry and a periodic
      // check cover the rest.
      const watch = createSessionWatch({
        findLive: createSessionsRepository(database.db).findLive,
        clock: options.sessions?.clock ?? (() => new Date()),
        log,
        ...(options.sessions?.checkIntervalMs ? { intervalMs: options.sessions.checkIntervalMs } : {}),
      })
      sessionWatch = watch
      let feed: SessionEndFeed
      if (pgBus) {
        feed = pgBus.sessionsEnded
      } else {
        const pgliteFeed = createPgliteSessionFeed(
          (channel, callback) => database.pglite!.listen(channel, callback),
          log,
        )
        await pgliteFeed.ready
        feed = pgliteFeed
        stopSessionFeed = () => pgliteFeed.close()
      }
      const unsubscribe = feed.subscribe((userId) => watch.nudge(userId))
      const stopFeed = stopSessionFeed
      stopSessionFeed = async () => {
        unsubscribe()
        await stopFeed?.()
      }
      http = await buildHttpApp({
        auth,
        account: {
          repo: authRepo,
          limiter: attemptLimiter,
          deletion: accountDeletion,
          onEmailChanged: async ({ userId, oldEmail, newEmail }) => {
            await mail.send({ userId, to: oldEmail, ...emailChangedMail(newEmail, config.supportEmail) })
          },
        },
        profiles,
        tiktokAccounts,
        sandboxCreators,
        media,
        uploads,
        posts,
        videos,
        savedHooks,
        library,
        ai,
        images,
        automation,
        postingQueue,
        bestTimes,
        analytics,
        statsSync,
        notifications,
        plans,
        events: bus,
        sessions: watch,
        mailRepo,
        health: {
          databaseKind: database.kind,
          pingDatabase: () => database.ping(),
          pingQueue: () => q.ping(),
          queueNames: q.names,
        },
        appInfo: {
          supportEmail: config.supportEmail,
          devOutbox: config.mail.devOutbox,
          tiktokSandbox: config.tiktok.sandbox,
          ai: { writer: aiProviders.writer.provider, images: aiProviders.images.provider },
        },
        devOutbox: config.mail.devOutbox,
        authRateLimitMax: config.authRateLimitMax,
        trustProxy: config.trustProxy,
        publicUrl: config.publicUrl,
        imageOrigins: tiktok.sandboxUrl ? [new URL(tiktok.sandboxUrl).origin] : TIKTOK_IMAGE_ORIGINS,
        storageOrigins: await storageOrigins(mediaStorage),
        webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST,
        logger: options.httpLogger === false ? false : { level: config.logLevel },
      })
    }

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
      savedHooks,
      library,
      ai,
      images,
      automation,
      postingQueue,
      analytics,
      statsSync,
      notifications,
      plans,
      events: bus,
      ...(http ? { http } : {}),
      async stop() {
        if (stopped) return
        stopped = true
        await http?.close()
        sessionWatch?.stop()
        await stopSessionFeed?.()
        await uploadSweeper?.stop()
        // Running uploads get a grace period, then are let go (their upload is resumed after the restart).
        // Renders get a moment, then are stopped and queued again (rendered from the start after the restart).
        await Promise.all([q.stop(), publishing.stop(), renders.stop()])
        // The clip being made finishes (a second or so); the rest wait for the next start.
        stockStop.abort()
        await stockReady.catch(() => undefined)
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
