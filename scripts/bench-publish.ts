/**
 * The publishing engine under a thundering herd: N posts (default 1000) due at the same minute across M sandbox
 * creators (default 200), published by a whole Hookpost runtime (API + worker, PGlite by default) against a TikTok
 * sandbox in its own process, with the sandbox's real per-token rate limits (6 inits and 30 status fetches a minute).
 *
 *   node --import tsx scripts/bench-publish.ts [--posts 1000] [--creators 200] [--faults] [--timeout-min 15]
 *     [--sandbox-port <port>] [--lead-s <seconds>] [--timeline <file.csv>] [--smoke]
 *
 * `--smoke`: 24 posts across 12 creators (two people of the agency), due a few seconds after scheduling rather than
 * at a whole minute; exits 1 on a duplicate, a post that did not go out, or an error logged.
 * `--faults`: from just before the due minute, the sandbox answers 20% of all API and upload requests with a 5xx.
 * `BENCH_DATABASE_URL=postgres://…/postgres`: run on a fresh PostgreSQL database created there (dropped afterwards).
 *
 * Prints lateness from the due time to TikTok receiving video/init (p50/p99/max, from the sandbox's own records),
 * to the claim, duplicates (a post published more than once: must be 0) and failures by state, and each post's
 * timeline — claim, init sent, init received by TikTok, init answered — as p50/p99/max per step, the slowest posts in
 * full and, with `--timeline`, every post in a CSV (scripts/lib/publish-timeline.ts says where each time comes from).
 */
import { signUpWithCreators } from './lib/bench-accounts'
import { reportFigure, SMOKE } from './lib/bench-report'
import { printTimeline, quantile, seconds, tapTiktokRequests, type PostTimeline } from './lib/publish-timeline'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { freshPostgres } from './lib/bench-database'
import { loadConfig } from '../apps/server/src/config'
import { mediaFile, post } from '../apps/server/src/db/schema'
import { createRuntime, type Runtime } from '../apps/server/src/entrypoints/runtime'
import {
  sandboxSession,
  startSandboxProcess,
  writeSparseMp4,
} from '../apps/server/src/integrations/tiktok/testing/sandbox-session'

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}

const POSTS = flag('posts', SMOKE ? 24 : 1000)
const CREATORS = flag('creators', SMOKE ? 12 : 200)
const FAULTS = process.argv.includes('--faults')
const TIMEOUT_MS = flag('timeout-min', 15) * 60_000
// Default: any free port; a fixed one keeps the sandbox inside a port range shared machines hand out.
const SANDBOX_PORT = process.argv.includes('--sandbox-port') ? flag('sandbox-port', 0) : undefined
// How far ahead of the due minute scheduling starts (default: enough for an idle machine); a loaded one needs more.
const LEAD_MS = process.argv.includes('--lead-s') ? flag('lead-s', 1) * 1000 : 20_000 + POSTS * 60
const TIMELINE_CSV = process.argv.includes('--timeline')
  ? process.argv[process.argv.indexOf('--timeline') + 1]
  : undefined
const PUBLIC_URL = 'http://localhost:3999'
const CLIENT_KEY = 'hookpost-sandbox'

async function freshDatabase(adminUrl: string | undefined) {
  if (!adminUrl) return undefined
  const name = `hookpost_bench_${process.pid}`
  return freshPostgres(adminUrl, name)
}

function makeVideo(filePath: string) {
  try {
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=30'],
      ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', filePath],
    ])
    return 'ffmpeg 360×640 1 s'
  } catch {
    return undefined
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-publish-'))
  const secret = randomBytes(16).toString('hex')
  const sandbox = await startSandboxProcess({
    clients: [{ clientKey: CLIENT_KEY, clientSecret: secret, redirectUris: [`${PUBLIC_URL}/auth/tiktok/callback`] }],
    processingMs: 1_000,
    moderationMs: 500,
    dataDir: path.join(dir, 'sandbox'),
    ...(SANDBOX_PORT ? { port: SANDBOX_PORT } : {}),
  })
  const session = sandboxSession(sandbox.url, secret)
  const database = await freshDatabase(process.env.BENCH_DATABASE_URL)
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
  const log = { info: () => undefined, warn: () => undefined, error: (msg: string) => void errors.push(msg) }
  let runtime: Runtime | undefined
  const wire = tapTiktokRequests()
  try {
    runtime = await createRuntime({ mode: 'all', config, log, httpLogger: false })
    const http = runtime.http!
    console.log(
      `bench:publish — ${POSTS} posts due at once across ${CREATORS} creators · database ${runtime.database.kind}` +
        ` · faults ${FAULTS ? '20% 5xx' : 'none'}`,
    )

    // M connected creators (the browser's connect flow), as many people as the trial needs, one small video each.
    let setupStarted = performance.now()
    const { people, accounts } = await signUpWithCreators(http, session, CREATORS)
    console.log(
      `setup           ${CREATORS} creators of ${people.length} people connected in ${seconds(performance.now() - setupStarted)}`,
    )

    const source = path.join(dir, 'clip.mp4')
    const made = makeVideo(source) ?? (await writeSparseMp4(source, 200_000), 'sparse MP4 header, 200 kB')
    const sizeBytes = statSync(source).size
    const mediaOf = new Map<string, string>()
    for (const { userId } of people) {
      const mediaId = crypto.randomUUID()
      const storageKey = `${userId}/${mediaId}.mp4`
      // Into media storage as the app stores files (local disk, or S3).
      await runtime.mediaStorage.copyIn(source, storageKey)
      await runtime.database.db.insert(mediaFile).values({
        id: mediaId,
        userId,
        originalName: 'clip.mp4',
        storageKey,
        contentType: 'video/mp4',
        sizeBytes,
        durationMs: 1_000,
        width: 360,
        height: 640,
        fps: 30,
        videoCodec: 'h264',
      })
      mediaOf.set(userId, mediaId)
    }
    console.log(`video           ${made} (${sizeBytes} B)`)

    // Due at one whole minute, far enough ahead for the scheduling itself (creator_info is asked for every post); the
    // smoke size does not wait for the minute.
    const dueAt = SMOKE
      ? new Date(Math.ceil((Date.now() + 8_000) / 1000) * 1000)
      : new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000)
    setupStarted = performance.now()
    const ids: string[] = []
    const titles = new Map<string, string>()
    for (let i = 0; i < POSTS; i++) {
      const account = accounts[i % CREATORS]!
      const title = `bench post ${i}`
      const created = await runtime.posts.scheduleAt(account.userId, {
        accountId: account.accountId,
        mediaId: mediaOf.get(account.userId)!,
        title,
        description: '',
        privacyLevel: 'SELF_ONLY',
        allowComment: true,
        allowDuet: true,
        allowStitch: true,
        commercial: { enabled: false, yourBrand: false, brandedContent: false },
        timeZone: 'UTC',
        scheduledAt: dueAt,
      })
      ids.push(created.id)
      titles.set(title, created.id)
    }
    if (Date.now() >= dueAt.getTime()) throw new Error('scheduling took longer than planned; the posts were late')
    console.log(
      `scheduled       ${POSTS} posts in ${seconds(performance.now() - setupStarted)}; due ${dueAt.toISOString()}` +
        ` (in ${seconds(dueAt.getTime() - Date.now())})`,
    )
    if (FAULTS) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now() - 2_000)))
      await session.admin('PUT', '/sandbox/admin/faults', { server_error_rate: 0.2 })
    }

    // Wait for every post to reach a final state.
    const terminal = new Set(['uploaded', 'failed', 'unconfirmed'])
    let states = new Map<string, number>()
    let lastReport = 0
    for (;;) {
      const rows = await runtime.database.db.select({ state: post.state }).from(post).where(inArray(post.id, ids))
      states = new Map()
      for (const r of rows) states.set(r.state, (states.get(r.state) ?? 0) + 1)
      const finished = rows.filter((r) => terminal.has(r.state)).length
      if (Date.now() - lastReport > 10_000 && Date.now() > dueAt.getTime()) {
        lastReport = Date.now()
        console.log(
          `  +${seconds(Date.now() - dueAt.getTime())} ${[...states].map(([s, n]) => `${s} ${n}`).join(', ')}`,
        )
      }
      if (finished === ids.length) break
      if (Date.now() - dueAt.getTime() > TIMEOUT_MS) {
        console.log(`timeout: stopped waiting ${seconds(TIMEOUT_MS)} after the due time`)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    const allDoneAt = Date.now()
    if (FAULTS) await session.admin('DELETE', '/sandbox/admin/faults')

    // What TikTok (the sandbox) received: one init per publish, timestamped by the sandbox.
    const initsByPost = new Map<string, number[]>()
    for (const { openId } of accounts) {
      const res = await session.admin('GET', `/sandbox/admin/creators/${openId}/videos`)
      const videos = (res.body as { videos: { title: string; created_at: string }[] }).videos
      for (const v of videos) {
        const id = titles.get(v.title)
        if (!id) continue
        initsByPost.set(id, [...(initsByPost.get(id) ?? []), new Date(v.created_at).getTime()])
      }
    }
    const claimRows = await runtime.database.db
      .select({ id: post.id, title: post.title, claimedAt: post.claimedAt, attempts: post.attempts })
      .from(post)
      .where(inArray(post.id, ids))
    const due = dueAt.getTime()
    const timelines: PostTimeline[] = claimRows.map((r) => {
      const received = initsByPost.get(r.id)
      const initReceived = received ? Math.min(...received) : undefined
      // With faults an init may leave more than once before TikTok takes one: the one it took left last before it.
      const sent = (wire.inits.get(r.title) ?? []).filter((w) => initReceived === undefined || w.sentAt <= initReceived)
      const taken = sent.at(-1)
      return {
        title: r.title,
        claim: r.claimedAt ? r.claimedAt.getTime() - due : undefined,
        initSent: taken ? taken.sentAt - due : undefined,
        initReceived: initReceived === undefined ? undefined : initReceived - due,
        initAnswered: taken?.answeredAt === undefined ? undefined : taken.answeredAt - due,
      }
    })
    const initLateness = timelines.flatMap((t) => (t.initReceived === undefined ? [] : [t.initReceived]))
    initLateness.sort((a, b) => a - b)
    const claimLateness = timelines.flatMap((t) => (t.claim === undefined ? [] : [t.claim])).sort((a, b) => a - b)
    const duplicates = [...initsByPost.values()].reduce((sum, times) => sum + Math.max(0, times.length - 1), 0)
    const retried = claimRows.filter((r) => r.attempts > 1).length
    const refreshes = wire.tokenRequests.filter((at) => at >= due - 60_000).length
    const failures = POSTS - (states.get('uploaded') ?? 0)

    console.log('')
    console.log(`posts           ${POSTS} across ${CREATORS} creators (${POSTS / CREATORS} each)`)
    console.log(`reached TikTok  ${initsByPost.size} of ${POSTS}`)
    console.log(
      `due → init      p50 ${seconds(quantile(initLateness, 0.5))} · p99 ${seconds(quantile(initLateness, 0.99))}` +
        ` · max ${seconds(initLateness.at(-1) ?? NaN)}`,
    )
    console.log(
      `due → claim     p50 ${seconds(quantile(claimLateness, 0.5))} · p99 ${seconds(quantile(claimLateness, 0.99))}` +
        ` · max ${seconds(claimLateness.at(-1) ?? NaN)}`,
    )
    console.log(`all final after ${seconds(allDoneAt - dueAt.getTime())}`)
    console.log(`duplicates      ${duplicates}${duplicates === 0 ? '' : '  ← a post was published more than once!'}`)
    console.log(`retried         ${retried} posts needed more than one attempt`)
    console.log(`token refreshes ${refreshes} from a minute before the due time (tokens are read while preparing)`)
    console.log(`final states    ${[...states].map(([s, n]) => `${s} ${n}`).join(', ')}` + ` → failures ${failures}`)
    console.log(`errors logged   ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`)
    // The machine's load says how much of its CPU the server and the sandbox had while the posts went out.
    console.log(
      `load average    ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${cpus().length} cores)`,
    )
    console.log('')
    printTimeline(timelines, TIMELINE_CSV)

    reportFigure('publish.init_p99_ms', quantile(initLateness, 0.99))
    reportFigure('publish.claim_p99_ms', quantile(claimLateness, 0.99))
    reportFigure('publish.duplicates', duplicates)
    reportFigure('publish.failures', failures)
    // A duplicate always fails the bench; the smoke size also fails on anything not published or any error logged
    // (its sandbox has no faults, so every post must go out).
    const smokeBroken = SMOKE && !FAULTS && (failures > 0 || errors.length > 0)
    process.exitCode = duplicates === 0 && !smokeBroken ? 0 : 1
  } finally {
    await runtime?.stop()
    await sandbox.close()
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
