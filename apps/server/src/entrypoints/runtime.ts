import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { buildHttpApp, DEFAULT_WEB_DIST } from '../http/app'
import { createSmtpTransport, outboxTransport } from '../integrations/mail'
import { startQueue, type QueueRuntime } from '../lib/job-queue'
import { createAuth, RESET_TOKEN_TTL_SECONDS, type Auth } from '../modules/auth'
import { createMailRepository, createMailService, mailJobHandlers, passwordResetMail } from '../modules/mail'
import { createProfileRepository, createProfileService } from '../modules/profile'
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

export type RuntimeMode = 'all' | 'api' | 'worker'

export interface Runtime {
  config: Config
  database: DatabaseHandle
  queue: QueueRuntime
  auth: Auth
  tiktokAccounts: TiktokAccountsService
  http?: FastifyInstance
  stop(): Promise<void>
}

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string, err?: unknown) => void }

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
export async function createRuntime(options: {
  mode: RuntimeMode
  config?: Config
  log?: Log
  httpLogger?: boolean
}): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const log = options.log ?? consoleLog
  if (options.mode !== 'all' && config.database.kind === 'pglite') {
    throw new Error(
      `The "${options.mode}" entrypoint runs beside other processes, but the embedded database (PGlite) allows one process only.\n` +
        'Set DATABASE_URL to a PostgreSQL server, or use `npm start`, which runs API and worker in one process.',
    )
  }

  const database = await openDatabase(config.database)
  let queue: QueueRuntime | undefined
  try {
    await database.migrate()
    queue = await startQueue(
      database.kind === 'pglite'
        ? { kind: 'pglite', pglite: database.pglite! }
        : { kind: 'postgres', url: database.url! },
      { onError: (err) => log.error('[queue] error', err), supervise: options.mode !== 'api' },
    )
    const q = queue
    const clock = () => new Date()
    const mailRepo = createMailRepository(database.db)
    const mail = createMailService({
      repo: mailRepo,
      queue: q,
      transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : outboxTransport,
      clock,
    })
    const profiles = createProfileService({ repo: createProfileRepository(database.db), clock })
    const auth = createAuth({
      db: database.db,
      publicUrl: config.publicUrl,
      secret: config.authSecret,
      onUserCreated: (userId) => profiles.createForNewUser(userId),
      onPasswordResetRequested: async ({ userId, email, link }) => {
        await mail.send({ userId, to: email, ...passwordResetMail(link, RESET_TOKEN_TTL_SECONDS / 60) })
      },
      logger: log,
    })

    const tiktok = config.tiktok
    const tiktokAccounts = createTiktokAccountsService({
      repo: createTiktokAccountRepository(database.db),
      client: createTiktokClient({
        apiBase: tiktok.apiBase,
        authBase: tiktok.authBase,
        clientKey: tiktok.clientKey,
        clientSecret: tiktok.clientSecret,
        redirectUri: tiktok.redirectUri,
      }),
      box: createSecretBox(config.encryptionKey),
      clock,
      sandbox: tiktok.sandbox,
      log,
    })
    const sandboxCreators = createSandboxCreatorsService(
      tiktok.sandboxUrl ? createSandboxAdmin({ baseUrl: tiktok.sandboxUrl, adminKey: tiktok.clientSecret }) : undefined,
    )

    if (options.mode !== 'api') {
      await q.work({ ...mailJobHandlers(mail), ...tiktokJobHandlers(tiktokAccounts) }, (msg, err) =>
        log.error(`[worker] ${msg}`, err),
      )
    }

    let http: FastifyInstance | undefined
    if (options.mode !== 'worker') {
      http = await buildHttpApp({
        auth,
        profiles,
        tiktokAccounts,
        sandboxCreators,
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
        },
        devOutbox: config.mail.devOutbox,
        authRateLimitMax: config.authRateLimitMax,
        trustProxy: config.trustProxy,
        publicUrl: config.publicUrl,
        imageOrigins: tiktok.sandboxUrl ? [new URL(tiktok.sandboxUrl).origin] : TIKTOK_IMAGE_ORIGINS,
        webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST,
        logger: options.httpLogger === false ? false : { level: config.logLevel },
      })
    }

    let stopped = false
    return {
      config,
      database,
      queue: q,
      auth,
      tiktokAccounts,
      ...(http ? { http } : {}),
      async stop() {
        if (stopped) return
        stopped = true
        await http?.close()
        await q.stop()
        await database.close()
      },
    }
  } catch (err) {
    await queue?.stop().catch(() => undefined)
    await database.close().catch(() => undefined)
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
