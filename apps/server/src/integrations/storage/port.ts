import type { Readable } from 'node:stream'

/**
 * Where validated videos, renders and images live (issue 22): the local disk under DATA_DIR (`STORAGE=local`, one
 * machine) or an S3-compatible bucket (`STORAGE=s3`, any number of api/worker processes on any machines).
 * Keys are relative (`<userId>/<mediaId>.<ext>`), checked by `checkStorageKey`: a key can never name something
 * outside the store.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3'
  /** Moves a local file in under `key` (local: a rename on the same disk; S3: a multipart upload, then the file is deleted). */
  importFile(sourcePath: string, key: string): Promise<void>
  /** Copies a local file in under `key`, leaving the source where it is (a stock clip copied for a person). */
  copyIn(sourcePath: string, key: string): Promise<void>
  /** Writes bytes under `key` (a generated image); readers never see half an object. */
  write(key: string, data: Uint8Array): Promise<void>
  /** Size in bytes, or null when the object is missing. */
  size(key: string): Promise<number | null>
  /**
   * Bytes `start`..`end` inclusive (the whole object without a range). The stream errors (StorageNotFoundError) when
   * the object is missing.
   */
  read(key: string, range?: { start: number; end: number }): Readable
  /**
   * Runs `use` with a file on local disk holding the object (ffmpeg and ffprobe read files): local storage passes its
   * own file, S3 downloads it to a temporary file that is deleted when `use` settles. Rejects with
   * StorageNotFoundError when the object is missing.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>
  /**
   * A URL the browser may fetch the object from directly for `expiresInSeconds` (a presigned GET: Range requests work),
   * answering with the given content type and disposition; null when the app serves the bytes itself (local).
   */
  presignedUrl(
    key: string,
    options: { expiresInSeconds: number; contentType: string; contentDisposition: string },
  ): Promise<string | null>
  /** Every object under `prefix` (a folder, e.g. `<userId>`; everything when omitted): the orphan sweep. */
  list(prefix?: string): AsyncIterable<StoredObject>
  /** Deletes the object; a missing one is fine. */
  remove(key: string): Promise<void>
  /** Deletes the folder `prefix` and everything in it (a deleted person's `<userId>`); a missing folder is fine. */
  removeFolder(prefix: string): Promise<void>
}

export interface StoredObject {
  key: string
  size: number
  lastModified: Date
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`)
    this.name = 'StorageKeyError'
  }
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT'
  constructor(key: string) {
    super(`no stored object under ${JSON.stringify(key)}`)
    this.name = 'StorageNotFoundError'
  }
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** The key's segments, or StorageKeyError: no empty, dot-led, `..` or slash-laden segment ever reaches a store. */
export function checkStorageKey(key: string): string[] {
  const segments = key.split('/')
  if (segments.length === 0 || !segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..' && s !== '.')) {
    throw new StorageKeyError(key)
  }
  return segments
}
