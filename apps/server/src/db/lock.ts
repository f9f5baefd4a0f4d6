import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by another Hookpost process (pid ${holderPid}).\n` +
        'PGlite allows only one process per data folder; a second one would corrupt it.\n' +
        'Stop the other process, or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.',
    )
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
 * An exclusive lock on a PGlite data folder: a file created with O_EXCL holding our pid. A lock left by a process that
 * died (kill -9, power loss) is taken over; a live holder makes us refuse with a clear message.
 */
export function acquireDataDirLock(dir: string): { release: () => void } {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'hookpost.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }))
      closeSync(fd)
      let released = false
      const release = () => {
        if (released) return
        released = true
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
      let holder: { pid?: number; host?: string } = {}
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder
      } catch {
        // unreadable lock (crash mid-write): treat as stale
      }
      const pid = typeof holder.pid === 'number' ? holder.pid : undefined
      const sameHost = holder.host === undefined || holder.host === hostname()
      if (pid !== undefined && pid !== process.pid && sameHost && isAlive(pid)) throw new DataDirLockedError(dir, pid)
      if (pid !== undefined && !sameHost) throw new DataDirLockedError(dir, pid)
      unlinkSync(file)
    }
  }
  throw new Error(`Could not lock ${dir}`)
}
