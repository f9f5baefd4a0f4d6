/**
 * The query half of `npm run bench:analytics` (issue 19): the Analytics tab's endpoints for one account with 10,000
 * posts — stats, 30 snapshots each (≈ 300,000), hooks across 8 concepts × 5 tones, 4 overlay styles, 200 hook texts,
 * 12 source clips, a follower reading a day — spread over the last two years. Each endpoint is asked 200 times through
 * the HTTP app (`app.inject`: routing, session check, validation, queries, serialisation) after a short warm-up, on
 * PGlite and, given `TEST_DATABASE_URL` / `BENCH_DATABASE_URL` or `--pg <url>` (an admin URL: a fresh database is
 * created there and dropped afterwards), on PostgreSQL. The goals (on PostgreSQL) are `npm run bench`'s. The CSV
 * download is measured over a real socket instead (bench-analytics-csv.ts): first byte, last byte and the server's
 * memory.
 *
 *   node --import tsx scripts/bench-analytics.ts --part queries [--posts 10000] [--runs 200] [--pg postgres://…]
 *     [--db pglite|postgres]   (one database only)   [--only csv]   (the CSV download only)
 *     [--smoke]   (300 posts, 10 requests each)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, todayInZone } from '@hookpost/shared'
import { createRuntime, type Runtime } from '../apps/server/src/entrypoints/runtime'
import { seedAccount, seedBulkAccount } from '../apps/server/src/modules/analytics/testing/analytics-seed'
import { signUpBench } from './lib/bench-accounts'
import { benchConfig } from './lib/bench-config'
import { reportFigure } from './lib/bench-report'
import { freshPostgres } from './lib/bench-database'
import { benchCsv, formatCsvResult, type CsvResult } from './bench-analytics-csv'

const ZONE = 'Europe/Berlin'
const HISTORY_DAYS = 730

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(`--${name}`)
  return index >= 0 ? argv[index + 1] : undefined
}

function count(argv: string[], name: string, fallback: number): number {
  const raw = option(argv, name)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`)
  return value
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

interface Result {
  endpoint: string
  p50: number
  p99: number
  max: number
  bytes: number
}

async function benchOne(
  kind: 'pglite' | 'postgres',
  adminUrl: string | undefined,
  options: { posts: number; runs: number; csvOnly: boolean },
): Promise<{ results: Result[]; csv: CsvResult[] }> {
  const { posts, runs } = options
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-analytics-query-'))
  const database =
    kind === 'postgres' ? await freshPostgres(adminUrl!, `hookpost_bench_analytics_${process.pid}`) : undefined
  const errors: string[] = []
  const log = { info: () => undefined, warn: () => undefined, error: (msg: string) => void errors.push(msg) }
  let runtime: Runtime | undefined
  try {
    const config = benchConfig(dir, database?.url, { AUTH_RATE_LIMIT_MAX: '100000' })
    // PGlite runs everything in one process; on PostgreSQL the API alone answers (as behind a load balancer).
    runtime = await createRuntime({
      mode: kind === 'pglite' ? 'all' : 'api',
      config,
      log,
      httpLogger: false,
      prepareStock: false,
    })
    const http = runtime.http!
    const { cookie, userId } = await signUpBench(http, 'bench@example.com')

    const seedStarted = performance.now()
    const now = new Date()
    const accountId = await seedAccount(runtime.database.db, userId, { username: 'bench.account' })
    await seedBulkAccount(runtime.database.db, userId, accountId, { posts, days: HISTORY_DAYS, now })
    console.log(
      `  ${kind}: seeded ${posts} posts with snapshots in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    )

    const today = todayInZone(now, ZONE)
    const range = (days: number) =>
      `accountId=${accountId}&from=${addDays(today, -(days - 1))}&to=${today}&tz=${encodeURIComponent(ZONE)}`
    const endpoints: [string, string][] = [
      ['overview (28 days)', `/api/analytics/overview?${range(28)}`],
      ['overview (365 days)', `/api/analytics/overview?${range(365)}`],
      ['top-posts (28 days)', `/api/analytics/top-posts?${range(28)}`],
      ['top-posts (365 days)', `/api/analytics/top-posts?${range(365)}&limit=50`],
      ['leaderboard (28 days)', `/api/analytics/leaderboard?${range(28)}`],
      ['leaderboard (365 days)', `/api/analytics/leaderboard?${range(365)}`],
    ]
    const results: Result[] = []
    for (const [endpoint, url] of options.csvOnly ? [] : endpoints) {
      const ask = async () => {
        const res = await http.inject({ method: 'GET', url, headers: { cookie } })
        if (res.statusCode !== 200) throw new Error(`${endpoint} answered ${res.statusCode}: ${res.body.slice(0, 200)}`)
        return res.rawPayload.length
      }
      for (let i = 0; i < 10; i++) await ask()
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < runs; i++) {
        const started = performance.now()
        bytes = await ask()
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      results.push({ endpoint, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1)!, bytes })
    }
    const csv = await benchCsv(
      http,
      cookie,
      [
        ['export.csv (28 days)', `/api/analytics/export.csv?${range(28)}`],
        ['export.csv (365 days)', `/api/analytics/export.csv?${range(365)}`],
      ],
      runs,
    )
    return { results, csv }
  } finally {
    await runtime?.stop()
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
    if (errors.length > 0) console.log(`  ${kind}: ${errors.length} errors logged, first: ${errors[0]}`)
  }
}

export async function runQueryBench(argv: string[]): Promise<void> {
  const smoke = argv.includes('--smoke')
  const posts = count(argv, 'posts', smoke ? 300 : 10_000)
  const runs = count(argv, 'runs', smoke ? 10 : 200)
  // Read here, not through config/: a bench's own flag, like the tests' TEST_DATABASE_URL.
  const adminUrl = option(argv, 'pg') ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  console.log(
    `bench:analytics queries — one account, ${posts} posts over ${HISTORY_DAYS} days, ${runs} requests per endpoint` +
      ` through the HTTP app (zone ${ZONE})`,
  )
  const only = option(argv, 'db')
  const kinds = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
    (k) => only === undefined || k === only,
  )
  const table: string[] = []
  // The goal is for what the tab asks while someone looks at it; the CSV is a file download (up to a year of rows),
  // judged by when its first byte arrives.
  let worstPg = 0
  let worstPgCsv = 0
  const csvOnly = option(argv, 'only') === 'csv'
  for (const kind of kinds) {
    const { results, csv } = await benchOne(kind, adminUrl, { posts, runs, csvOnly })
    if (results.length > 0) reportFigure(`analytics.query_p99_ms.${kind}`, Math.max(...results.map((r) => r.p99)))
    if (csv.length > 0) {
      reportFigure(`analytics.csv_first_byte_p99_ms.${kind}`, Math.max(...csv.map((r) => r.firstByteP99)))
      // Memory flat: the server's largest rise during a download beside the file's size (a file held whole would
      // raise it by more than the file).
      reportFigure(`analytics.csv_memory_mib.${kind}`, Math.max(...csv.map((r) => r.peakMemory)) / 2 ** 20)
      reportFigure(`analytics.csv_file_mib.${kind}`, Math.max(...csv.map((r) => r.bytes)) / 2 ** 20)
    }
    for (const r of results) {
      if (kind === 'postgres') worstPg = Math.max(worstPg, r.p99)
      table.push(
        `  ${kind.padEnd(9)} ${r.endpoint.padEnd(24)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99
          .toFixed(1)
          .padStart(7)} ms  max ${r.max.toFixed(1).padStart(7)} ms  ${(r.bytes / 1024).toFixed(0).padStart(5)} KiB`,
      )
    }
    for (const r of csv) {
      if (kind === 'postgres') worstPgCsv = Math.max(worstPgCsv, r.firstByteP99)
      table.push(formatCsvResult(kind, r))
    }
  }
  console.log(table.join('\n'))
  if (adminUrl) {
    if (!csvOnly) {
      console.log(
        `  PostgreSQL, the tab's queries (overview, top posts, leaderboard): worst p99 ${worstPg.toFixed(1)} ms`,
      )
    }
    console.log(`  PostgreSQL, the CSV download's first byte: worst p99 ${worstPgCsv.toFixed(1)} ms`)
  } else {
    console.log('  (PostgreSQL not measured: pass --pg <admin url> or set TEST_DATABASE_URL)')
  }
}
