import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { MESSAGES } from '@hookpost/shared'
import type { Config } from '../../config'
import { openDatabase } from '../../db/client'
import { post } from '../../db/schema'
import { createRuntime } from '../../entrypoints/runtime'
import type { PublishingSettings } from './post-state-machine'
import { listenAtPublicUrl, storeSlideshow } from './testing/photo-fixtures'
import { TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/publishing-int-context'
import { inSeconds, sandboxVideos } from './testing/publishing-test-kit'

/**
 * A real crash in the middle of a photo post (issue 29): the server runs as its own process (`npm start`), TikTok (the
 * sandbox) accepts its content/init, and the process is killed with SIGKILL before the answer — the publish_id —
 * reaches it: the mark was written, the publish_id never was. Started again, the post must never be sent twice: it
 * ends `unconfirmed` with the message that tells the person to check TikTok, and TikTok holds exactly one publish.
 */
const SETTINGS: Partial<PublishingSettings> = { ...TEST_PUBLISHING_SETTINGS, leaseMs: 1_000 }
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..')
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const PUBLIC = 'http://localhost:3999'

const { world, person, until } = usePostsServer(SETTINGS, { allowedPullPrefixes: [`${PUBLIC}/`], pullTimeoutMs: 3_000 })
let publicHttp: Server

beforeAll(async () => {
  publicHttp = await listenAtPublicUrl(world)
}, 300_000)
afterAll(async () => {
  await new Promise((resolve) => publicHttp?.close(resolve))
})

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/**
 * Stands between the server process and the sandbox: forwards every request, but of content/init it forwards the
 * request and keeps the answer to itself, so TikTok has the post and the server never learns its publish_id.
 */
async function swallowingProxy(target: string) {
  let initAccepted: () => void = () => undefined
  const accepted = new Promise<void>((resolve) => (initAccepted = resolve))
  const proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
      void fetch(`${target}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
      })
        .then(async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer())
          if ((req.url ?? '').startsWith('/v2/post/publish/content/init/') && answer.status === 200) {
            initAccepted()
            return // never answered: the process is killed while it waits
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          res.end(body)
        })
        .catch(() => res.writeHead(502).end())
    })
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  const { port } = proxy.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, accepted, close: () => proxy.close() }
}

async function serverProcess(config: Config, apiBase: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/entrypoints/start.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      PUBLIC_URL: config.publicUrl,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(config.dataDir, 'no-web'),
      ...world.sandbox.env,
      TIKTOK_API_BASE: apiBase,
      ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

describe('the server process killed (SIGKILL) after TikTok accepted a photo post, before its publish_id was stored', () => {
  it('is started again: the post ends unconfirmed and TikTok holds it exactly once', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const p = await world.server.runtime.posts.scheduleAt(me.userId, {
      accountId: me.accountId,
      format: 'photo',
      slideshowId: show.slideshowId,
      title: 'Crash test',
      description: '',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
      timeZone: 'UTC',
      scheduledAt: inSeconds(3600),
    })
    const { config } = world.server
    await world.server.runtime.stop()
    // Due a minute ago with its job gone: the new process's first sweep sends it.
    const database = await openDatabase(config.database)
    try {
      await database.db
        .update(post)
        .set({ scheduledAt: new Date(Date.now() - 60_000) })
        .where(eq(post.id, p.id))
      await database.db.execute(sql`delete from pgboss.job where name = 'post.publish' and singleton_key = ${p.id}`)
    } finally {
      await database.close()
    }

    const proxy = await swallowingProxy(world.sandbox.url)
    const server = await serverProcess(config, proxy.url)
    try {
      await Promise.race([
        proxy.accepted,
        once(server.child, 'exit').then(() => {
          throw new Error(`the server process exited:\n${server.output()}`)
        }),
      ])
      server.child.kill('SIGKILL')
      await once(server.child, 'exit')
      expect(server.child.signalCode).toBe('SIGKILL')
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)

      if (config.database.kind === 'postgres') await new Promise((r) => setTimeout(r, SETTINGS.leaseMs! + 200))
      world.server.runtime = await createRuntime({
        mode: 'all',
        config,
        log: silent,
        httpLogger: false,
        posts: SETTINGS,
        prepareStock: false,
      })
      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 60_000)
      expect(done).toMatchObject({ state: 'unconfirmed', errorMessage: MESSAGES.initUnconfirmed, publishId: null })
      // The sweep never sends it again: TikTok still holds the one publish it accepted.
      await world.server.runtime.publishing.sweep({})
      expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
      proxy.close()
    }
  }, 180_000)
})
