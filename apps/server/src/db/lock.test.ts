import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, acquireDataDirLock } from './lock'

// The mechanism (stale locks, unreadable files, release) is tested with the shared package
// (packages/data-dir-lock); here: the server's lock file and what its refusal says.
let dir: string
let child: ChildProcess | undefined

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hookpost-lock-'))
})
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill()
  child = undefined
  rmSync(dir, { recursive: true, force: true })
})

describe('the PGlite folder lock', () => {
  it('is hookpost.lock in the data folder, holding our pid', () => {
    const lock = acquireDataDirLock(dir)
    try {
      const holder = JSON.parse(readFileSync(path.join(dir, 'hookpost.lock'), 'utf8')) as { pid?: unknown }
      expect(holder.pid).toBe(process.pid)
    } finally {
      lock.release()
    }
    expect(existsSync(path.join(dir, 'hookpost.lock'))).toBe(false)
  })

  it('refuses while another live process holds it, naming the folder, the pid and the ways out', async () => {
    child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' })
    await once(child, 'spawn')
    const pid = child.pid!
    writeFileSync(path.join(dir, 'hookpost.lock'), JSON.stringify({ pid, host: os.hostname() }))

    let error: unknown
    try {
      acquireDataDirLock(dir).release()
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(DataDirLockedError)
    const locked = error as DataDirLockedError
    expect(locked.name).toBe('DataDirLockedError')
    expect(locked.dir).toBe(dir)
    expect(locked.holderPid).toBe(pid)
    expect(locked.message).toContain(dir)
    expect(locked.message).toContain(`pid ${pid}`)
    expect(locked.message).toContain('Stop the other process')
    expect(locked.message).toContain('DATA_DIR')
    expect(locked.message).toContain('DATABASE_URL')
  })
})
