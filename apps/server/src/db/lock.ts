import { acquireDataDirLock as acquireLock, DataDirLockedError } from '@hookpost/data-dir-lock'

export { DataDirLockedError }

/**
 * The PGlite data folder's lock (ADR 002): PGlite allows one process per folder, and a second one silently corrupts it.
 * The mechanism (O_EXCL file, stale locks of dead processes taken over) is shared with the TikTok sandbox (ADR 019).
 */
export function acquireDataDirLock(dir: string): { release: () => void } {
  return acquireLock(dir, {
    fileName: 'hookpost.lock',
    refusal: (folder, pid) =>
      `The embedded database in ${folder} is already in use by another Hookpost process (pid ${pid}).\n` +
      'PGlite allows only one process per data folder; a second one would corrupt it.\n' +
      'Stop the other process, or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.',
  })
}
