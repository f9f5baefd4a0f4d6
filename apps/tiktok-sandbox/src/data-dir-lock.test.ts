import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE } from './app'

/**
 * The sandbox as `npm start` runs it (a process of its own, main.ts) takes its data folder's lock before it reads its
 * state or listens (ADR 019): a second sandbox on the same folder is refused with the folder named.
 */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
let dir: string
let running: ChildProcess[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-lock-'))
})
afterEach(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  }
  running = []
  rmSync(dir, { recursive: true, force: true })
})

interface Run {
  child: ChildProcess
  output: () => { stdout: string; stderr: string }
}

function sandboxProcess(): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DATA_DIR: dir,
      SANDBOX_CLIENT_SECRET: 'lock-test-secret',
      SANDBOX_REDIRECT_URIS: 'http://localhost:3999/auth/tiktok/callback',
      SANDBOX_FFPROBE_PATH: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return { child, output: () => ({ stdout, stderr }) }
}

async function listening(run: Run): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!run.output().stdout.includes('TikTok sandbox listening')) {
    if (run.child.exitCode !== null) throw new Error(`the sandbox exited: ${run.output().stderr}`)
    if (Date.now() > deadline) throw new Error('the sandbox did not start')
    await new Promise((r) => setTimeout(r, 50))
  }
}

function lockHolder(): number | undefined {
  const text = readFileSync(path.join(dir, LOCK_FILE), 'utf8')
  return (JSON.parse(text) as { pid?: number }).pid
}

function stateFile(): string | null {
  const file = path.join(dir, 'state.json')
  return existsSync(file) ? readFileSync(file, 'utf8') : null
}

describe('the sandbox data folder lock', () => {
  it('refuses a second sandbox on the same folder before it starts, naming the folder, and exits non-zero', async () => {
    const first = sandboxProcess()
    await listening(first)
    expect(lockHolder()).toBe(first.child.pid)
    const stateBefore = stateFile()

    const second = sandboxProcess()
    const [code] = (await once(second.child, 'exit')) as [number | null]
    expect(code).toBe(1)
    const { stdout, stderr } = second.output()
    expect(stderr).toContain(`The data folder ${dir} is already in use by another TikTok sandbox process`)
    expect(stderr).toContain(`pid ${first.child.pid}`)
    expect(stdout).not.toContain('listening')
    // The first one keeps its lock and its state.
    expect(lockHolder()).toBe(first.child.pid)
    expect(stateFile()).toBe(stateBefore)
    expect(first.child.exitCode).toBeNull()
  }, 45_000)

  it('takes over a lock left by a process that died, and releases it when stopped', async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await once(dead, 'exit')
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead.pid, host: os.hostname() }))

    const run = sandboxProcess()
    await listening(run)
    expect(lockHolder()).toBe(run.child.pid)

    run.child.kill('SIGTERM')
    await once(run.child, 'exit')
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  }, 45_000)
})
