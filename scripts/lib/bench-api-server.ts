/**
 * The server `npm run bench:api` measures, in its own process (so the load generator does not share its event loop):
 * the whole runtime as `npm start` runs it on PGlite (API + worker), or the API alone on PostgreSQL (as behind a load
 * balancer, the worker elsewhere). It signs up the bench's people through the API, seeds their posts in SQL, listens,
 * and reports on IPC. The event-loop delay is measured here with perf_hooks.monitorEventLoopDelay and told to the bench
 * only (ADR 025): nothing about the server's load is added to the public /api/health.
 *
 * Environment (set by scripts/bench-api.ts): BENCH_PORT, BENCH_DATA_DIR, BENCH_USERS, BENCH_POSTS, and
 * BENCH_DATABASE_URL for PostgreSQL.
 */
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
  | { type: 'loop'; p50: number; p99: number; max: number; mean: number; rssMb: number }

export type BenchClientMessage = { type: 'loop-reset' } | { type: 'loop-report' } | { type: 'stop' }

/** The timer fires every millisecond; a reading is how much later than that it ran. */
const LOOP_RESOLUTION_MS = 1

const send = (message: BenchServerMessage) => process.send!(message)

const port = Number(process.env.BENCH_PORT)
const dataDir = process.env.BENCH_DATA_DIR!
const databaseUrl = process.env.BENCH_DATABASE_URL
const users = Number(process.env.BENCH_USERS)
const totalPosts = Number(process.env.BENCH_POSTS)

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
const runtime = await createRuntime({
  mode: databaseUrl ? 'api' : 'all',
  config,
  log: { info: () => undefined, warn: () => undefined, error: (msg) => void errors.push(msg) },
  httpLogger: false,
  prepareStock: false,
})
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

await http.listen({ host: config.host, port: config.port })
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
loop.enable()

const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS)
process.on('message', (message: BenchClientMessage) => {
  switch (message.type) {
    case 'loop-reset':
      loop.reset()
      return
    case 'loop-report':
      send({
        type: 'loop',
        p50: late(loop.percentile(50)),
        p99: late(loop.percentile(99)),
        max: late(loop.max),
        mean: late(loop.mean),
        rssMb: process.memoryUsage().rss / 1024 / 1024,
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
send({ type: 'ready', people, posts, signUpSeconds, seedSeconds })
