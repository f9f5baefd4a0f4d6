/**
 * npm run bench:api (issue 20): the reads people make all day, at a fixed rate, against 100,000 posts across 50
 * people and 500 accounts, one person holding 10,000. The server runs in its own process (scripts/lib/bench-api-server.ts:
 * PGlite by default, or `--pg` for a fresh database on PostgreSQL); autocannon drives one endpoint at a time at
 * `--rate` requests per second for `--duration` seconds, as a browser would ask (session cookie, Accept-Encoding: br,
 * gzip), then the month calendar again with /api/health alongside. The month and week are the calendar's days answer
 * (`GET /api/posts/calendar`, ADR 053), the day is a "+N more" read. Prints p50/p99, errors and non-2xx per endpoint,
 * the server's event-loop delay during each run (the worst of the API processes on PostgreSQL, where two serve one
 * port as `npm start` runs there), and the month calendar's size raw and compressed.
 * Its goals (on PostgreSQL) are in `npm run bench`'s table.
 *
 *   node --import tsx scripts/bench-api.ts [--pg [admin url]] [--rate 200] [--duration 20] [--posts 100000]
 *     [--users 50] [--port 3310] [--smoke]
 *
 * `--smoke`: 2,000 posts across 5 people, 20 req/s for 2 s each; exits 1 on any error or non-2xx answer.
 */
import autocannon, { type Result } from 'autocannon'
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freshPostgres } from './lib/bench-database'
import { reportFigure, SMOKE } from './lib/bench-report'
import type { BenchClientMessage, BenchServerMessage } from './lib/bench-api-server'

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres'
const DAY_MS = 86_400_000

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  if (index < 0) return undefined
  const value = process.argv[index + 1]
  return value === undefined || value.startsWith('--') ? '' : value
}

function count(name: string, fallback: number): number {
  const raw = option(name)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`)
  return value
}

const rate = count('rate', SMOKE ? 20 : 200)
const duration = count('duration', SMOKE ? 2 : 20)
const totalPosts = count('posts', SMOKE ? 2_000 : 100_000)
const users = count('users', SMOKE ? 5 : 50)
const port = count('port', 3310)
const pgOption = option('pg')
const adminUrl = pgOption === undefined ? undefined : pgOption || DEFAULT_PG
const kind = adminUrl ? 'PostgreSQL' : 'PGlite'

/** One GET as it goes over the wire: status and the bytes of the body as sent (compressed or not). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-api-'))
const database = adminUrl ? await freshPostgres(adminUrl, `hookpost_bench_api_${process.pid}`) : undefined
const child = fork(path.join(import.meta.dirname, 'lib/bench-api-server.ts'), {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    BENCH_PORT: String(port),
    BENCH_DATA_DIR: path.join(dir, 'data'),
    BENCH_USERS: String(users),
    BENCH_POSTS: String(totalPosts),
    ...(database ? { BENCH_DATABASE_URL: database.url } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const tell = (message: BenchClientMessage) => child.send(message)
const next = <T extends BenchServerMessage['type']>(type: T) =>
  new Promise<Extract<BenchServerMessage, { type: T }>>((resolve, reject) => {
    const onMessage = (message: BenchServerMessage) => {
      if (message.type !== type) return
      child.off('message', onMessage)
      child.off('exit', onExit)
      resolve(message as Extract<BenchServerMessage, { type: T }>)
    }
    const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code}) before "${type}"`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })

interface Row {
  label: string
  result?: Result
  skipped?: string
  loop?: Extract<BenchServerMessage, { type: 'loop' }>
  /** Median of 20 requests sent one at a time before the load. */
  alone?: number
}

try {
  console.log(
    `bench:api on ${kind} — ${totalPosts.toLocaleString('en')} posts, ${users} people × 10 accounts, ` +
      `${rate} req/s for ${duration} s per endpoint (server on 127.0.0.1:${port}, its own process)`,
  )
  const ready = await next('ready')
  console.log(
    `  signed up ${users} people through the API in ${ready.signUpSeconds.toFixed(1)} s; seeded ` +
      `${ready.posts.toLocaleString('en')} posts, their accounts and videos in SQL in ${ready.seedSeconds.toFixed(1)} s`,
  )
  const heavy = ready.people[0]!
  const base = `http://127.0.0.1:${port}`
  const browser = { cookie: heavy.cookie, 'accept-encoding': 'br, gzip' }
  const now = Date.now()
  const range = (days: number, before: number) => {
    const from = new Date(now - before * DAY_MS)
    return `from=${from.toISOString()}&to=${new Date(from.getTime() + days * DAY_MS).toISOString()}`
  }
  // The calendar as a person sees it (ADR 053): days with counts and first posts; a day's "+N more" on demand.
  const endpoints = {
    month: `/api/posts/calendar?${range(31, 15)}&zone=UTC`,
    week: `/api/posts/calendar?${range(7, 3)}&zone=UTC`,
    day: `/api/posts?${range(1, 0)}`,
    list: '/api/posts/list?limit=50',
    accounts: '/api/tiktok/accounts',
    health: '/api/health',
  }

  // What a month costs on the wire, and how many posts it holds.
  const monthRaw = await rawGet(base + endpoints.month, { cookie: heavy.cookie })
  const monthBr = await rawGet(base + endpoints.month, { cookie: heavy.cookie, 'accept-encoding': 'br' })
  const monthGzip = await rawGet(base + endpoints.month, { cookie: heavy.cookie, 'accept-encoding': 'gzip' })
  const monthDays = (
    (await (await fetch(base + endpoints.month, { headers: { cookie: heavy.cookie } })).json()) as {
      days: { total: number; posts: unknown[] }[]
    }
  ).days
  const monthPosts = monthDays.reduce((sum, d) => sum + d.total, 0)
  const monthCarried = monthDays.reduce((sum, d) => sum + d.posts.length, 0)

  const run = async (label: string, url: string, extra?: { label: string; url: string; rate: number }) => {
    const probe = await rawGet(base + url, browser)
    if (probe.status !== 200) return [{ label, skipped: `answers ${probe.status}: not in this build, not measured` }]
    // Warm-up (JIT, query plans, connection pool), one request at a time: what one request costs with no queue.
    const alone: number[] = []
    for (let i = 0; i < 20; i++) {
      const started = performance.now()
      await rawGet(base + url, browser)
      alone.push(performance.now() - started)
    }
    alone.sort((a, b) => a - b)
    tell({ type: 'loop-reset' })
    const [main, side] = await Promise.all([
      autocannon({ url: base + url, headers: browser, connections: 50, duration, overallRate: rate }),
      extra
        ? autocannon({ url: base + extra.url, headers: browser, connections: 2, duration, overallRate: extra.rate })
        : undefined,
    ])
    tell({ type: 'loop-report' })
    const loop = await next('loop')
    const rows: Row[] = [{ label, result: main, loop, alone: alone[9]! }]
    if (extra && side) rows.push({ label: extra.label, result: side })
    // Let what the server still holds from this run finish before the next one starts.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    return rows
  }

  const rows: Row[] = [
    ...(await run('month calendar (31 days)', endpoints.month)),
    ...(await run('week (7 days)', endpoints.week)),
    ...(await run('one day (+N more)', endpoints.day)),
    ...(await run('list (limit 50)', endpoints.list)),
    ...(await run('accounts', endpoints.accounts)),
    ...(await run('month calendar + health', endpoints.month, {
      label: '  /api/health alongside (10 req/s)',
      url: endpoints.health,
      rate: 10,
    })),
  ]

  console.log(
    `\n  ${kind}: latency in ms (autocannon, corrected for coordinated omission); event-loop delay of the server`,
  )
  for (const row of rows) {
    if (row.skipped) {
      console.log(`  ${row.label.padEnd(36)} ${row.skipped}`)
      continue
    }
    const r = row.result!
    const ok = Object.entries(r.statusCodeStats)
      .filter(([code]) => code.startsWith('2'))
      .reduce((sum, [, s]) => sum + s.count, 0)
    console.log(
      `  ${row.label.padEnd(36)} p50 ${String(r.latency.p50).padStart(6)}  p99 ${String(r.latency.p99).padStart(6)}` +
        `  max ${String(r.latency.max).padStart(6)}  ${(r.requests.total / r.duration).toFixed(0).padStart(4)} req/s` +
        `  2xx ${ok}  non-2xx ${r.non2xx}  errors ${r.errors} (timeouts ${r.timeouts})` +
        (row.alone !== undefined ? `  alone p50 ${row.alone.toFixed(1)}` : '') +
        (row.loop
          ? `  | loop p50 ${row.loop.p50.toFixed(1)} p99 ${row.loop.p99.toFixed(1)} max ${row.loop.max.toFixed(1)} ms, rss ${row.loop.rssMb.toFixed(0)} MB` +
            (row.loop.processes > 1 ? ` (worst of ${row.loop.processes} API processes)` : '') +
            (row.loop.hits + row.loop.misses > 0
              ? `; kept answers ${row.loop.hits} hits, ${row.loop.misses} misses`
              : '')
          : ''),
    )
  }
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  console.log(
    `  month calendar answer: ${monthDays.length} days, ${monthPosts} posts counted, ${monthCarried} carried, ` +
      `${kib(monthRaw.bytes)} raw, ${kib(monthBr.bytes)} brotli, ` +
      `${kib(monthGzip.bytes)} gzip`,
  )
  const month = rows.find((r) => r.label === 'month calendar (31 days)')?.result
  const health = rows.find((r) => r.label.includes('/api/health'))?.result
  const failed = rows.reduce((sum, r) => sum + (r.result ? r.result.non2xx + r.result.errors : 0), 0)
  reportFigure('api.month_p99_ms', month?.latency.p99 ?? NaN)
  reportFigure('api.health_p99_ms', health?.latency.p99 ?? NaN)
  reportFigure('api.failed_requests', failed)
  if (SMOKE && failed > 0) process.exitCode = 1
} finally {
  if (child.connected) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    tell({ type: 'stop' })
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  }
  if (child.exitCode === null) child.kill()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
}
