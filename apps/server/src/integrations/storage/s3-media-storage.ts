import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  DeleteObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { checkStorageKey, StorageNotFoundError, type MediaStorage, type StoredObject } from './port'

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint?: string | undefined
  /**
   * Where browsers reach the store, when that differs from `endpoint` (a container name such as `http://minio:9000`
   * that only the servers resolve): presigned URLs are signed for this address. The same store, the same keys.
   */
  publicEndpoint?: string | undefined
  bucket: string
  region: string
  /** Both or neither: without them the SDK's default credential chain (env, profile, instance role). */
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most self-hosted stores want this). */
  forcePathStyle: boolean
  /** Multipart part size in bytes (S3's minimum, 5 MiB, by default; memory use is about four parts per upload). */
  partSize?: number
  /** Keys per ListObjectsV2 page (S3's maximum, 1000, by default; tests page with fewer). */
  listPageSize?: number
  /** Where `withLocalFile` downloads objects (the system temp folder by default). */
  tempDir?: string
  /** For tests: the time presigned URLs are signed at. */
  clock?: () => Date
}

/**
 * Presigned URLs are signed at the start of a window of this length, so every page load within it gets the same URL
 * for an object and the browser's cache (keyed by URL) serves thumbnails and videos again; each URL is valid for the
 * asked time counted from the end of its window, so never for less than asked.
 */
export const PRESIGN_WINDOW_SECONDS = 5 * 60

export type S3MediaStorage = MediaStorage & {
  readonly bucket: string
  /** The SDK client (tests count its requests). */
  readonly client: S3Client
  /** HeadBucket: resolves when the bucket answers, else rejects with a message naming the bucket and the cause. */
  checkBucket(): Promise<void>
  /** Closes the client's sockets. */
  close(): void
}

/** The bucket did not answer HeadBucket at start: the message says which bucket, where, and why. */
export class StorageUnreachableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options)
    this.name = 'StorageUnreachableError'
  }
}

const MIN_PART_SIZE = 5 * 1024 * 1024
/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
}

/**
 * Media storage in an S3-compatible bucket (`STORAGE=s3`, ADR 035) through the official SDK: uploads stream from disk
 * (multipart above the part size, never the whole file in memory), reads are ranged GETs, the browser fetches videos
 * from presigned URLs, and ffmpeg gets a temporary local copy (`withLocalFile`). Every key passes `checkStorageKey`
 * before any request is made.
 */
export function createS3MediaStorage(options: S3StorageOptions): S3MediaStorage {
  const { bucket } = options
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE)
  const listPageSize = options.listPageSize ?? 1000
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    })
  const client = clientFor(options.endpoint)
  // Signing makes no request: this client only ever builds URLs for browsers.
  const signer = options.publicEndpoint ? clientFor(options.publicEndpoint) : client

  function key(value: string): string {
    checkStorageKey(value)
    return value
  }

  async function upload(sourcePath: string, objectKey: string): Promise<void> {
    const body = createReadStream(sourcePath)
    try {
      await new Upload({ client, params: { Bucket: bucket, Key: objectKey, Body: body }, partSize }).done()
    } finally {
      body.destroy()
    }
  }

  /** Every object under `prefix/` (the whole bucket without one), page by page. */
  async function* listAll(prefix: string | undefined): AsyncGenerator<StoredObject> {
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          MaxKeys: listPageSize,
          ...(prefix === undefined ? {} : { Prefix: `${key(prefix)}/` }),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      )
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async function deleteBatch(keys: string[]): Promise<void> {
    const result = await client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((k) => ({ Key: k })), Quiet: true } }),
    )
    const failed = result.Errors ?? []
    if (failed.length > 0) {
      throw new Error(
        `could not delete ${failed.length} object(s), first ${JSON.stringify(failed[0]?.Key)}: ${failed[0]?.Code}`,
      )
    }
  }

  return {
    kind: 's3',
    bucket,
    client,
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }))
      } catch (err) {
        const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }
        const status = e.$metadata?.httpStatusCode
        const cause =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401
              ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy)'
              : status === 301 || status === 400
                ? `the store refused the request (HTTP ${status}; check S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE)`
                : `${e.message || e.name || 'error'}${status ? ` (HTTP ${status})` : ''}`
        throw new StorageUnreachableError(
          `S3 bucket ${JSON.stringify(bucket)} is not reachable at ${options.endpoint ?? `AWS (${options.region})`}: ${cause}`,
          { cause: err },
        )
      }
    },
    close: () => {
      client.destroy()
      if (signer !== client) signer.destroy()
    },
    async importFile(sourcePath, objectKey) {
      await upload(sourcePath, key(objectKey))
      await unlink(sourcePath)
    },
    copyIn: (sourcePath, objectKey) => upload(sourcePath, key(objectKey)),
    async write(objectKey, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key(objectKey), Body: data }))
    },
    async size(objectKey) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(objectKey) }))
        return head.ContentLength ?? 0
      } catch (err) {
        if (isNotFound(err)) return null
        throw err
      }
    },
    read(objectKey, range) {
      key(objectKey)
      const out = new PassThrough()
      const abort = new AbortController()
      // A reader that stops early (the browser seeks) ends the GET rather than letting it download to the end.
      out.once('close', () => abort.abort())
      client
        .send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
          { abortSignal: abort.signal },
        )
        .then(
          (response) => pipeline(response.Body as Readable, out),
          (err: unknown) => {
            out.destroy(isNotFound(err) ? new StorageNotFoundError(objectKey) : (err as Error))
          },
        )
        // pipeline has already destroyed `out` with the error, for its reader to see.
        .catch(() => undefined)
      return out
    },
    async withLocalFile(objectKey, use) {
      key(objectKey)
      const dir = await mkdtemp(path.join(options.tempDir ?? tmpdir(), 'hookpost-s3-'))
      try {
        // The key's own name, extension included: ffmpeg and ffprobe guess formats from it.
        const file = path.join(dir, path.posix.basename(objectKey))
        let response
        try {
          response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }))
        } catch (err) {
          throw isNotFound(err) ? new StorageNotFoundError(objectKey) : err
        }
        await pipeline(response.Body as Readable, createWriteStream(file))
        return await use(file)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
    presignedUrl(objectKey, { expiresInSeconds, contentType, contentDisposition }) {
      const windowMs = PRESIGN_WINDOW_SECONDS * 1000
      const signingDate = new Date(Math.floor((options.clock?.() ?? new Date()).getTime() / windowMs) * windowMs)
      return getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key(objectKey),
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
          // Keys name immutable objects: the browser may keep what it fetched for as long as the URL is valid.
          ResponseCacheControl: `private, max-age=${expiresInSeconds}`,
        }),
        { expiresIn: expiresInSeconds + PRESIGN_WINDOW_SECONDS, signingDate },
      )
    },
    async *list(prefix) {
      // Only keys this app could have written: the orphan sweep passes each one back to `remove`.
      for await (const object of listAll(prefix)) {
        if (validKey(object.key)) yield object
      }
    },
    async remove(objectKey) {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(objectKey) }))
    },
    async removeFolder(prefix) {
      key(prefix)
      let batch: string[] = []
      for await (const object of listAll(prefix)) {
        batch.push(object.key)
        if (batch.length === DELETE_BATCH) {
          await deleteBatch(batch)
          batch = []
        }
      }
      if (batch.length > 0) await deleteBatch(batch)
    },
  }
}

function validKey(value: string): boolean {
  try {
    checkStorageKey(value)
    return true
  } catch {
    return false
  }
}
