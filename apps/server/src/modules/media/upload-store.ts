import { FileStore } from '@tus/file-store'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises'
import path from 'node:path'

/**
 * Unfinished and finished-but-not-yet-checked tus uploads, on local disk under `<dataDir>/uploads`: `<id>` holds the
 * bytes, `<id>.json` the tus record (size, metadata with the owner's user id). Finalising first *claims* an upload by
 * renaming its bytes into `.claimed/` (atomic, so two finalise calls cannot both take it), then either moves it into
 * media storage or deletes it. Whatever is left after 24 hours is swept away.
 */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000
/** A claim lives for one ffprobe run; one left behind means the process died mid-check. */
const CLAIM_EXPIRY_MS = 60 * 60 * 1000
const CLAIMED_DIR = '.claimed'
/** Metadata key holding the owner's user id; set by the server, never taken from the client. */
export const OWNER_METADATA_KEY = 'owner'

const UPLOAD_ID = /^[0-9a-f]{32}$/
export function newUploadId(): string {
  return randomBytes(16).toString('hex')
}
export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id)
}

export interface UploadInfo {
  id: string
  ownerId: string | null
  filename: string | null
  filetype: string | null
  /** Announced length (Upload-Length); undefined while deferred. */
  size: number | undefined
  /** Bytes received so far. */
  offset: number
  complete: boolean
}

/** An upload that holds room for its owner (ADR 021): created, not yet finalised, cancelled or expired. */
export interface HeldUpload {
  id: string
  /** Announced length (Upload-Length); undefined while deferred. */
  size: number | undefined
  /** When bytes last arrived (or it was created): its data file's modification time. */
  lastActivityAt: Date
}

export interface ClaimedUpload {
  path: string
  /** Puts the bytes back where tus expects them (the check could not run; the user can try again). */
  release(): Promise<void>
  /** Deletes the claimed bytes (if still there) and the tus record. */
  discard(): Promise<void>
}

export interface UploadStore {
  /** The tus data store the HTTP endpoint writes through. */
  readonly datastore: FileStore
  find(id: string): Promise<UploadInfo | undefined>
  claim(id: string): Promise<ClaimedUpload | undefined>
  remove(id: string): Promise<void>
  /**
   * The uploads `ownerId` holds on disk. Uploads being finalised (claimed) hold nothing here any more. Reads the
   * folder every time (every API process sees the same disk), but each tus record only once per process.
   */
  heldBy(ownerId: string): Promise<HeldUpload[]>
  /** Deletes every upload of `ownerId`, finished or not (a deleted account); returns how many. */
  removeOwnedBy(ownerId: string): Promise<number>
  /** Deletes uploads created before `now - 24 h` (finished or not) and stale claims; returns how many. */
  sweepExpired(now: Date): Promise<number>
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT'
}

export function createUploadStore(options: { directory: string; expiresAfterMs?: number }): UploadStore {
  const directory = path.resolve(options.directory)
  const claimedDir = path.join(directory, CLAIMED_DIR)
  const expiresAfterMs = options.expiresAfterMs ?? UPLOAD_EXPIRY_MS
  // FileStore creates its folder asynchronously and throws from a callback on failure: create both up front.
  mkdirSync(claimedDir, { recursive: true })
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiresAfterMs })

  const dataPath = (id: string) => path.join(directory, id)
  const recordPath = (id: string) => path.join(directory, `${id}.json`)

  async function remove(id: string) {
    await rm(dataPath(id), { force: true })
    await rm(recordPath(id), { force: true })
  }

  /** Who owns an upload and its announced size never change once known: read each record once. */
  const recordFacts = new Map<string, { ownerId: string | null; size: number | undefined }>()
  async function factsOf(id: string) {
    const known = recordFacts.get(id)
    if (known && known.size !== undefined) return known
    const record = JSON.parse(await readFile(recordPath(id), 'utf8')) as {
      size?: unknown
      metadata?: Record<string, unknown> | null
    }
    const owner = record.metadata?.[OWNER_METADATA_KEY]
    const facts = {
      ownerId: typeof owner === 'string' ? owner : null,
      size: typeof record.size === 'number' ? record.size : undefined,
    }
    recordFacts.set(id, facts)
    return facts
  }

  return {
    datastore,
    async find(id) {
      if (!isUploadId(id)) return undefined
      let upload
      try {
        upload = await datastore.getUpload(id)
      } catch {
        // Not found, or its bytes are gone (claimed by a finalise in progress): either way, not there.
        return undefined
      }
      const metadata = upload.metadata ?? {}
      return {
        id,
        ownerId: metadata[OWNER_METADATA_KEY] ?? null,
        filename: metadata.filename ?? null,
        filetype: metadata.filetype ?? null,
        size: upload.size,
        offset: upload.offset,
        complete: upload.size !== undefined && upload.offset === upload.size,
      }
    },
    async claim(id) {
      if (!isUploadId(id)) return undefined
      const claimedPath = path.join(claimedDir, id)
      try {
        await rename(dataPath(id), claimedPath)
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
      // The claim's age (for the sweeper) starts now, not at the upload's last write.
      const claimedAt = new Date()
      await utimes(claimedPath, claimedAt, claimedAt)
      return {
        path: claimedPath,
        release: () => rename(claimedPath, dataPath(id)),
        async discard() {
          await rm(claimedPath, { force: true })
          await rm(recordPath(id), { force: true })
        },
      }
    },
    remove,
    async heldBy(ownerId) {
      const names = new Set(await readdir(directory))
      const ids = [...names].filter((name) => isUploadId(name) && names.has(`${name}.json`))
      for (const id of recordFacts.keys()) if (!names.has(id)) recordFacts.delete(id)
      const held: HeldUpload[] = []
      for (const id of ids) {
        const facts = await factsOf(id).catch(() => undefined)
        if (facts?.ownerId !== ownerId) continue
        const info = await stat(dataPath(id)).catch(() => undefined)
        if (info) held.push({ id, size: facts.size, lastActivityAt: info.mtime })
      }
      return held
    },
    async removeOwnedBy(ownerId) {
      let removed = 0
      for (const name of await readdir(directory)) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : ''
        if (!isUploadId(id)) continue
        let facts
        try {
          facts = await factsOf(id)
        } catch (err) {
          if (isMissing(err)) continue // finalised or swept meanwhile
          throw err
        }
        if (facts.ownerId !== ownerId) continue
        await remove(id)
        // A finalise in progress holds the bytes under .claimed/; its media row can no longer be written either.
        await rm(path.join(claimedDir, id), { force: true })
        removed++
      }
      return removed
    },
    async sweepExpired(now) {
      let removed = 0
      const uploadCutoff = now.getTime() - expiresAfterMs
      for (const name of await readdir(directory)) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name
        if (!isUploadId(id) || (name !== id && name !== `${id}.json`)) continue
        if (name === id) {
          // Bytes without a record (a crash between the two writes) are judged by their age on disk.
          const hasRecord = await stat(recordPath(id)).then(
            () => true,
            () => false,
          )
          const info = hasRecord ? undefined : await stat(dataPath(id)).catch(() => undefined)
          if (info && info.mtimeMs < uploadCutoff) {
            await remove(id)
            removed++
          }
          continue
        }
        let createdAt = Number.NaN
        try {
          const record = JSON.parse(await readFile(recordPath(id), 'utf8')) as { creation_date?: unknown }
          if (typeof record.creation_date === 'string') createdAt = Date.parse(record.creation_date)
        } catch (err) {
          if (isMissing(err)) continue // removed meanwhile (finalised, or another sweeper)
        }
        // A record without a readable creation date is judged by its age on disk.
        if (Number.isNaN(createdAt))
          createdAt = (await stat(recordPath(id)).catch(() => undefined))?.mtimeMs ?? Infinity
        if (createdAt < uploadCutoff) {
          await remove(id)
          removed++
        }
      }
      const claimCutoff = now.getTime() - CLAIM_EXPIRY_MS
      for (const name of await readdir(claimedDir)) {
        const info = await stat(path.join(claimedDir, name)).catch(() => undefined)
        if (info && info.mtimeMs < claimCutoff) {
          await rm(path.join(claimedDir, name), { force: true })
          await rm(recordPath(name), { force: true })
          removed++
        }
      }
      return removed
    },
  }
}
