/**
 * npm run bench (ADR 054): every bench, one after another, then one table of figures against their goals. The goals
 * live here and only here; a bench prints what it measures and hands its figures over (scripts/lib/bench-report.ts).
 *
 *   node --import tsx scripts/bench-all.ts [--smoke] [--pg [admin url]] [--only publish,api,…]
 *
 * `--smoke`: each bench's tiny size (what `.ci/run` runs): a bench that crashes, logs an error, publishes a post twice
 * or answers an error fails the run; the speed goals are not judged at that size (only the correctness ones).
 * `--pg`: the benches that can use PostgreSQL use it (default postgres://postgres@127.0.0.1:5432/postgres, or
 * BENCH_DATABASE_URL); without it they use PGlite. Exits 1 when a bench failed or a judged goal was missed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BENCH_REPORT_ENV } from './lib/bench-report'

type Database = 'pglite' | 'postgres'

interface Goal {
  /** The figure's key as the bench reports it (`{db}` stands for the database it ran on). */
  key: string
  label: string
  unit: string
  /** Met when the figure is at most / at least this; neither: printed, not judged. */
  max?: number
  min?: number
  /** Also judged at the smoke size (a correctness goal: duplicates, errors). */
  always?: boolean
  /** Judged only on this database (the goal was set for it). */
  on?: Database
}

interface Bench {
  name: string
  /** The command after `node --import tsx`. */
  script: string[]
  /** How the bench is told to use PostgreSQL; absent: it has no database, or only PGlite. */
  pg?: (adminUrl: string) => { args?: string[]; env?: Record<string, string> }
  /** Extra arguments for PGlite (a bench that would otherwise also run PostgreSQL). */
  pglite?: string[]
  figures: Goal[]
}

const ms = 'ms'
const onEnv = (adminUrl: string) => ({ env: { BENCH_DATABASE_URL: adminUrl } })

/** The benches and their goals; adding a bench is one entry. */
const BENCHES: Bench[] = [
  {
    name: 'publish',
    script: ['scripts/bench-publish.ts'],
    pg: onEnv,
    figures: [
      { key: 'publish.init_p99_ms', label: 'due → init p99 (full: 1,000 posts / 200 creators)', unit: ms, max: 2000 },
      { key: 'publish.claim_p99_ms', label: 'due → claim p99', unit: ms },
      { key: 'publish.duplicates', label: 'posts published twice', unit: '', max: 0, always: true },
      { key: 'publish.failures', label: 'posts not published', unit: '', max: 0, always: true },
    ],
  },
  {
    name: 'publish --faults',
    script: ['scripts/bench-publish.ts', '--faults'],
    pg: onEnv,
    figures: [
      { key: 'publish.init_p99_ms', label: 'due → init p99, 20% 5xx', unit: ms },
      { key: 'publish.duplicates', label: 'posts published twice, 20% 5xx', unit: '', max: 0, always: true },
    ],
  },
  {
    name: 'api',
    script: ['scripts/bench-api.ts'],
    pg: (url) => ({ args: ['--pg', url] }),
    figures: [
      { key: 'api.month_p99_ms', label: 'month calendar p99 (full: at 200 req/s)', unit: ms, max: 50, on: 'postgres' },
      { key: 'api.health_p99_ms', label: '/api/health p99 during that load', unit: ms, max: 20, on: 'postgres' },
      { key: 'api.failed_requests', label: 'errors and non-2xx answers', unit: '', max: 0, always: true },
    ],
  },
  {
    name: 'analytics sync',
    script: ['scripts/bench-analytics.ts', '--part', 'sync'],
    pg: (url) => ({ args: ['--pg', url, '--pg-only'] }),
    figures: [
      { key: 'analytics.sync_s', label: 'stats sync (full: 200 accounts × 100 posts)', unit: 's' },
      { key: 'analytics.sync_429s', label: "TikTok's 429s during the sync", unit: '', max: 0, always: true },
    ],
  },
  {
    name: 'analytics queries',
    script: ['scripts/bench-analytics.ts', '--part', 'queries'],
    pg: (url) => ({ args: ['--pg', url, '--db', 'postgres'] }),
    pglite: ['--db', 'pglite'],
    figures: [
      { key: 'analytics.query_p99_ms.{db}', label: "Analytics tab's worst p99", unit: ms, max: 100, on: 'postgres' },
      {
        key: 'analytics.csv_first_byte_p99_ms.{db}',
        label: 'CSV export, first byte p99 (full: 365 days of 10,000 posts)',
        unit: ms,
        max: 100,
      },
      { key: 'analytics.csv_memory_mib.{db}', label: "CSV export, the server's largest memory rise", unit: 'MiB' },
      { key: 'analytics.csv_file_mib.{db}', label: 'CSV export, the file it sent', unit: 'MiB' },
    ],
  },
  {
    name: 'fair',
    script: ['scripts/bench-fair.ts'],
    pg: (url) => ({ args: ['--pg', url] }),
    figures: [
      { key: 'fair.light_wait_alone_s', label: "a light person's render: wait to start, alone", unit: 's' },
      {
        key: 'fair.light_wait_behind_s',
        label: "the same behind another's flood (full: 6 × 30 s)",
        unit: 's',
        max: 2,
      },
      { key: 'fair.light_done_ratio', label: 'its time to processed, flood / alone', unit: '×' },
      { key: 'fair.slideshow_wait_alone_s', label: "a light person's slideshow: wait to start, alone", unit: 's' },
      {
        key: 'fair.slideshow_wait_behind_s',
        label: "the same behind another's flood (full: 6 × 20 slides)",
        unit: 's',
        max: 2,
      },
      { key: 'fair.slideshow_done_ratio', label: 'its time to processed, flood / alone', unit: '×', max: 2 },
      { key: 'fair.ai_light_alone_ms', label: "a light person's AI call, alone (full: a 1 s provider)", unit: ms },
      { key: 'fair.ai_light_behind_ms', label: 'the same while 2 others flood the AI', unit: ms },
      { key: 'fair.ai_light_ratio', label: 'its AI call, flood / alone (medians)', unit: '×', max: 2 },
    ],
  },
  {
    name: 'upload',
    script: ['scripts/bench-upload.ts'],
    figures: [
      { key: 'upload.rss_growth_mib', label: "server's RSS growth (full: 500 MB over tus)", unit: 'MiB', max: 63.99 },
      { key: 'upload.mb_per_s', label: 'tus upload throughput', unit: 'MB/s' },
    ],
  },
  {
    name: 'tiktok-upload',
    script: ['scripts/bench-tiktok-upload.ts'],
    figures: [
      { key: 'tiktok-upload.mb_per_s', label: 'upload to TikTok (full: 500 MB)', unit: 'MB/s' },
      { key: 'tiktok-upload.rss_growth_mb', label: "client's RSS growth", unit: 'MB' },
    ],
  },
  {
    name: 'render',
    script: ['scripts/bench-render.ts'],
    figures: [
      {
        key: 'render.single_x_realtime',
        label: 'render, one clip with 3 overlays (full: 15 s)',
        unit: '× real time',
        min: 3,
      },
      {
        key: 'render.sequence_x_realtime',
        label: 'render, hook + demo (full: 3 s + 12 s)',
        unit: '× real time',
        min: 3,
      },
    ],
  },
  {
    name: 'slides',
    script: ['scripts/bench-slides.ts'],
    figures: [{ key: 'slides.mean_s', label: 'photo slide, mean', unit: 's', max: 0.2 }],
  },
  {
    name: 'memory',
    script: ['scripts/bench-memory.ts'],
    pg: (url) => ({ args: ['--pg', url, '--pg-only'] }),
    figures: [
      { key: 'memory.restart_ms.{db}', label: 'restart to "running" (the build)', unit: ms },
      { key: 'memory.rss_mib.{db}', label: 'idle RSS (the build)', unit: 'MiB' },
    ],
  },
  {
    name: 'bundle',
    script: ['scripts/bench-bundle.mjs'],
    figures: [
      { key: 'bundle.landing_kib', label: 'landing page JavaScript, gzip', unit: 'KiB', max: 60 },
      { key: 'bundle.dashboard_kib', label: "dashboard's first load JavaScript, gzip", unit: 'KiB', max: 150 },
      { key: 'bundle.analytics_kib', label: "Analytics tab's own JavaScript, gzip", unit: 'KiB', max: 60 },
    ],
  },
]

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres'

function options(argv: string[]) {
  const at = argv.indexOf('--pg')
  const next = at >= 0 ? argv[at + 1] : undefined
  const pgUrl =
    at < 0 ? undefined : next && !next.startsWith('--') ? next : (process.env.BENCH_DATABASE_URL ?? DEFAULT_PG)
  const onlyAt = argv.indexOf('--only')
  const only = onlyAt >= 0 ? new Set(argv[onlyAt + 1]!.split(',')) : undefined
  return { smoke: argv.includes('--smoke'), pgUrl, only }
}

interface Ran {
  bench: Bench
  database: Database | undefined
  exitCode: number
  seconds: number
  figures: Map<string, number | null>
}

/** Runs one bench as its own process, its output shown as it comes, and collects what it reported. */
async function run(bench: Bench, smoke: boolean, pgUrl: string | undefined): Promise<Ran> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-all-'))
  const report = path.join(dir, 'figures.jsonl')
  const database: Database | undefined = bench.pg ? (pgUrl ? 'postgres' : 'pglite') : undefined
  const onPg = pgUrl && bench.pg ? bench.pg(pgUrl) : undefined
  const args = [...bench.script, ...(smoke ? ['--smoke'] : []), ...(onPg?.args ?? (pgUrl ? [] : (bench.pglite ?? [])))]
  // Only what this runner says decides the database: a TEST_DATABASE_URL in the shell would add a PostgreSQL run.
  const { TEST_DATABASE_URL: _test, BENCH_DATABASE_URL: _bench, ...env } = process.env
  console.log(`\n\x1b[36m== bench ${bench.name}${database ? ` (${database})` : ''}: node ${args.join(' ')}\x1b[0m`)
  const started = performance.now()
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      stdio: 'inherit',
      env: { ...env, ...onPg?.env, [BENCH_REPORT_ENV]: report },
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  const figures = new Map<string, number | null>()
  try {
    for (const line of readFileSync(report, 'utf8').split('\n').filter(Boolean)) {
      const { key, value } = JSON.parse(line) as { key: string; value: number | null }
      figures.set(key, value)
    }
  } catch {
    // No figures: the bench crashed before reporting (its exit code says so).
  }
  rmSync(dir, { recursive: true, force: true })
  return { bench, database, exitCode, seconds: (performance.now() - started) / 1000, figures }
}

function format(value: number, unit: string) {
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`
}

/** One row per figure: met, a gap (how far from the goal), or why it is not judged. */
function rows(ran: Ran, smoke: boolean): { cells: string[]; missed: boolean }[] {
  return ran.bench.figures.map((goal) => {
    const key = goal.key.replace('{db}', ran.database ?? '')
    const value = ran.figures.get(key)
    const goalText =
      goal.max !== undefined
        ? `≤ ${format(goal.max, goal.unit)}`
        : goal.min !== undefined
          ? `≥ ${format(goal.min, goal.unit)}`
          : '—'
    const where = `${ran.bench.name}${ran.database ? ` (${ran.database})` : ''}`
    const figure = value === undefined || value === null ? 'not measured' : format(value, goal.unit)
    const judged = (goal.max !== undefined || goal.min !== undefined) && (!smoke || goal.always)
    let verdict: string
    let missed = false
    if (!judged) verdict = goal.max === undefined && goal.min === undefined ? '' : 'smoke size: not judged'
    else if (goal.on && ran.database !== goal.on) verdict = `goal is for ${goal.on}`
    else if (value === undefined || value === null) [verdict, missed] = ['gap: not measured', true]
    else if (goal.max !== undefined && value > goal.max)
      [verdict, missed] = [`gap ${format(value - goal.max, goal.unit)}`, true]
    else if (goal.min !== undefined && value < goal.min)
      [verdict, missed] = [`gap ${format(goal.min - value, goal.unit)}`, true]
    else verdict = 'met'
    return { cells: [where, goal.label, figure, goalText, verdict], missed }
  })
}

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n')
}

async function main() {
  const { smoke, pgUrl, only } = options(process.argv)
  const started = performance.now()
  const results: Ran[] = []
  for (const bench of BENCHES) {
    if (only && !only.has(bench.name)) continue
    results.push(await run(bench, smoke, pgUrl))
  }
  const body: string[][] = []
  let failed = 0
  for (const ran of results) {
    for (const row of rows(ran, smoke)) {
      body.push(row.cells)
      if (row.missed) failed++
    }
    if (ran.exitCode !== 0) {
      failed++
      body.push([ran.bench.name, 'the bench itself', `exit code ${ran.exitCode}`, 'exit 0', 'FAILED'])
    }
  }
  const size = smoke ? 'smoke size' : 'full size'
  console.log(
    `\nnpm run bench — ${size}, ${pgUrl ? 'PostgreSQL where supported' : 'PGlite'}, ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s (${results.map((r) => `${r.bench.name} ${r.seconds.toFixed(0)} s`).join(', ')})\n`,
  )
  console.log(table(['bench', 'figure', 'measured', 'goal', 'met / gap'], body))
  console.log(failed === 0 ? '\nno bench failed, no judged goal missed' : `\n${failed} failure(s) or missed goal(s)`)
  process.exitCode = failed === 0 ? 0 : 1
}

await main()
