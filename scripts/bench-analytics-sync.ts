/**
 * The sync half of `npm run bench:analytics` (issue 19): 200 connected sandbox accounts × 100 published posts each,
 * synced by a whole Hookpost runtime (API + worker) against the TikTok sandbox over HTTP — on PGlite, then on
 * PostgreSQL when `--pg <url>` or TEST_DATABASE_URL names a server (a fresh database is created there and dropped).
 *
 *   node --import tsx scripts/bench-analytics.ts --part sync [--accounts 200] [--posts 100] [--pg postgres://…]
 *     [--pg-only] [--smoke]   (`--smoke`: 12 accounts × 5 posts)
 *
 * Setup is as fast as is honest: the creators are connected through the real connect flow (authorize page, token
 * exchange); their published videos are written into the sandbox's persisted state (state.json, as if the sandbox
 * had been running while they were posted) and into Hookpost's `post` table as published posts. Then the real sync
 * runs: one sweep (the job the worker runs every minute) queues every account, the workers read TikTok.
 *
 * Prints accounts and posts synced, TikTok API calls by endpoint (counted on the wire: every request the server's
 * TikTok client sent), wall time, the most calls one token made to one endpoint in any 60 s window against TikTok's
 * limit, and the 429s received (must be 0).
 */
import { signUpWithCreators } from './lib/bench-accounts'
import { reportFigure } from './lib/bench-report'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, isNotNull, sql } from 'drizzle-orm'
import { freshPostgres } from './lib/bench-database'
import { loadConfig } from '../apps/server/src/config'
import { accountStatsSync, post, postStats, postStatsSnapshot } from '../apps/server/src/db/schema'
import { createRuntime, type Runtime } from '../apps/server/src/entrypoints/runtime'
import { TIKTOK_RATE_LIMITS } from '../apps/server/src/integrations/tiktok'
import { sandboxSession, startSandboxProcess } from '../apps/server/src/integrations/tiktok/testing/sandbox-session'

const PUBLIC_URL = 'http://localhost:3999'
const CLIENT_KEY = 'hookpost-sandbox'
const DAY_MS = 86_400_000
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000)

const ENDPOINTS: Record<string, keyof typeof TIKTOK_RATE_LIMITS> = {
  '/v2/user/info/': 'user_info',
  '/v2/video/query/': 'video_query',
  '/v2/video/list/': 'video_list',
}

interface Call {
  path: string
  token: string
  at: number
  status: number
}

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(`--${name}`)
  return index >= 0 ? argv[index + 1] : undefined
}

function positive(argv: string[], name: string, fallback: number): number {
  const raw = option(argv, name)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`)
  return value
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const thousands = (n: number) => n.toLocaleString('en-GB')

/** Every request the process sends with fetch (the server's TikTok client among them), with its answer's status. */
function recordCalls(): { calls: Call[]; restore: () => void } {
  const calls: Call[] = []
  const original = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init)
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const auth = new Headers(init?.headers).get('authorization') ?? ''
    calls.push({ path: url.pathname, token: auth.replace(/^Bearer /, ''), at: Date.now(), status: response.status })
    return response
  }
  return { calls, restore: () => void (globalThis.fetch = original) }
}

/** The most requests in any 60 s window, per endpoint, over all tokens (each token counted on its own). */
function maxPerTokenPerMinute(calls: Call[]): Map<string, number> {
  const byKey = new Map<string, number[]>()
  for (const call of calls) {
    const key = `${call.path} ${call.token}`
    byKey.set(key, [...(byKey.get(key) ?? []), call.at])
  }
  const result = new Map<string, number>()
  for (const [key, times] of byKey) {
    const endpoint = key.split(' ')[0]!
    times.sort((a, b) => a - b)
    let start = 0
    let best = 0
    for (let end = 0; end < times.length; end++) {
      while (times[end]! - times[start]! >= 60_000) start++
      best = Math.max(best, end - start + 1)
    }
    result.set(endpoint, Math.max(result.get(endpoint) ?? 0, best))
  }
  return result
}

async function freshDatabase(adminUrl: string) {
  const name = `hookpost_bench_sync_${process.pid}`
  return freshPostgres(adminUrl, name)
}

/** A published, public direct post as the sandbox stores it (apps/tiktok-sandbox/src/state/schema.ts). */
function sandboxPublish(input: { openId: string; grantId: string; postId: string; publicAt: number; title: string }) {
  const publishId = `v_pub_file~v2-1.${randomBytes(9).toString('hex')}`
  return {
    publishId,
    mode: 'direct',
    clientKey: CLIENT_KEY,
    openId: input.openId,
    grantId: input.grantId,
    source: 'FILE_UPLOAD',
    postInfo: {
      title: input.title,
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      disableDuet: false,
      disableStitch: false,
      disableComment: false,
      videoCoverTimestampMs: null,
      brandContentToggle: false,
      brandOrganicToggle: false,
      isAigc: false,
    },
    createdAt: input.publicAt - 10_000,
    postId: input.postId,
    fileName: `${input.postId}.mp4`,
    mimeType: 'video/mp4',
    videoSize: 1_000_000,
    chunkSize: 1_000_000,
    totalChunkCount: 1,
    uploadId: null,
    uploadToken: null,
    uploadExpiresAt: null,
    receivedBytes: 1_000_000,
    videoUrl: null,
    pullState: null,
    failReason: null,
    mediaReadyAt: input.publicAt - 5_000,
    processedAt: input.publicAt - 2_000,
    publicAt: input.publicAt,
    failedAt: null,
    stuck: false,
    probe: { durationSec: 12, width: 1080, height: 1920, fps: 30 },
  }
}

async function runOnce(kind: 'pglite' | 'postgres', accountsWanted: number, postsEach: number, adminUrl?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-sync-'))
  const secret = randomBytes(16).toString('hex')
  const sandboxDir = path.join(dir, 'sandbox')
  const sandboxOptions = {
    clients: [{ clientKey: CLIENT_KEY, clientSecret: secret, redirectUris: [`${PUBLIC_URL}/auth/tiktok/callback`] }],
    dataDir: sandboxDir,
  }
  // TikTok runs elsewhere: the sandbox gets its own process, so its work is not counted against Hookpost's.
  let sandbox: Awaited<ReturnType<typeof startSandboxProcess>> | undefined = await startSandboxProcess(sandboxOptions)
  const port = Number(new URL(sandbox.url).port)
  const session = sandboxSession(sandbox.url, secret)
  const database = kind === 'postgres' ? await freshDatabase(adminUrl!) : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '100000',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    TIKTOK_SANDBOX_URL: sandbox.url,
    TIKTOK_SANDBOX_CLIENT_SECRET: secret,
    ...(database ? { DATABASE_URL: database.url } : {}),
  })
  const errors: string[] = []
  const log = {
    info: () => undefined,
    warn: (m: string) => void errors.push(m),
    error: (m: string) => void errors.push(m),
  }
  const recorder = recordCalls()
  let runtime: Runtime | undefined
  try {
    runtime = await createRuntime({ mode: 'all', config, log, httpLogger: false })
    const http = runtime.http!
    const db = runtime.database.db
    console.log(
      `\nbench:analytics sync — ${accountsWanted} accounts × ${postsEach} posts · database ${runtime.database.kind}`,
    )

    // One person with the accounts connected the way the browser connects them.
    let started = performance.now()
    const { accounts } = await signUpWithCreators(http, session, accountsWanted)
    const connectedIn = performance.now() - started

    // The published videos: into the sandbox's state while it is stopped (it loads state.json when it starts again
    // on the same folder and port), and into Hookpost as published posts. Ages spread over 60 days.
    started = performance.now()
    await sandbox.close()
    sandbox = undefined
    const stateFile = path.join(sandboxDir, 'state.json')
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      grants: Record<string, { id: string; openId: string; revokedAt: number | null }>
      publishes: Record<string, unknown>
    }
    const grantOf = new Map(
      Object.values(state.grants)
        .filter((g) => g.revokedAt === null)
        .map((g) => [g.openId, g.id]),
    )
    const now = Date.now()
    const rows: (typeof post.$inferInsert)[] = []
    let serial = 0
    for (const [a, { accountId, openId, userId }] of accounts.entries()) {
      for (let k = 0; k < postsEach; k++) {
        serial++
        const postId = `7${String(4e17 + serial).padStart(18, '0')}`
        const publicAt = now - 60_000 - Math.floor((k * 60 * DAY_MS) / postsEach) - a * 1_000
        const title = `Bench ${a}.${k}`
        const publish = sandboxPublish({ openId, grantId: grantOf.get(openId)!, postId, publicAt, title })
        state.publishes[publish.publishId] = publish
        rows.push({
          userId,
          accountId,
          title,
          privacyLevel: 'PUBLIC_TO_EVERYONE',
          disableComment: false,
          disableDuet: false,
          disableStitch: false,
          scheduledAt: new Date(publicAt - 60_000),
          timeZone: 'UTC',
          state: 'uploaded',
          publishId: publish.publishId,
          tiktokPostId: postId,
          attempts: 1,
          publishedAt: new Date(publicAt),
        })
      }
    }
    writeFileSync(stateFile, JSON.stringify(state))
    sandbox = await startSandboxProcess({ ...sandboxOptions, port })
    // From here on the worker's own minute sweep may start the sync before ours does: calls are counted from now and
    // the wall time from the first of them (or our sweep, whichever comes first).
    recorder.calls.length = 0
    const seededAt = new Date()
    for (let i = 0; i < rows.length; i += 1_000) await db.insert(post).values(rows.slice(i, i + 1_000))
    console.log(
      `setup           ${accountsWanted} creators connected in ${seconds(connectedIn)}; ` +
        `${thousands(rows.length)} published posts seeded in ${seconds(performance.now() - started)}`,
    )

    // The sync, as the worker's minute sweep starts it.
    const sweepAt = Date.now()
    started = performance.now()
    const sweep = await runtime.statsSync.sweep()
    let lastReport = performance.now()
    // Done when every post has a reading and no run holds an account (accounts read before the posts existed,
    // during the connect phase, do not count as done).
    for (;;) {
      const [read] = await db.select({ n: count() }).from(postStats).where(isNotNull(postStats.syncedAt))
      const [running] = await db
        .select({ n: count() })
        .from(accountStatsSync)
        .where(isNotNull(accountStatsSync.requestedAt))
      if ((read?.n ?? 0) >= rows.length && running?.n === 0) break
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not synced within ${seconds(TIMEOUT_MS)}`)
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now()
        console.log(`  +${seconds(performance.now() - started)} ${read?.n ?? 0} posts read`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const calls = recorder.calls.filter((c) => c.path.startsWith('/v2/'))
    const wall = performance.now() - started + Math.max(0, sweepAt - (calls[0]?.at ?? sweepAt))

    const [postsSynced] = await db.select({ n: count() }).from(postStats).where(isNotNull(postStats.syncedAt))
    const [scored] = await db.select({ n: count() }).from(postStats).where(isNotNull(postStats.relativeViews))
    const [snapshots] = await db.select({ n: count() }).from(postStatsSnapshot)
    const [statuses] = await db
      .select({
        ok: sql<number>`count(*) filter (where ${accountStatsSync.status} = 'ok' and ${accountStatsSync.syncedAt} >= ${seededAt.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      })
      .from(accountStatsSync)
    const byEndpoint = new Map<string, number>()
    for (const call of calls) byEndpoint.set(call.path, (byEndpoint.get(call.path) ?? 0) + 1)
    const perMinute = maxPerTokenPerMinute(calls)
    const tooMany = calls.filter((c) => c.status === 429).length
    const over = [...perMinute].filter(([p, n]) => ENDPOINTS[p] && n > TIKTOK_RATE_LIMITS[ENDPOINTS[p]])

    console.log(
      `queued          ${sweep.queued} account syncs by our sweep (the rest by the worker's minute sweep before it)`,
    )
    console.log(
      `synced          ${statuses?.ok ?? 0} accounts ok, ${thousands(postsSynced?.n ?? 0)} of ${thousands(rows.length)} ` +
        `posts (${thousands(snapshots?.n ?? 0)} snapshots, ${thousands(scored?.n ?? 0)} scored) in ${seconds(wall)}`,
    )
    console.log(
      `TikTok calls    ${[...byEndpoint].map(([p, n]) => `${p} ${thousands(n)}`).join(' · ')} · total ${thousands(calls.length)}` +
        ` (${(calls.length / (wall / 1000)).toFixed(0)}/s overall)`,
    )
    console.log(
      `per token/min   ${[...perMinute]
        .map(([p, n]) => `${p} max ${n} (TikTok's limit ${ENDPOINTS[p] ? TIKTOK_RATE_LIMITS[ENDPOINTS[p]] : '?'})`)
        .join(' · ')}`,
    )
    console.log(`429s received   ${tooMany}`)
    console.log(`errors logged   ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`)
    reportFigure('analytics.sync_s', wall / 1000)
    reportFigure('analytics.sync_429s', tooMany)
    const ok = tooMany === 0 && over.length === 0 && postsSynced?.n === rows.length && statuses?.ok === accountsWanted
    if (!ok) {
      process.exitCode = 1
      console.log('FAILED: not every post synced, or a rate limit was exceeded')
    }
  } finally {
    recorder.restore()
    await runtime?.stop()
    await sandbox?.close()
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function runSyncBench(argv: string[]): Promise<void> {
  const smoke = argv.includes('--smoke')
  const accounts = positive(argv, 'accounts', smoke ? 12 : 200)
  const posts = positive(argv, 'posts', smoke ? 5 : 100)
  const pgUrl = option(argv, 'pg') ?? process.env.TEST_DATABASE_URL
  if (!argv.includes('--pg-only')) await runOnce('pglite', accounts, posts)
  if (pgUrl) await runOnce('postgres', accounts, posts, pgUrl)
  else console.log('\n(PostgreSQL skipped: pass --pg <url> or set TEST_DATABASE_URL)')
}
