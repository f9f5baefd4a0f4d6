import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

/**
 * One process per data folder (ADR 002, ADR 019). The server's embedded database (PGlite) and the TikTok sandbox's
 * state file both lose data when two processes write the same folder, so each takes this lock before it reads
 * anything there. One implementation for both apps: the sandbox may not import the server (ADR 006).
 */

export interface DataDirLockOptions {
  /** The lock file inside the folder; each kind of holder has its own (e.g. `hookpost.lock`). */
  fileName: string
  /** The refusal people read: it names the folder, the holder and the ways out. */
  refusal: (dir: string, holderPid: number) => string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    message: string,
  ) {
    super(message)
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * An exclusive lock on a data folder: a file created with O_EXCL holding our pid and host. A lock left by a process
 * that died (kill -9, power loss) is taken over; a live holder (or one on another host sharing the folder, whose
 * liveness we cannot check) makes us refuse with `options.refusal`. Released on `release()` or when the process exits.
 */
export function acquireDataDirLock(dir: string, options: DataDirLockOptions): { release: () => void } {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, options.fileName)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }))
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.removeListener('exit', release)
        try {
          unlinkSync(file)
        } catch {
          // already gone
        }
      }
      process.once('exit', release)
      return { release }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      let holder: { pid?: unknown; host?: unknown } = {}
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder
      } catch {
        // unreadable lock (crash mid-write): treat as stale
      }
      const pid = typeof holder.pid === 'number' ? holder.pid : undefined
      const sameHost = holder.host === undefined || holder.host === hostname()
      if (pid !== undefined && ((sameHost && pid !== process.pid && isAlive(pid)) || !sameHost)) {
        throw new DataDirLockedError(dir, pid, options.refusal(dir, pid))
      }
      unlinkSync(file)
    }
  }
  throw new Error(`Could not lock ${dir}`)
}
