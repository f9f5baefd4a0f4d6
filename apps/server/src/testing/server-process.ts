import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Hookpost entrypoints as separate operating-system processes, the way production runs them: the ahead-of-time build
 * (apps/server/dist, ADR 027) under plain `node`, built first when a source changed. For tests of what only several
 * processes show (work shared between them, events crossing from a worker to an API process).
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

export type Entrypoint = 'start' | 'api' | 'worker' | 'migrate'

interface NodeBuild {
  buildNodeApps(options?: { force?: boolean }): Promise<void>
  productionNodeArgs(app: 'server' | 'sandbox', name: string): string[]
}

/** scripts/lib/build-node.mjs (plain JavaScript, shared with `npm run build`). */
async function nodeBuild(): Promise<NodeBuild> {
  const url = pathToFileURL(path.join(REPO_ROOT, 'scripts/lib/build-node.mjs')).href
  return (await import(url)) as NodeBuild
}

/** Builds the server (only if stale) and answers how long that took. */
export async function buildServer(): Promise<number> {
  const started = performance.now()
  await (await nodeBuild()).buildNodeApps()
  return performance.now() - started
}

/** A free TCP port on 127.0.0.1 (the OS picks it, as `listen({ port: 0 })` does for in-process servers). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface ServerProcess {
  name: string
  child: ChildProcess
  /** Everything it printed (stdout and stderr, interleaved). */
  output(): string
  /** Milliseconds from spawn until it said it was running (or exited, for `migrate`). */
  startupMs: number
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`); resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>
}

/**
 * Spawns `node apps/server/dist/<entry>.js` with `env` (and nothing of the test process's environment but PATH and
 * HOME, so a developer's .env or DATABASE_URL cannot leak in) and resolves once it printed that it is running. For
 * `migrate`, resolves when it exited 0.
 */
export async function startServerProcess(name: string, entry: Entrypoint, env: Record<string, string>) {
  const { productionNodeArgs } = await nodeBuild()
  const started = performance.now()
  const child = spawn(process.execPath, productionNodeArgs('server', entry), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString()
      if (entry !== 'migrate' && /Hookpost( \(\w+\))? (worker )?is running/.test(text)) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) =>
      entry === 'migrate' && code === 0 ? resolve() : reject(new Error(`${name} exited (${code}):\n${text}`)),
    )
  })
  await ready
  const proc: ServerProcess = {
    name,
    child,
    output: () => text,
    startupMs: performance.now() - started,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
  }
  return proc
}

/** Signs up over HTTP on a server process at `base`, as the browser does: the session cookie and the new user's id. */
export async function signUpOverHttp(base: string, email: string): Promise<{ cookie: string; userId: string }> {
  const password = 'correct horse 1'
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, acceptTerms: true }),
  })
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id }
}
