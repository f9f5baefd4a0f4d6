import type { FastifyInstance } from 'fastify'
import { buildHttpApp, DEFAULT_WEB_DIST } from '../http/app'
import { TIKTOK_IMAGE_ORIGINS } from '../integrations/tiktok'
import { createAnswerCache, type AnswerCache } from '../lib/answer-cache'
import {
  createPglitePostsFeed,
  createPgliteSessionFeed,
  type PostsChangedFeed,
  type SessionEndFeed,
} from '../lib/events'
import { createAttemptsRepository, createSessionsRepository, createSessionWatch } from '../modules/auth'
import { emailChangedMail } from '../modules/mail'
import { storageOrigins } from '../modules/media'
import type { RuntimeBase, RuntimeOptions } from './runtime-options'
import type { Services } from './services'

/**
 * The API's part (modes `all` and `api`): the Fastify app over the services, and the session watch its event streams
 * end with. `feeds` are the PostgreSQL event bus's; without them (PGlite) they are opened here on PGlite's own LISTEN.
 */
export async function startHttp(
  services: Services,
  base: RuntimeBase,
  options: Pick<RuntimeOptions, 'sessions' | 'httpLogger'>,
  feeds: { sessionsEnded: SessionEndFeed; postsChanged: PostsChangedFeed } | undefined,
): Promise<{ http: FastifyInstance; postAnswers: AnswerCache; stopSessions(): Promise<void> }> {
  const { config, database, queue: q, events: bus, mediaStorage, log } = base
  const { mail, aiProviders, auth, authRepo, attemptLimiter, accountDeletion, profiles, tiktokAccounts } = services
  const { sandboxCreators, media, uploads, posts, videos, savedHooks, library, ai, images, automation } = services
  const { postingQueue, bestTimes, analytics, statsSync, notifications, plans, mailRepo, publicPhotos } = services
  // Open event streams end with their session, whatever ends it (ADR 021): the database NOTIFYs deleted sessions
  // (over the event bus's LISTEN connection on PostgreSQL, PGlite's own listener here); expiry and a periodic
  // check cover the rest.
  const watch = createSessionWatch({
    findLive: createSessionsRepository(database.db).findLive,
    clock: options.sessions?.clock ?? (() => new Date()),
    log,
    ...(options.sessions?.checkIntervalMs ? { intervalMs: options.sessions.checkIntervalMs } : {}),
  })
  let feed: SessionEndFeed
  let postsChanged: PostsChangedFeed
  let stopPgliteFeeds: (() => Promise<void>) | undefined
  if (feeds) {
    feed = feeds.sessionsEnded
    postsChanged = feeds.postsChanged
  } else {
    const listen = (channel: string, callback: (payload: string) => void) => database.pglite!.listen(channel, callback)
    const sessionFeed = createPgliteSessionFeed(listen, log)
    const postsFeed = createPglitePostsFeed(listen, log)
    await Promise.all([sessionFeed.ready, postsFeed.ready])
    feed = sessionFeed
    postsChanged = postsFeed.feed
    stopPgliteFeeds = async () => {
      await sessionFeed.close()
      await postsFeed.close()
    }
  }
  const unsubscribe = feed.subscribe((userId) => watch.nudge(userId))
  // The calendar's answers, kept until the database announces a write to them (ADR 053).
  const postAnswers = createAnswerCache(postsChanged)
  const tiktok = config.tiktok
  const http = await buildHttpApp({
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
    postAnswers,
    videos,
    slideshows: services.slideshows,
    savedHooks,
    videoDrafts: services.videoDrafts,
    library,
    ai,
    images,
    aiCalls: services.aiCalls,
    automation,
    postingQueue,
    publicPhotos,
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
    rateLimits: { counter: createAttemptsRepository(database.db), clock: base.clock },
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    imageOrigins: tiktok.sandboxUrl ? [new URL(tiktok.sandboxUrl).origin] : TIKTOK_IMAGE_ORIGINS,
    storageOrigins: await storageOrigins(mediaStorage),
    webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST,
    logger: options.httpLogger === false ? false : { level: config.logLevel },
  })
  return {
    http,
    postAnswers,
    async stopSessions() {
      watch.stop()
      unsubscribe()
      postAnswers.close()
      await stopPgliteFeeds?.()
    },
  }
}
