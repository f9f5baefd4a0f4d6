import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import { ConfigError, loadConfig } from '../config'
import { main } from './main'

/**
 * `npm start` on PostgreSQL uses every core (issue 31, ADR 053): one process per core behind one port (node:cluster;
 * the primary hands each accepted connection to a process in turn). The first runs API and worker (mode `all`, and the
 * migrations, alone, before the others start); the rest run the API only (mode `api`). They share the database, the
 * data folder and the live events (LISTEN/NOTIFY), as the separate `api` and `worker` entrypoints do. On PGlite —
 * one process per data folder (ADR 002) — and on one core it stays one process.
 */
export async function startOnEveryCore(): Promise<void> {
  if (!cluster.isPrimary) return main(cluster.worker!.id === 1 ? 'all' : 'api')
  const cores = availableParallelism()
  let postgres = false
  try {
    postgres = loadConfig().database.kind === 'postgres'
  } catch (err) {
    // main() prints the configuration's problems the way every entrypoint does.
    if (!(err instanceof ConfigError)) throw err
  }
  if (!postgres || cores < 2) return main('all')
  runProcesses(cores)
}

function runProcesses(count: number) {
  const workers: Worker[] = []
  let stopping = false
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of workers) if (!worker.isDead()) worker.process.kill(signal)
  }
  // A terminal's Ctrl-C reaches every process of the group; a container's SIGTERM reaches this one only.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal))
  const fork = () => {
    const worker = cluster.fork()
    workers.push(worker)
    worker.on('exit', (code, signal) => {
      // One process gone is not Hookpost any more: stop the rest, and exit as it did.
      if (!stopping) {
        console.error(`Hookpost process ${worker.id} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`)
        process.exitCode = code || 1
        stopAll('SIGTERM')
      }
      if (workers.every((w) => w.isDead())) process.exit()
    })
    return worker
  }
  // The first migrates and makes the stock clips; the others start once it listens.
  fork().once('listening', () => {
    for (let i = 1; i < count; i++) fork()
  })
}
