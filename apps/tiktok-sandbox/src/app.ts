import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { acquireDataDirLock } from '@hookpost/data-dir-lock'
import { failInterruptedPulls } from './domain/publishing'
import { seedConfiguredUrlProperties } from './domain/url-properties'
import { seedConfiguredWebhooks, WebhookDispatcher } from './domain/webhooks'
import { ApiError } from './http/errors'
import { sendApiError } from './http/envelope'
import { parseForm } from './http/form'
import { errorPage } from './routes/authorize'
import { adminRoutes } from './routes/admin'
import { apiRoutes } from './routes/api'
import { oauthRoutes } from './routes/oauth'
import { pageRoutes } from './routes/pages'
import { uploadRoutes } from './routes/upload'
import { resolveConfig, type ResolvedConfig, type SandboxOptions } from './options'
import { Sandbox } from './sandbox'
import { StateStore } from './state/store'

const sandboxes = new WeakMap<FastifyInstance, Sandbox>()

/** The Sandbox behind an app built by buildSandboxApp (for startSandbox and tests). */
export function sandboxOf(app: FastifyInstance): Sandbox {
  const sandbox = sandboxes.get(app)
  if (!sandbox) throw new Error('not a TikTok sandbox app')
  return sandbox
}

/** Used when neither `publicUrl` nor a bound address is known (app.inject in tests). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3001'

/** The sandbox's lock file in its data folder (the server's PGlite folder has its own, `hookpost.lock`). */
export const LOCK_FILE = 'tiktok-sandbox.lock'

/**
 * One sandbox process per data folder (ADR 019): a second one would load the same state.json and the two would
 * overwrite each other's writes. Taken before the state is read, so a refused sandbox has touched nothing.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  return acquireDataDirLock(dataDir, {
    fileName: LOCK_FILE,
    refusal: (dir, pid) =>
      `The data folder ${dir} is already in use by another TikTok sandbox process (pid ${pid}).\n` +
      "Two sandboxes on one folder would overwrite each other's state.\n" +
      'Stop the other one (is another `npm start` running with this DATA_DIR?), or set DATA_DIR to another folder.',
  })
}

export async function buildSandboxApp(options: SandboxOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options)
  const temporary = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tiktok-sandbox-')))
  const lock = lockDataDir(dataDir)
  try {
    return await buildOnLockedDir(options, config, dataDir, temporary, lock)
  } catch (error) {
    lock.release()
    throw error
  }
}

async function buildOnLockedDir(
  options: SandboxOptions,
  config: ResolvedConfig,
  dataDir: string,
  temporary: boolean,
  lock: { release: () => void },
): Promise<FastifyInstance> {
  const store = await StateStore.open(dataDir)
  const filesDir = path.join(dataDir, 'files')
  await mkdir(filesDir, { recursive: true })
  const sandbox = new Sandbox(config, store, filesDir, options.publicUrl ?? DEFAULT_PUBLIC_URL)
  failInterruptedPulls(sandbox)
  seedConfiguredUrlProperties(sandbox)
  seedConfiguredWebhooks(sandbox)
  sandbox.webhooks = new WebhookDispatcher(sandbox)
  sandbox.webhooks.start()

  const app = Fastify({ logger: config.logger, bodyLimit: 1024 * 1024 })
  sandboxes.set(app, sandbox)

  // Form bodies (OAuth, authorize page): parsed with URLSearchParams; `; charset=…` is accepted (tiktok-api.md §1.4).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)))
  })
  // JSON with an empty body counts as {} (creator_info is sent without a body, tiktok-api.md §3.1).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim()
    if (text === '') return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch {
      done(new ApiError(400, 'invalid_params', 'The request body is not valid JSON'), undefined)
    }
  })

  await app.register(oauthRoutes, { sandbox })
  await app.register(apiRoutes, { sandbox })
  await app.register(uploadRoutes, { sandbox })
  await app.register(adminRoutes, { sandbox })
  await app.register(pageRoutes, { sandbox })

  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    if (url.startsWith('/v2/') || url.startsWith('/upload')) {
      return sendApiError(reply, sandbox, 404, 'not_found', `No such endpoint: ${request.method} ${url.split('?')[0]}`)
    }
    if (url.startsWith('/sandbox/admin/')) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'No such admin endpoint' } })
    }
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(errorPage('Page not found', 'There is nothing at this address in the TikTok Sandbox.'))
  })

  app.addHook('onClose', async () => {
    for (const controller of sandbox.pulls.values()) controller.abort()
    await sandbox.webhooks.stop()
    try {
      await store.save()
      await store.flush()
    } finally {
      lock.release()
    }
    if (temporary) await rm(dataDir, { recursive: true, force: true })
  })

  return app
}
