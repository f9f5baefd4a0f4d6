/**
 * The server `npm run bench:api` measures, in its own process (so the load generator does not share its event loop):
 * the whole runtime as `npm start` runs it on PGlite (API + worker, one process), or on PostgreSQL the API alone in
 * BENCH_API_PROCESSES processes behind one port (node:cluster, as `npm start` runs on PostgreSQL; ADR 053; the worker
 * elsewhere). It signs up the bench's people through the API, seeds their posts in SQL, listens,
 * and reports on IPC. The event-loop delay is measured here with perf_hooks.monitorEventLoopDelay and told to the bench
 * only (ADR 025): nothing about the server's load is added to the public /api/health.
 *
 * Environment (set by scripts/bench-api.ts): BENCH_PORT, BENCH_DATA_DIR, BENCH_USERS, BENCH_POSTS, and
 * BENCH_DATABASE_URL (+ BENCH_API_PROCESSES, default 2) for PostgreSQL.
 */
import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { loadConfig } from '../../apps/server/src/config'
import { createRuntime } from '../../apps/server/src/entrypoints/runtime'
import { signUpAgencyMember } from './bench-accounts'
import { seedApiBench } from './bench-api-seed'

export type BenchServerMessage =
  | {
      type: 'ready'
      people: { cookie: string; userId: string }[]
      posts: number
      signUpSeconds: number
      seedSeconds: number
    }
  | {
      type: 'loop'
      p50: number
      p99: number
      max: number
      mean: number
      rssMb: number
      processes: number
      /** Reads answered from the kept calendar answers, and the rest, during the run (ADR 053). */
      hits: number
      misses: number
    }

export type BenchClientMessage = { type: 'loop-reset' } | { type: 'loop-report' } | { type: 'stop' }

/** The timer fires every millisecond; a reading is how much later than that it ran. */
const LOOP_RESOLUTION_MS = 1

const port = Number(process.env.BENCH_PORT)
const dataDir = process.env.BENCH_DATA_DIR!
const databaseUrl = process.env.BENCH_DATABASE_URL
const users = Number(process.env.BENCH_USERS)
const totalPosts = Number(process.env.BENCH_POSTS)
const apiProcesses = databaseUrl ? Number(process.env.BENCH_API_PROCESSES ?? 2) : 1

const config = loadConfig({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'silent',
  // 50 sign-ups from one address in a minute: the bench's own.
  AUTH_RATE_LIMIT_MAX: '100000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
})
const errors: string[] = []
const startRuntime = () =>
  createRuntime({
    mode: databaseUrl ? 'api' : 'all',
    config,
    log: { info: () => undefined, warn: () => undefined, error: (msg) => void errors.push(msg) },
    httpLogger: false,
    prepareStock: false,
  })

type LoopReport = Extract<BenchServerMessage, { type: 'loop' }>

/** One serving process: listens, measures its event loop, answers loop-reset / loop-report / stop. */
async function serve(runtime: Awaited<ReturnType<typeof startRuntime>>, send: (message: LoopReport) => void) {
  await runtime.http!.listen({ host: config.host, port: config.port })
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
  loop.enable()
  const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS)
  const answers = () => runtime.postAnswers?.stats() ?? { hits: 0, misses: 0 }
  let since = answers()
  process.on('message', (message: BenchClientMessage) => {
    switch (message.type) {
      case 'loop-reset':
        loop.reset()
        since = answers()
        return
      case 'loop-report':
        send({
          type: 'loop',
          p50: late(loop.percentile(50)),
          p99: late(loop.percentile(99)),
          max: late(loop.max),
          mean: late(loop.mean),
          rssMb: process.memoryUsage().rss / 1024 / 1024,
          processes: 1,
          hits: answers().hits - since.hits,
          misses: answers().misses - since.misses,
        })
        return
      case 'stop':
        loop.disable()
        void runtime.stop().then(() => {
          if (errors.length > 0) console.log(`  server: ${errors.length} errors logged, first: ${errors[0]}`)
          process.exit(0)
        })
        return
    }
  })
}

if (cluster.isWorker) {
  await serve(await startRuntime(), (message) => process.send!(message))
} else {
  const send = (message: BenchServerMessage) => process.send!(message)
  const runtime = await startRuntime()
  const http = runtime.http!
  const signUpStarted = performance.now()
  const people: { cookie: string; userId: string }[] = []
  for (let i = 0; i < users; i++) people.push(await signUpAgencyMember(http, `bench-${i}@example.com`))
  const signUpSeconds = (performance.now() - signUpStarted) / 1000
  const seedStarted = performance.now()
  const { posts } = await seedApiBench(
    runtime.database.db,
    people.map((p) => p.userId),
    { totalPosts, now: new Date() },
  )
  const seedSeconds = (performance.now() - seedStarted) / 1000
  if (apiProcesses === 1) {
    await serve(runtime, send)
  } else {
    // The setup's own runtime steps aside; the serving processes share the port and report to the bench through here.
    await runtime.stop()
    const workers: Worker[] = []
    let reports: LoopReport[] = []
    for (let i = 0; i < apiProcesses; i++) {
      const worker = cluster.fork()
      workers.push(worker)
      worker.on('message', (message: LoopReport) => {
        if (message.type !== 'loop') return
        reports.push(message)
        if (reports.length < workers.length) return
        // The worst process's event loop is what its requests waited for; memory is the sum.
        send({
          type: 'loop',
          p50: Math.max(...reports.map((r) => r.p50)),
          p99: Math.max(...reports.map((r) => r.p99)),
          max: Math.max(...reports.map((r) => r.max)),
          mean: Math.max(...reports.map((r) => r.mean)),
          rssMb: reports.reduce((sum, r) => sum + r.rssMb, 0),
          processes: reports.length,
          hits: reports.reduce((sum, r) => sum + r.hits, 0),
          misses: reports.reduce((sum, r) => sum + r.misses, 0),
        })
        reports = []
      })
      await new Promise((resolve) => worker.once('listening', resolve))
    }
    process.on('message', (message: BenchClientMessage) => {
      for (const worker of workers) worker.send(message)
      if (message.type === 'stop') {
        let left = workers.length
        for (const worker of workers) worker.once('exit', () => --left === 0 && process.exit(0))
      }
    })
  }
  send({ type: 'ready', people, posts, signUpSeconds, seedSeconds })
}
