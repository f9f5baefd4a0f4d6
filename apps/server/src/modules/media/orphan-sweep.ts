import type { MediaStorage } from '../../integrations/storage'
import type { JobHandlers } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import type { StorageReferences } from './storage-references.repository'
import { UPLOAD_EXPIRY_MS } from './upload-store'

/**
 * How old an unreferenced object must be before the sweep deletes it. Every object is stored before its row is
 * written, so a young one may be an import in flight; and a local import is a rename, which keeps the file's own
 * time: an upload may be a day old (UPLOAD_EXPIRY_MS, plus the hour between upload sweeps) when it is moved in.
 * Twice that leaves no doubt.
 */
export const ORPHAN_GRACE_MS = 2 * UPLOAD_EXPIRY_MS

export interface OrphanSweepDeps {
  storage: Pick<MediaStorage, 'list' | 'remove'>
  references: Pick<StorageReferences, 'keysOfUser' | 'isReferenced'>
  clock: () => Date
  log: Pick<Log, 'info' | 'warn'>
  graceMs?: number
}

export interface OrphanSweepResult {
  /** Objects looked at. */
  checked: number
  /** Keys deleted: stored, referenced by no row, and older than the grace period. */
  removed: string[]
}

/**
 * The `media.orphan-sweep` job (hourly): deletes stored objects no row references, left by a crash between storing a
 * file and writing its row, a delete whose file removal failed, or an account whose folder outlived it. Walks the
 * storage once; the referenced keys are read one user folder (a key's first segment) at a time, so the sweep never
 * holds every key of every user. Idempotent: several workers sweeping at once only find things already gone.
 */
export function createOrphanSweep(deps: OrphanSweepDeps) {
  const { storage, references, log } = deps
  const graceMs = deps.graceMs ?? ORPHAN_GRACE_MS

  return async function sweepOrphans(): Promise<OrphanSweepResult> {
    const cutoff = deps.clock().getTime() - graceMs
    const result: OrphanSweepResult = { checked: 0, removed: [] }
    // The folder whose keys are held: a listing returns a folder's objects together, so each is read once.
    let folder: string | undefined
    let referenced = new Set<string>()
    for await (const object of storage.list()) {
      result.checked++
      if (object.lastModified.getTime() > cutoff) continue
      const owner = object.key.split('/')[0] ?? ''
      if (owner !== folder) {
        referenced = await references.keysOfUser(owner)
        folder = owner
      }
      if (referenced.has(object.key) || (await references.isReferenced(object.key))) continue
      try {
        await storage.remove(object.key)
        result.removed.push(object.key)
        log.info(
          `[media] orphan sweep removed ${object.key} (${object.size} B, stored ${object.lastModified.toISOString()})`,
        )
      } catch (err) {
        log.warn(
          `[media] orphan sweep could not remove ${object.key}: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    }
    if (result.removed.length > 0) {
      log.info(`[media] orphan sweep: ${result.removed.length} of ${result.checked} stored objects removed`)
    }
    return result
  }
}

/** The job's handler (registered by worker processes). */
export function orphanSweepJobHandlers(
  sweep: () => Promise<OrphanSweepResult>,
): Pick<JobHandlers, 'media.orphan-sweep'> {
  return {
    'media.orphan-sweep': async () => {
      await sweep()
    },
  }
}
