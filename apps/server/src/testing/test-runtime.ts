import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig, type Config } from '../config'
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client'
import { createRuntime, type Runtime, type RuntimeOptions } from '../entrypoints/runtime'

/**
 * A whole server (API + worker) on a fresh database for one test file: PGlite in a temp folder by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). Tests talk to it with
 * `runtime.http.inject`, exactly as a browser would over HTTP.
 */
export interface TestServer {
  runtime: Runtime
  config: Config
  kind: 'pglite' | 'postgres'
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
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl && !env.DATABASE_URL)
    cpSync(await migratedPgliteTemplate(), path.join(dataDir, 'pgdata'), { recursive: true })
  let databaseUrl: string | undefined
  let dbName: string | undefined
  if (adminUrl) {
    dbName = `hookpost_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3999',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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
  const server: TestServer = {
    runtime: await start(),
    config,
    kind: config.database.kind,
    async restart() {
      await server.runtime.stop()
      server.runtime = await start()
    },
    async close() {
      await server.runtime.stop()
      rmSync(dataDir, { recursive: true, force: true })
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl })
        await admin.connect()
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
        await admin.end()
      }
    },
  }
  return server
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
