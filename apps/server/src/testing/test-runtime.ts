import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig, type Config } from '../config'
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client'
import { createRuntime, type Runtime, type RuntimeOptions } from '../entrypoints/runtime'
import { createMediaStorage, type OpenMediaStorage } from '../integrations/storage'
import { startS3Server, type TestS3Server } from './s3-server'
import { createScratchDatabase } from './scratch-database'

/**
 * A whole server (API + worker) on a fresh database for one test file: PGlite in a temp folder by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). Tests talk to it with
 * `runtime.http.inject`, exactly as a browser would over HTTP.
 *
 * Media storage is local (`DATA_DIR/media`) by default, or S3 when `STORAGE: 's3'` is passed or the run sets
 * TEST_STORAGE=s3 (`npm test`'s S3 tier): an s3rver for the file is started and the S3_* settings point at it, unless
 * the caller names its own bucket (S3_BUCKET).
 */
export interface TestServer {
  runtime: Runtime
  config: Config
  kind: 'pglite' | 'postgres'
  /** The server's media storage, opened beside it, for tests that look at what is stored (local or S3 alike). */
  storage: OpenMediaStorage
  /** The S3 server behind `storage` when it is S3 and this helper started it. */
  s3: TestS3Server | undefined
  /** Stops the whole server and starts a new one on the same data (as `npm start` after Ctrl-C would). */
  restart(): Promise<void>
  close(): Promise<void>
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

export async function startTestServer(
  env: Record<string, string> = {},
  /**
   * Runtime options: tuning, a moved clock… `prepareStock` (make the Library's stock clips at start) is off by
   * default: a few seconds of ffmpeg.
   */
  options: Omit<RuntimeOptions, 'mode' | 'config' | 'log' | 'httpLogger'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hookpost-int-'))
  copyStockCache(options.prepareStock, dataDir)
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl && !env.DATABASE_URL)
    cpSync(await migratedPgliteTemplate(), path.join(dataDir, 'pgdata'), { recursive: true })
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'hookpost_test') : undefined
  const databaseUrl = scratch?.url
  const storageKind = env.STORAGE ?? process.env.TEST_STORAGE ?? 'local'
  const s3 = storageKind === 's3' && !env.S3_BUCKET ? await startS3Server() : undefined
  const config = loadConfig({
    ...s3?.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3999',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    STORAGE: storageKind,
    ...env,
  })
  const start = () =>
    createRuntime({
      mode: 'all',
      config,
      log: silent,
      httpLogger: false,
      ...options,
      prepareStock: options.prepareStock ?? false,
    })
  const runtime = await start().catch(async (err: unknown) => {
    await s3?.stop()
    throw err
  })
  const server: TestServer = {
    runtime,
    config,
    kind: config.database.kind,
    storage: await createMediaStorage(config),
    s3,
    async restart() {
      await server.runtime.stop()
      server.runtime = await start()
    },
    async close() {
      await server.runtime.stop()
      server.storage.close()
      await s3?.stop()
      rmSync(dataDir, { recursive: true, force: true })
      await scratch?.drop()
    },
  }
  return server
}

/**
 * Another API process on the same database and data as `server` (PostgreSQL only: PGlite is one process's), as the
 * cluster of `npm start` runs several (ADR 053). The caller stops it.
 */
export function startApiProcess(server: TestServer): Promise<Runtime> {
  return createRuntime({ mode: 'api', config: server.config, log: silent, httpLogger: false, prepareStock: false })
}

/** `name=value` pairs from Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

/** Polls until `check` returns a value (the worker is asynchronous), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * A server that makes the Library's stock clips finds them already made when the run has a cache of them
 * (TEST_STOCK_CACHE, made once by `npm test` with scripts/stock-cache.ts), as a restarted server finds its own: making
 * thirteen clips costs about 50 s of ffmpeg, and five test files on three tiers wanted them. Without the cache (a
 * single file run by hand) the server makes them itself.
 */
function copyStockCache(prepareStock: boolean | undefined, dataDir: string) {
  const cache = process.env.TEST_STOCK_CACHE
  if (!prepareStock || !cache || !existsSync(cache)) return
  cpSync(cache, path.join(dataDir, 'stock'), { recursive: true, filter: (from) => !/[/\\]\.making-/.test(from) })
}

const TEMPLATES = path.join(tmpdir(), 'hookpost-pglite-templates')

/**
 * A PGlite data folder with every migration applied, made once per set of migrations and copied for each test server.
 * A new PGlite cluster costs an initdb (3 s on an idle 2-core machine, 15-25 s while the other test files run) plus
 * the migrations; a copy of a closed, migrated one costs a fraction of a second and starts as a reopen does. The
 * runtime still runs its migrations on the copy (finding nothing to do), so a stale template cannot hide a missing
 * one: the folder is named by a hash of the migration files and PGlite's version.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const hash = createHash('sha256')
  hash.update(pgliteVersion())
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file))
  }
  const template = path.join(TEMPLATES, hash.digest('hex').slice(0, 16))
  if (existsSync(template)) return template
  mkdirSync(TEMPLATES, { recursive: true })
  // Made aside and renamed into place: test files in other workers may be making it at the same moment, and a
  // rename is atomic (the loser's copy is dropped).
  const making = mkdtempSync(path.join(TEMPLATES, 'making-'))
  const database = await openDatabase({ kind: 'pglite', dir: making })
  try {
    await database.migrate()
  } finally {
    await database.close()
  }
  rmSync(path.join(making, 'hookpost.lock'), { force: true })
  try {
    renameSync(making, template)
  } catch (err) {
    rmSync(making, { recursive: true, force: true })
    if (!existsSync(template)) throw err
  }
  return template
}

function pgliteVersion(): string {
  // Its package.json is not exported: found from the resolved entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}
