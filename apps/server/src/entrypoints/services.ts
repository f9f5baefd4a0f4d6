import path from 'node:path'
import { imageInfo, inspectVideo } from '../integrations/ffmpeg/inspect'
import {
  extractClipStill,
  makeStillClip,
  renderSlideImage,
  renderSlideshowVideo,
  renderVideo,
} from '../integrations/ffmpeg/render'
import { createTiktokClient } from '../integrations/tiktok'
import { createSandboxAdmin } from '../integrations/tiktok-sandbox'
import { AI_WAIT_MAX_SECONDS, AI_WAITING_PER_PERSON } from '@hookpost/shared'
import { createSecretBox } from '../lib/crypto'
import { createFairSlots } from '../lib/fair-slots'
import { createAccountDeletionService, createAccountRepository } from '../modules/account'
import { createAiService } from '../modules/ai'
import {
  createAnalyticsRepository,
  createAnalyticsService,
  createBestTimesRepository,
  createBestTimesService,
} from '../modules/analytics'
import { createStatsSyncRepository, createStatsSyncService } from '../modules/stats-sync'
import { createAutomationRepository, createAutomationService } from '../modules/automation'
import { createImagesRepository, createImagesService } from '../modules/images'
import { createLibraryRepository, createLibraryService } from '../modules/library'
import {
  createMediaRepository,
  createMediaService,
  createOrphanSweep,
  createStorageReferences,
  createUploadStore,
} from '../modules/media'
import { createPostsRepository, createPostsService } from '../modules/posts'
import {
  createPhotoUrls,
  createPublishingRepository,
  createPublishingService,
  DEFAULT_PUBLISHING_SETTINGS,
  mediaFilesOf,
  photoUrlKey,
} from '../modules/publishing'
import { createQueueRepository, createQueueService, leaveQueue } from '../modules/queue'
import { createSavedHooksRepository, createSavedHooksService } from '../modules/saved-hooks'
import { createVideoDraftsRepository, createVideoDraftsService } from '../modules/video-drafts'
import {
  createSandboxCreatorsService,
  createTiktokAccountRepository,
  createTiktokAccountsService,
} from '../modules/tiktok'
import {
  createRenderWorkspaces,
  createVideoRenderService,
  createVideosRepository,
  createVideosService,
  DEFAULT_RENDER_SETTINGS,
  videoFilePaths,
} from '../modules/videos'
import {
  createSlideshowRenderService,
  createSlideshowsRepository,
  createSlideshowsService,
  createSlideStills,
  DEFAULT_SLIDESHOW_RENDER_SETTINGS,
} from '../modules/slideshows'
import { createAiProviders } from './ai-providers'
import type { RuntimeBase, RuntimeOptions } from './runtime-options'
import { createUserServices } from './user-services'

export type Services = ReturnType<typeof createServices>

/** Every module's services, wired to each other; the same in every mode (only what runs differs). */
export function createServices(base: RuntimeBase, options: RuntimeOptions) {
  const { config, database, queue: q, events: bus, mediaStorage, clock, log } = base
  const users = createUserServices(base)
  const { notifications, profiles, plans, attemptLimiter } = users

  const tiktok = config.tiktok
  // One client for the process: its per-token pacing (tiktok-api.md §4.3) must see every call made with a token.
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

  // Photo posts: TikTok pulls the images from signed URLs under PUBLIC_URL, or from the bucket itself when S3 has a
  // public endpoint (a domain that can be verified with TikTok; presigned GETs answer 200, never a redirect).
  const publishingRepo = createPublishingRepository(database.db)
  const s3Public = config.storage.kind === 's3' && config.storage.publicEndpoint !== undefined
  const photoUrls = createPhotoUrls({
    publicUrl: config.publicUrl,
    key: photoUrlKey(config.authSecret),
    presign: s3Public
      ? (key, contentType, expiresInSeconds) =>
          mediaStorage.presignedUrl(key, { expiresInSeconds, contentType, contentDisposition: 'inline' })
      : undefined,
  })
  const publicPhotos = {
    urls: photoUrls,
    findPhotoSet: (id: string) => publishingRepo.findPhotoSetInternal(id),
    storage: mediaStorage,
    clock,
  }
  const publishing = createPublishingService({
    repo: publishingRepo,
    photoUrls,
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
    queue: { leave: leaveQueue },
    clock,
    log,
  })

  // The video studio: rows and jobs in the database, rendered files in media storage, scratch files beside it (the
  // same disk, so keeping a render is a rename).
  // The plan's storage (ADR 058), asked by every path that adds a person's stored files.
  const checkStorage = async (userId: string, addingBytes: number) => {
    const refusal = await plans.storageRefusal(userId, addingBytes)
    if (refusal) throw refusal
  }
  const videosRepo = createVideosRepository(database.db)
  const workspaces = createRenderWorkspaces(path.join(config.dataDir, 'renders'))
  const videos = createVideosService({
    repo: videosRepo,
    queue: q,
    storage: mediaStorage,
    workspaces,
    events: bus,
    checkStorage,
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
  // The Create form's draft names media files; only the person's own stay in it.
  const videoDrafts = createVideoDraftsService({
    repo: createVideoDraftsRepository(database.db),
    findMedia: (userId, mediaId) => media.find(userId, mediaId),
    clock,
    log,
  })
  // Hooks, content ideas and images: the configured OpenAI-compatible model (AI_BASE_URL), or the built-in offline
  // generator and text card (ADR 013, 016).
  const aiProviders = createAiProviders(config.ai, log)
  const ai = createAiService({
    writer: aiProviders.writer,
    slideshowWriter: aiProviders.slideshowWriter,
    account: (userId, accountId) => tiktokAccounts.get(userId, accountId),
    log,
  })
  // The AI routes' calls take turns (ADR 059): so many at once in this process, so many per person, the rest waiting
  // round-robin by person. Per API process, like the per-person AI rate (ADR 055).
  const aiCalls = createFairSlots({
    total: config.aiCalls.atOnce,
    perPerson: config.aiCalls.perPerson,
    waitingPerPerson: AI_WAITING_PER_PERSON,
    maxWaitMs: AI_WAIT_MAX_SECONDS * 1000,
  })
  // Images (made clips join the studio's videos).
  const images = createImagesService({
    repo: createImagesRepository(database.db),
    storage: mediaStorage,
    maker: aiProviders.images,
    describeImage: imageInfo,
    adoptVideo: (userId, filePath, fileName) => media.adopt(userId, filePath, fileName),
    createVideo: (userId, input) => videos.create(userId, { ...input, demoMediaId: null, layout: 'sequence' }),
    makeStillClip: (imagePath, outputPath, seconds) =>
      makeStillClip(config.ffmpegPath, imagePath, outputPath, { seconds }),
    videoUrl: (videoId) => videoFilePaths(videoId).file,
    scratchDir: path.join(config.dataDir, 'tmp'),
    checkStorage,
    clock,
    log,
  })
  // Slideshows (issue 29, ADR 039): slides drawn with canvas into photo sets in media storage; clip stills cached
  // under DATA_DIR; the MP4 export becomes a media file like any video.
  const slideshowsRepo = createSlideshowsRepository(database.db)
  const slideStills = createSlideStills({
    root: path.join(config.dataDir, 'slide-stills'),
    storage: mediaStorage,
    extract: (videoPath, atMs, outputPath) => extractClipStill(config.ffmpegPath, videoPath, atMs, outputPath),
  })
  const slideshows = createSlideshowsService({
    repo: slideshowsRepo,
    queue: q,
    storage: mediaStorage,
    stills: slideStills,
    events: bus,
    checkStorage,
    clock,
    log,
  })
  const slideshowRenders = createSlideshowRenderService({
    repo: slideshowsRepo,
    queue: q,
    storage: mediaStorage,
    stills: slideStills,
    renderSlide: (background, overlays) => renderSlideImage(background, overlays),
    exportVideo: (paths, seconds, output, opts) =>
      renderSlideshowVideo(config.ffmpegPath, paths, seconds, output, opts),
    adoptVideo: (userId, filePath, fileName) => media.adopt(userId, filePath, fileName),
    scratchDir: path.join(config.dataDir, 'tmp'),
    events: bus,
    clock,
    log,
    settings: { ...DEFAULT_SLIDESHOW_RENDER_SETTINGS, ...options.slideshows },
  })
  const library = createLibraryService({
    repo: createLibraryRepository(database.db),
    storage: mediaStorage,
    stockDir: path.join(config.dataDir, 'stock'),
    ffmpegPath: config.ffmpegPath,
    inspect,
    checkStorage,
    clock,
    log,
  })

  const bestTimes = createBestTimesService(createBestTimesRepository(database.db))
  const automation = createAutomationService({
    repo: createAutomationRepository(database.db),
    writer: aiProviders.writer,
    library,
    videos,
    images,
    slideshows,
    // Slideshow posts (issue 29): points and a call to action under the hook, from the account's audience and goals.
    writeSlideshow: (userId, input) => ai.writeSlideshow(userId, input),
    posts,
    accounts: tiktokAccounts,
    profileZone: async (userId) => (await profiles.get(userId)).timeZone,
    bestTimes: (userId, accountId) => bestTimes.forAccount(userId, accountId),
    queue: q,
    events: bus,
    plans,
    notify: notifications.notify,
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

  // "Delete my account": rows and queued jobs in one transaction, then files and the TikTok revokes (ADR 020).
  const renderWorkspaces = workspaces
  const accountDeletion = createAccountDeletionService({
    repo: createAccountRepository(database.db),
    queue: q,
    tiktokRevocation: (userId) => tiktokAccounts.revocationOfAll(userId),
    files: {
      removeStored: (key) => mediaStorage.remove(key),
      // The person's stored files, and the stills of their videos cached on this machine for slideshows.
      removeUserFolder: async (userId) => {
        await mediaStorage.removeFolder(userId)
        await slideStills.forget(userId)
      },
      clearRenders: (videoId) => renderWorkspaces.clear(videoId),
      removeUploads: (userId) => uploads.removeOwnedBy(userId),
    },
    forgetAttempts: (subjects) => attemptLimiter.forget(subjects),
    log,
  })

  return {
    ...users,
    tiktokAccounts,
    sandboxCreators,
    uploads,
    media,
    sweepOrphans,
    posts,
    publishing,
    publicPhotos,
    videos,
    renders,
    slideshows,
    slideshowRenders,
    savedHooks,
    videoDrafts,
    aiProviders,
    ai,
    aiCalls,
    images,
    library,
    bestTimes,
    automation,
    postingQueue,
    analytics,
    statsSync,
    accountDeletion,
  }
}
