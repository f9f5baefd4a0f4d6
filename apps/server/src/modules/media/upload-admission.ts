import { MESSAGES, POST_LIMITS, UPLOAD_LIMITS } from '@hookpost/shared'
import type { Log } from '../../lib/log'
import type { HeldUpload, UploadStore } from './upload-store'

/** What one user's unfinished uploads may hold at once (ADR 021). */
export interface UploadQuota {
  concurrent: number
  /** Sum of announced lengths; an upload whose length is deferred counts as the largest file allowed. */
  bytesInFlight: number
  maxFileBytes: number
  /**
   * An upload that has received nothing for this long gives its room to a new one of the same user when needed (it is
   * deleted), so a browser that crashed mid-upload cannot lock its owner out until the 24-hour sweep.
   */
  idleAfterMs: number
}

export const UPLOAD_QUOTA: UploadQuota = {
  concurrent: UPLOAD_LIMITS.concurrent,
  bytesInFlight: UPLOAD_LIMITS.bytesInFlight,
  maxFileBytes: POST_LIMITS.fileBytes,
  idleAfterMs: 60 * 60 * 1000,
}

/** Refused for the uploads in progress (429, ADR 021) or for the plan's storage (402 PLAN_LIMIT, ADR 058). */
export type Admission = { ok: true; reclaim: string[] } | { ok: false; message: string; refusal?: 'storage' }

/**
 * The plan's storage as admission asks it (ADR 058): the refusal's message when `incomingBytes` more (this upload and
 * the owner's others in progress) would not fit beside what they store, else null.
 */
export type StorageRoom = (ownerId: string, incomingBytes: number) => Promise<string | null>

/** What the owner's uploads in progress and a new one of `size` bytes announce (a deferred length: the largest file). */
export function incomingBytes(held: readonly HeldUpload[], size: number | undefined, quota: UploadQuota): number {
  const bytes = (upload: { size: number | undefined }) => upload.size ?? quota.maxFileBytes
  return held.reduce((sum, upload) => sum + bytes(upload), 0) + bytes({ size })
}

/**
 * May a new upload of `size` bytes (undefined: deferred) start beside those its owner holds? If only by giving up idle
 * ones, which (the longest idle first). Pure.
 */
export function planAdmission(held: readonly HeldUpload[], size: number | undefined, quota: UploadQuota, now: Date) {
  const fits = (kept: readonly HeldUpload[]) =>
    kept.length + 1 <= quota.concurrent && incomingBytes(kept, size, quota) <= quota.bytesInFlight
  let kept = [...held]
  const reclaim: string[] = []
  const idle = held
    .filter((upload) => now.getTime() - upload.lastActivityAt.getTime() > quota.idleAfterMs)
    .sort((a, b) => a.lastActivityAt.getTime() - b.lastActivityAt.getTime())
  for (const upload of idle) {
    if (fits(kept)) break
    kept = kept.filter((other) => other.id !== upload.id)
    reclaim.push(upload.id)
  }
  if (fits(kept)) return { ok: true, reclaim } satisfies Admission
  const message = kept.length + 1 > quota.concurrent ? MESSAGES.tooManyUploads : MESSAGES.tooManyUploadBytes
  return { ok: false, message } satisfies Admission
}

/**
 * The per-user upload caps as the tus endpoint applies them when an upload is created. What counts is on disk (every
 * API process shares DATA_DIR, so all of them see the same uploads), plus uploads this process is creating right now:
 * a user's admissions run one at a time, and an admitted upload is reserved until its creation request has finished,
 * so two parallel requests cannot both take the last slot.
 */
export function createUploadAdmission(deps: {
  store: Pick<UploadStore, 'heldBy' | 'remove'>
  clock: () => Date
  log: Pick<Log, 'info'>
  /** The plan's storage: usage + the uploads in progress + this one must fit (ADR 058). */
  storageRoom: StorageRoom
  quota?: UploadQuota
}) {
  const quota = deps.quota ?? UPLOAD_QUOTA
  const reserved = new Map<string, Map<string, HeldUpload>>()
  const queues = new Map<string, Promise<unknown>>()

  /** Runs `work` after every earlier admission of the same user has finished. */
  function oneAtATime<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(ownerId) ?? Promise.resolve()
    const next = previous.then(work, work)
    const tail = next.catch(() => undefined)
    queues.set(ownerId, tail)
    void tail.then(() => {
      if (queues.get(ownerId) === tail) queues.delete(ownerId)
    })
    return next
  }

  return {
    /** Admits (and reserves) upload `id`, or says why not. */
    admit(ownerId: string, id: string, size: number | undefined): Promise<Admission> {
      return oneAtATime(ownerId, async () => {
        const now = deps.clock()
        const onDisk = await deps.store.heldBy(ownerId)
        const mine = reserved.get(ownerId) ?? new Map<string, HeldUpload>()
        const held = [...onDisk.filter((upload) => !mine.has(upload.id)), ...mine.values()]
        const admission = planAdmission(held, size, quota, now)
        if (!admission.ok) return admission
        const kept = held.filter((upload) => !admission.reclaim.includes(upload.id))
        const storageRefusal = await deps.storageRoom(ownerId, incomingBytes(kept, size, quota))
        if (storageRefusal) return { ok: false, message: storageRefusal, refusal: 'storage' } satisfies Admission
        for (const idle of admission.reclaim) {
          await deps.store.remove(idle)
          deps.log.info(`[uploads] gave the room of idle upload ${idle} to a new upload of the same user`)
        }
        mine.set(id, { id, size, lastActivityAt: now })
        reserved.set(ownerId, mine)
        return admission
      })
    },
    /** The creation request of `id` has finished: from now on the disk tells (or it failed and holds nothing). */
    release(ownerId: string, id: string) {
      const mine = reserved.get(ownerId)
      mine?.delete(id)
      if (mine?.size === 0) reserved.delete(ownerId)
    },
  }
}

export type UploadAdmission = ReturnType<typeof createUploadAdmission>
