import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MESSAGES, type AppInfo } from '@hookpost/shared'
import { AppError } from '../lib/errors'
import { authRoutes, sessionGuard, type AttemptLimiter, type Auth, type AuthRepository } from '../modules/auth'
import { accountRoutes, type AccountDeletionService } from '../modules/account'
import { healthRoutes } from '../modules/health'
import { devOutboxRoutes, type MailRepository } from '../modules/mail'
import { profileRoutes, type ProfileService } from '../modules/profile'
import {
  sandboxCreatorRoutes,
  tiktokAccountRoutes,
  type SandboxCreatorsService,
  type TiktokAccountsService,
} from '../modules/tiktok'
import { mediaRoutes, uploadRoutes, type MediaService, type UploadStore } from '../modules/media'
import { liveEventRoutes, type StreamSessions } from '../modules/live'
import { postRoutes, type PostsService } from '../modules/posts'
import type { AnswerCache } from '../lib/answer-cache'
import { publicPhotoRoutes, type PublicPhotoDeps } from '../modules/publishing'
import { videoRoutes, type VideosService } from '../modules/videos'
import { slideshowRoutes, type SlideshowsService } from '../modules/slideshows'
import { savedHookRoutes, type SavedHooksService } from '../modules/saved-hooks'
import { videoDraftRoutes, type VideoDraftsService } from '../modules/video-drafts'
import { libraryRoutes, type LibraryService } from '../modules/library'
import { imageRoutes, type ImagesService } from '../modules/images'
import { automationRoutes, type AutomationService } from '../modules/automation'
import { queueRoutes, type QueueService } from '../modules/queue'
import { analyticsRoutes, bestTimesRoutes, type AnalyticsService, type BestTimesService } from '../modules/analytics'
import { statsSyncRoutes, type StatsSyncService } from '../modules/stats-sync'
import { aiRoutes, type AiService } from '../modules/ai'
import { notificationRoutes, type NotificationsService } from '../modules/notifications'
import { billingRoutes, billingWebhookRoutes, type PlansService } from '../modules/plans'
import type { EventBus } from '../lib/events'
import type { FairSlots } from '../lib/fair-slots'
import { prerenderedPages } from './prerendered-pages'
import { canonicalPageUrl } from './canonical-host'
import type { TrustProxy } from '../config'
import { fastifyTrustProxy } from '../config/trust-proxy'
import { registerCompression } from './compression'
import { registerErrorHandling } from './errors'
import { registerJsonEtags } from './etag'
import { toFetchHeaders } from './headers'
import { registerOriginCheck } from './origin-check'
import { databaseRateLimitStore, type WindowCounter } from './rate-limit-store'
import { registerTextGuard } from './text-guard'

export interface HttpDeps {
  auth: Auth
  /** Account self-service and the per-email/per-user limits beside the per-address one (ADR 020). */
  account: {
    repo: AuthRepository
    limiter: AttemptLimiter
    deletion: AccountDeletionService
    onEmailChanged: (args: { userId: string; oldEmail: string; newEmail: string }) => Promise<void>
  }
  profiles: ProfileService
  tiktokAccounts: TiktokAccountsService
  sandboxCreators: SandboxCreatorsService
  media: MediaService
  uploads: UploadStore
  posts: PostsService
  /** The calendar's kept answers (ADR 053), dropped by the database's announcements of post writes. */
  postAnswers: AnswerCache
  /** Created videos (the studio) and their rendered files. */
  videos: VideosService
  /** Slideshows (issue 29): photo carousels rendered to JPEG photo sets, and their MP4 export. */
  slideshows: SlideshowsService
  /** Hooks saved from the studio's text overlays. */
  savedHooks: SavedHooksService
  /** The Create form's draft, kept as the person types (issue 30). */
  videoDrafts: VideoDraftsService
  library: LibraryService
  ai: AiService
  images: ImagesService
  /** This process's AI call slots (ADR 059): the AI routes run each call in its turn. */
  aiCalls: FairSlots
  automation: AutomationService
  /** Posting slots per account and "Add to queue" (issue 21 item 2). */
  postingQueue: QueueService
  /** Best time to post (GET /api/analytics/best-times). */
  bestTimes: BestTimesService
  /** The Analytics tab's reads (issue 19). */
  analytics: AnalyticsService
  /** The stats sync's state and "Refresh stats" (issue 19). */
  statsSync: StatsSyncService
  /** The bell's notices and their preferences (ADR 034). */
  notifications: NotificationsService
  /** Plans, the trial and billing (ADR 036). */
  plans: PlansService
  /** Live events for the SSE stream (GET /api/events). */
  events: EventBus
  /** Ends a stream when the session it was opened with ends (modules/auth's session watch). */
  sessions: StreamSessions
  mailRepo: MailRepository
  health: {
    databaseKind: 'pglite' | 'postgres'
    pingDatabase: () => Promise<boolean>
    pingQueue: () => Promise<boolean>
    queueNames: readonly string[]
  }
  appInfo: AppInfo
  devOutbox: boolean
  authRateLimitMax: number
  /** Where the rate limits count, shared by every API process (http/rate-limit-store.ts, ADR 061), and by what clock. */
  rateLimits: { counter: WindowCounter; clock: () => Date }
  /** Which X-Forwarded-For hops request.ip may come from: never the client's own entry (ADR 020). */
  trustProxy: TrustProxy
  publicUrl: string
  /** Origins avatars come from besides ours (TikTok's CDN, or the sandbox while it stands in for TikTok). */
  imageOrigins?: string[]
  /**
   * Where stored videos and images are fetched from besides ours: the bucket's origin when file routes answer with a
   * redirect to a presigned URL (S3); none on local storage, where the app sends the bytes.
   */
  storageOrigins?: string[]
  /** The images TikTok pulls for photo posts (GET /api/public/photos/…, signed links, no session; issue 29). */
  publicPhotos?: PublicPhotoDeps
  /** Folder of the built web app; when absent the API runs alone (e.g. `api` entrypoint behind a CDN, or tests). */
  webDistDir?: string | undefined
  logger?: FastifyServerOptions['logger']
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url))
/** JSON bodies are small; file uploads go through their own resumable endpoint, not this limit. */
const JSON_BODY_LIMIT = 64 * 1024

export async function buildHttpApp(deps: HttpDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.trustProxy),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(deps.imageOrigins ?? []), ...(deps.storageOrigins ?? [])],
        mediaSrc: ["'self'", 'blob:', ...(deps.storageOrigins ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: deps.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    // The reference docs page loads its own assets; everything else is same-origin.
    crossOriginEmbedderPolicy: false,
  })
  // Before any route: the plugin attaches itself to each route as it is added (ADR 025).
  await registerCompression(app)
  await app.register(cookie)
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.rateLimits.counter, deps.rateLimits.clock),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.tooManyRequests),
  })
  // Before any route (ADR 021): cross-site writes are refused before anything else runs; text with NUL or bidi
  // controls is refused before any schema or handler sees it.
  registerOriginCheck(app, deps.publicUrl)
  registerTextGuard(app)

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hookpost API',
        version: '1.0.0',
        description:
          'The HTTP API behind the Hookpost web app. Authentication is a session cookie set by /api/auth/sign-in. ' +
          'Errors always have the shape { code, message, details? }.',
      },
      servers: [{ url: deps.publicUrl }],
      tags: [
        { name: 'auth', description: 'Accounts and sessions' },
        { name: 'profile', description: "The signed-in user's profile" },
        { name: 'account', description: 'Change password or email, confirm the email, delete the account' },
        { name: 'tiktok', description: 'Connected TikTok accounts and the TikTok sandbox' },
        { name: 'media', description: 'Resumable video uploads (tus) and validated videos' },
        { name: 'posts', description: 'Scheduled posts, their publishing status and live updates' },
        { name: 'videos', description: 'Created videos: text overlays, hook + demo, rendering and the rendered files' },
        {
          name: 'slideshows',
          description: 'Slideshows: photo posts rendered to JPEG photo sets, and their MP4 export',
        },
        { name: 'saved-hooks', description: 'Hooks saved from text overlays, to apply to other videos' },
        { name: 'library', description: 'Stock clips and your rendered videos, to use as sources' },
        { name: 'ai', description: 'Hook suggestions, content ideas and images (offline generator or your model)' },
        { name: 'images', description: 'Your images, the gallery, and Transform to Video' },
        { name: 'automation', description: 'Settings, Run Now and the history of the planner that posts for you' },
        { name: 'queue', description: 'Posting slots per account, Add to queue, reorder and pause' },
        {
          name: 'analytics',
          description: 'Views, growth, top posts, the hook leaderboard, best times to post and the CSV export',
        },
        { name: 'notifications', description: 'Notices about failed posts, accounts to reconnect and daily digests' },
        { name: 'billing', description: 'Your plan or free trial, its limits, choosing a plan, and payment webhooks' },
        { name: 'meta', description: 'Health and public facts' },
      ],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hookpost.session_token' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI sets inline style attributes as it renders; scripts stay same-origin only.
    staticCSP: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'frame-ancestors': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
    },
  })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ...deps.health, appInfo: deps.appInfo })
      await api.register(authRoutes, {
        prefix: '/auth',
        auth: deps.auth,
        toHeaders: toFetchHeaders,
        rateLimitMax: deps.authRateLimitMax,
        limiter: deps.account.limiter,
        repo: deps.account.repo,
        onEmailChanged: deps.account.onEmailChanged,
      })
      await api.register(sandboxCreatorRoutes, { prefix: '/tiktok', creators: deps.sandboxCreators })
      // TikTok's servers fetch these with no session: the link's signature is the authorisation.
      if (deps.publicPhotos) await api.register(publicPhotoRoutes, { prefix: '/public/photos', ...deps.publicPhotos })
      // Signed by the payment provider, not a session (ADR 036).
      await api.register(billingWebhookRoutes, { prefix: '/billing', plans: deps.plans })
      // Everything below needs a signed-in user; each module scopes its queries by request.user.id. The session is
      // checked on request, before the body is read or validated: no session gets 401, whatever was sent.
      await api.register(async (authed) => {
        authed.addHook('onRequest', sessionGuard(deps.auth, toFetchHeaders))
        registerJsonEtags(authed)
        await authed.register(profileRoutes, { profiles: deps.profiles })
        await authed.register(accountRoutes, {
          prefix: '/account',
          auth: deps.auth,
          authRepo: deps.account.repo,
          limiter: deps.account.limiter,
          deletion: deps.account.deletion,
          toHeaders: toFetchHeaders,
          rateLimitMax: deps.authRateLimitMax,
        })
        await authed.register(tiktokAccountRoutes, { prefix: '/tiktok', accounts: deps.tiktokAccounts })
        await authed.register(mediaRoutes, { media: deps.media })
        await authed.register(uploadRoutes, {
          prefix: '/uploads',
          uploads: deps.uploads,
          publicUrl: deps.publicUrl,
          storageRoom: async (ownerId, bytes) => (await deps.plans.storageRefusal(ownerId, bytes))?.message ?? null,
        })
        await authed.register(postRoutes, { prefix: '/posts', posts: deps.posts, answers: deps.postAnswers })
        await authed.register(videoRoutes, { prefix: '/videos', videos: deps.videos })
        await authed.register(slideshowRoutes, { prefix: '/slideshows', slideshows: deps.slideshows })
        await authed.register(savedHookRoutes, { prefix: '/saved-hooks', savedHooks: deps.savedHooks })
        await authed.register(videoDraftRoutes, { prefix: '/video-draft', videoDrafts: deps.videoDrafts })
        await authed.register(libraryRoutes, { prefix: '/library', library: deps.library })
        await authed.register(aiRoutes, { ai: deps.ai, images: deps.images, calls: deps.aiCalls })
        await authed.register(imageRoutes, { images: deps.images })
        await authed.register(automationRoutes, { prefix: '/automation', automation: deps.automation })
        await authed.register(queueRoutes, { prefix: '/queue', queue: deps.postingQueue })
        await authed.register(bestTimesRoutes, { prefix: '/analytics', bestTimes: deps.bestTimes })
        await authed.register(analyticsRoutes, { prefix: '/analytics', analytics: deps.analytics })
        await authed.register(statsSyncRoutes, { prefix: '/analytics', statsSync: deps.statsSync })
        await authed.register(billingRoutes, { prefix: '/billing', plans: deps.plans })
        await authed.register(notificationRoutes, { prefix: '/notifications', notifications: deps.notifications })
        await authed.register(liveEventRoutes, { events: deps.events, sessions: deps.sessions })
      })
    },
    { prefix: '/api' },
  )

  if (deps.devOutbox) await app.register(devOutboxRoutes, { repo: deps.mailRepo })

  const webDist = deps.webDistDir
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'))
  const prerenderedPage = hasWeb && webDist ? prerenderedPages(webDist) : () => null
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts); the one the browser accepts is sent
      // as it is, with Vary: Accept-Encoding, instead of being compressed again on every request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: cache forever. index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable')
        else res.header('cache-control', 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/') || url.startsWith('/assets/')
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Pages only on PUBLIC_URL's host, where the session cookie lives (ADR 021).
      const canonical = canonicalPageUrl(request.host, url, deps.publicUrl)
      if (canonical) return reply.header('cache-control', 'no-store').redirect(canonical, 307)
      // A marketing page goes out as the HTML the build rendered, with no React (ADR 056); the SPA owns every other
      // path (its router sends unknown ones to /). Both precompressed and revalidated every time, as index.html was.
      return reply.header('cache-control', 'no-cache').sendFile(prerenderedPage(url) ?? 'index.html')
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: MESSAGES.notFound })
  })

  return app
}
