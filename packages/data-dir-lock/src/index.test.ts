import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, acquireDataDirLock as acquireLock } from './index'

const OPTIONS = {
  fileName: 'hookpost.lock',
  refusal: (dir: string, pid: number) => `${dir} is in use by pid ${pid}. Stop the other process.`,
}
const acquireDataDirLock = (dir: string) => acquireLock(dir, OPTIONS)

let dir: string
let children: ChildProcess[] = []
let releases: Array<() => void> = []

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'))
})
afterEach(() => {
  for (const release of releases) release()
  releases = []
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill()
  children = []
  rmSync(dir, { recursive: true, force: true })
})

function lockFile(): string {
  return path.join(dir, 'hookpost.lock')
}

function readLock(): { pid?: unknown; host?: unknown; since?: unknown } {
  return JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid?: unknown; host?: unknown; since?: unknown }
}

function acquire() {
  const lock = acquireDataDirLock(dir)
  releases.push(lock.release)
  return lock
}

/** A real, live process other than us (killed in afterEach). */
async function liveChild(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' })
  children.push(child)
  await once(child, 'spawn')
  if (child.pid === undefined) throw new Error('child has no pid')
  return child.pid
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  const pid = child.pid
  await once(child, 'exit')
  if (pid === undefined) throw new Error('child has no pid')
  return pid
}

describe('acquireDataDirLock', () => {
  it('creates hookpost.lock holding our pid and host', () => {
    acquire()
    expect(existsSync(lockFile())).toBe(true)
    const holder = readLock()
    expect(holder.pid).toBe(process.pid)
    expect(holder.host).toBe(os.hostname())
    expect(typeof holder.since).toBe('string')
  })

  it('creates the data folder when it does not exist yet', () => {
    const nested = path.join(dir, 'not', 'yet')
    const lock = acquireDataDirLock(nested)
    releases.push(lock.release)
    expect(existsSync(path.join(nested, 'hookpost.lock'))).toBe(true)
  })

  it('refuses while another live process holds the folder, with a message saying what to do', async () => {
    const pid = await liveChild()
    const content = JSON.stringify({ pid, host: os.hostname(), since: new Date().toISOString() })
    writeFileSync(lockFile(), content)

    let error: unknown
    try {
      acquire()
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
    expect(locked.message).toBe(OPTIONS.refusal(dir, pid))
    // The other holder's lock is left untouched.
    expect(readFileSync(lockFile(), 'utf8')).toBe(content)
  })

  it('takes over a stale lock left by a process that has exited', async () => {
    const pid = await deadPid()
    writeFileSync(lockFile(), JSON.stringify({ pid, host: os.hostname(), since: new Date(0).toISOString() }))

    acquire()
    expect(readLock().pid).toBe(process.pid)
  })

  it.each([
    ['garbage', 'not json {'],
    ['empty (crash mid-write)', ''],
    ['missing pid', JSON.stringify({ host: os.hostname() })],
  ])('treats an unreadable lock file (%s) as stale', (_label, content) => {
    writeFileSync(lockFile(), content)
    acquire()
    expect(readLock().pid).toBe(process.pid)
  })

  it('release() removes the file, is safe to call twice, and lets the folder be locked again', () => {
    const first = acquireDataDirLock(dir)
    first.release()
    expect(existsSync(lockFile())).toBe(false)
    expect(() => first.release()).not.toThrow()

    acquire()
    expect(existsSync(lockFile())).toBe(true)
    expect(readLock().pid).toBe(process.pid)
  })
})

describe('a lock held on another host (a shared folder)', () => {
  it('is refused: that process cannot be checked from here', () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: `not-${os.hostname()}` }))
    expect(() => acquire()).toThrow(DataDirLockedError)
  })
})
