import { createReadStream, mkdirSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where validated videos live: a port, so S3 can replace the local disk later (config STORAGE, not supported yet).
 * Keys are relative (`<userId>/<mediaId>.<ext>`); a key can never name a file outside the root.
 */
export interface MediaStorage {
  /** Moves a local file in under `key` (a rename on the same disk; copy + delete across disks). */
  importFile(sourcePath: string, key: string): Promise<void>
  /** Copies a local file in under `key`, leaving the source where it is (a stock clip copied for a person). */
  copyIn(sourcePath: string, key: string): Promise<void>
  /** Writes bytes under `key` (a generated image); readers never see half a file. */
  write(key: string, data: Uint8Array): Promise<void>
  /** The file on local disk: ffmpeg and the TikTok uploader read it directly. */
  absolutePath(key: string): string
  /** Size in bytes, or null when the file is missing. */
  size(key: string): Promise<number | null>
  /** Bytes `start`..`end` inclusive (the whole file without a range). */
  read(key: string, range?: { start: number; end: number }): Readable
  /** Deletes the file; a missing file is fine. */
  remove(key: string): Promise<void>
  /** Deletes the folder `prefix` and everything in it (a deleted person's `<userId>`); a missing folder is fine. */
  removeFolder(prefix: string): Promise<void>
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`)
    this.name = 'StorageKeyError'
  }
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export function createLocalMediaStorage(root: string): MediaStorage {
  const base = path.resolve(root)
  mkdirSync(base, { recursive: true })

  function resolve(key: string): string {
    const segments = key.split('/')
    if (segments.length === 0 || !segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..' && s !== '.')) {
      throw new StorageKeyError(key)
    }
    const full = path.resolve(base, ...segments)
    if (!full.startsWith(base + path.sep)) throw new StorageKeyError(key)
    return full
  }

  /** Written beside the target and renamed, so a reader never sees half a file. */
  async function writeWhole(key: string, fill: (partial: string) => Promise<void>): Promise<void> {
    const target = resolve(key)
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.partial-${process.pid}-${Date.now()}`
    try {
      await fill(partial)
      await rename(partial, target)
    } catch (err) {
      await rm(partial, { force: true })
      throw err
    }
  }

  return {
    async importFile(sourcePath, key) {
      const target = resolve(key)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(sourcePath, target)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
        await copyFile(sourcePath, target)
        await unlink(sourcePath)
      }
    },
    copyIn: (sourcePath, key) => writeWhole(key, (partial) => copyFile(sourcePath, partial)),
    write: (key, data) => writeWhole(key, (partial) => writeFile(partial, data)),
    absolutePath: resolve,
    async size(key) {
      try {
        const info = await stat(resolve(key))
        return info.isFile() ? info.size : null
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {})
    },
    async remove(key) {
      await rm(resolve(key), { force: true })
    },
    async removeFolder(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true })
    },
  }
}
