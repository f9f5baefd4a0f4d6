import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/testing/scratch-database'
import { buildServer, freePort } from '../apps/server/src/testing/server-process'

/**
 * deploy/entrypoint.sh for real (not dry): the image's commands on the ahead-of-time build, with nothing of this
 * process's environment but PATH and HOME. `migrate` on PGlite; with TEST_DATABASE_URL also `migrate` and `api` on
 * PostgreSQL in production mode, answered by the Dockerfile's own HEALTHCHECK command.
 */
const root = path.resolve(import.meta.dirname, '..')
const entrypoint = path.join(root, 'deploy/entrypoint.sh')
const ADMIN_URL = process.env.TEST_DATABASE_URL
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-entrypoint-'))
  await buildServer()
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' })

function run(command: string, env: Record<string, string>) {
  return spawnSync('sh', [entrypoint, command], { env: { ...baseEnv(), ...env }, encoding: 'utf8', timeout: 60_000 })
}

/** The HEALTHCHECK's exec form in the Dockerfile, e.g. ["node", "-e", "…"]. */
function healthcheckCommand(): string[] {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ')
  const line = dockerfile.split('\n').find((l) => l.startsWith('HEALTHCHECK '))!
  return JSON.parse(line.slice(line.indexOf('CMD ') + 4)) as string[]
}

describe('deploy/entrypoint.sh migrate on PGlite', () => {
  it('applies the migrations, and again has nothing to do', () => {
    const env = { DATA_DIR: path.join(dir, 'pglite') }
    for (let i = 0; i < 2; i++) {
      const result = run('migrate', env)
      expect(result.status, result.stderr).toBe(0)
      expect(result.stdout).toContain('Migrations applied (pglite).')
    }
  })
})

describe.skipIf(!ADMIN_URL)('deploy/entrypoint.sh on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let scratch: ScratchDatabase | undefined
  let env: Record<string, string>

  beforeAll(async () => {
    scratch = await createScratchDatabase(ADMIN_URL!, 'hookpost_entrypoint')
    // What the compose file gives every Hookpost container, but local storage (the S3 store is another branch).
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dir, 'data'),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8080',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    }
  })

  afterAll(async () => {
    await scratch?.drop()
  })

  it('migrates, then runs the API, healthy by the image’s own check, until SIGTERM', async () => {
    const migrated = run('migrate', env)
    expect(migrated.status, migrated.stderr).toBe(0)
    expect(migrated.stdout).toContain('Migrations applied (postgres).')

    const port = String(await freePort())
    const api = spawn('sh', [entrypoint, 'api'], { env: { ...baseEnv(), ...env, PORT: port } })
    let output = ''
    const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Hookpost (api) is running')) resolve()
      }
      api.stdout.on('data', onData)
      api.stderr.on('data', onData)
      void exited.then((code) => reject(new Error(`api exited (${code}):\n${output}`)))
    })
    try {
      const [command, ...args] = healthcheckCommand()
      const check = spawnSync(command === 'node' ? process.execPath : command!, args, {
        env: { ...baseEnv(), PORT: port },
        encoding: 'utf8',
        timeout: 10_000,
      })
      expect(check.status, check.stderr).toBe(0)
    } finally {
      // exec: the signal reaches node itself, which shuts down cleanly.
      api.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  })
})
