/**
 * Server memory at idle and start-up time (issue 20, ADR 027): the one-process server (`start`: API + worker + web)
 * run through tsx (`npm start`) and as the ahead-of-time build under plain node (`npm run start:prod`), on PGlite and on
 * PostgreSQL. Each gets a fresh DATA_DIR (and a fresh PostgreSQL database): a first start (migrations) is timed and
 * stopped, then a restart on that data is timed, receives no requests, and is measured `--idle-s` seconds (default 30)
 * after it said it was running.
 *
 *   node --import tsx scripts/bench-memory.ts [--idle-s 30] [--port 3520] [--pg postgres://…/postgres] [--runs 1]
 *     [--pg-only] [--smoke]   (`--smoke`: the build only, 2 s idle)
 *
 * PostgreSQL runs need `--pg`, BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where databases may be created).
 * Prints the start-up times (spawn → "is running"), and RSS and V8 heap used/total of the restart.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { freshPostgres } from './lib/bench-database'
import { reportFigure } from './lib/bench-report'
import { ensureStockClips } from '../apps/server/src/modules/library'

const root = path.resolve(import.meta.dirname, '..')

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1] : undefined
}
function numberOption(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}

const SMOKE = process.argv.includes('--smoke')
const IDLE_MS = numberOption('idle-s', SMOKE ? 2 : 30) * 1000
// The smoke size starts the build only (tsx adds the same server's start-up again); --pg-only skips PGlite.
const RUNNERS: Runner[] = SMOKE ? ['compiled'] : ['tsx', 'compiled']
const PG_ONLY = process.argv.includes('--pg-only')
const PORT = numberOption('port', 3520)
const RUNS = numberOption('runs', 1)
const PG_ADMIN = option('pg') ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
// The Library's stock clips, made once and copied into each run's DATA_DIR: otherwise every server spends its "idle"
// half-minute running ffmpeg to make them (ADR 012). The test servers' cache (scripts/stock-cache.ts, ADR 057): made
// once for every test server and bench of the checkout.
const STOCK_TEMPLATE = path.join(root, '.tmp', 'stock-clips')

type Runner = 'tsx' | 'compiled'
type Kind = 'pglite' | 'postgres'
interface Result {
  kind: Kind
  runner: Runner
  /** Spawn → "is running" on empty data (migrations included). */
  firstStartMs: number
  /** The same on that data again (a restart). */
  startupMs: number
  rss: number
  heapUsed: number
  heapTotal: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function freshDatabase(adminUrl: string) {
  const name = `hookpost_memory_${process.pid}_${randomBytes(3).toString('hex')}`
  return freshPostgres(adminUrl, name)
}

/** One start of the server on `dataDir` (and `databaseUrl`); measures memory after IDLE_MS when `idle`. */
async function startOnce(runner: Runner, dataDir: string, databaseUrl: string | undefined, idle: boolean) {
  const probe = ['--import', './scripts/lib/memory-probe.mjs']
  const args =
    runner === 'tsx'
      ? ['--import', 'tsx', ...probe, 'apps/server/src/entrypoints/start.ts']
      : ['--enable-source-maps', ...probe, 'apps/server/dist/start.js']
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No sandbox is started: the server only talks to it when asked to, and nothing asks here.
      TIKTOK_SANDBOX_URL: 'http://127.0.0.1:9',
      TIKTOK_SANDBOX_CLIENT_SECRET: 'bench-memory',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('is running at')) resolve()
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      void exited.then((code) => reject(new Error(`the server exited (${code}):\n${output}`)))
    })
    const startupMs = performance.now() - started
    if (!idle) return { startupMs }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
    const memory = await new Promise<NodeJS.MemoryUsage>((resolve) => {
      child.once('message', (message) => resolve((message as { memory: NodeJS.MemoryUsage }).memory))
      child.send('memory')
    })
    return { startupMs, memory }
  } finally {
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
  }
}

/** A first start on empty data (migrations), stopped once it runs; then a restart on that data, measured at idle. */
async function measure(kind: Kind, runner: Runner): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'))
  const database = kind === 'postgres' ? await freshDatabase(PG_ADMIN!) : undefined
  cpSync(STOCK_TEMPLATE, path.join(dataDir, 'stock'), { recursive: true })
  try {
    const first = await startOnce(runner, dataDir, database?.url, false)
    const again = await startOnce(runner, dataDir, database?.url, true)
    const memory = again.memory!
    return {
      kind,
      runner,
      firstStartMs: first.startupMs,
      startupMs: again.startupMs,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
    }
  } finally {
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const build = (await import(pathToFileURL(path.join(root, 'scripts/lib/build-node.mjs')).href)) as {
    buildNodeApps(options?: { log?: (line: string) => void }): Promise<void>
  }
  await build.buildNodeApps({ log: (line) => console.log(`built ${line}`) })
  const stock = await ensureStockClips({
    dir: STOCK_TEMPLATE,
    ffmpegPath: process.env.FFMPEG_PATH || 'ffmpeg',
    log: { info: () => undefined, warn: console.warn, error: console.error },
  })
  if (stock.failed.length > 0) throw new Error(`could not make the stock clips ${stock.failed.join(', ')}`)
  if (stock.made.length > 0) console.log(`made ${stock.made.length} stock clips in ${STOCK_TEMPLATE}`)
  const kinds: Kind[] = PG_ADMIN ? (PG_ONLY ? ['postgres'] : ['pglite', 'postgres']) : ['pglite']
  if (!PG_ADMIN) console.log('PostgreSQL skipped: pass --pg postgres://…, BENCH_DATABASE_URL or TEST_DATABASE_URL')
  console.log(`bench:memory — idle ${IDLE_MS / 1000} s after start, no requests, ${RUNS} run(s) each`)
  console.log('database  runner    first start  restart   RSS      heap used  heap total')
  const results: Result[] = []
  for (let run = 0; run < RUNS; run++) {
    for (const kind of kinds) {
      for (const runner of RUNNERS) {
        const r = await measure(kind, runner)
        results.push(r)
        if (runner === 'compiled' && run === 0) {
          reportFigure(`memory.restart_ms.${kind}`, r.startupMs)
          reportFigure(`memory.rss_mib.${kind}`, r.rss / 1024 / 1024)
        }
        console.log(
          `${kind.padEnd(9)} ${runner.padEnd(9)} ${seconds(r.firstStartMs).padEnd(12)} ${seconds(r.startupMs).padEnd(9)} ` +
            `${mb(r.rss).padEnd(8)} ${mb(r.heapUsed).padEnd(10)} ${mb(r.heapTotal)}`,
        )
      }
    }
  }
}

await main()
