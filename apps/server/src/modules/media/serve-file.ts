import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import type { MediaStorage } from '../../integrations/storage'
import { parseByteRange } from './byte-range'

/** How long a redirect to the storage's own URL may be followed (a paused video asks the app again afterwards). */
export const PRESIGNED_URL_SECONDS = 15 * 60

/** A stored file to send: its size and type, and a lazy reader (Range requests read a slice). */
export interface ServedFile {
  sizeBytes: number
  contentType: string
  fileName: string
  open(range?: { start: number; end: number }): Readable
  /**
   * A URL the browser may fetch the bytes from directly (S3: a presigned GET that answers with this type and
   * disposition, Range included), or null when the app sends them itself (local storage). Absent: always the app.
   */
  directUrl?(options: {
    expiresInSeconds: number
    contentType: string
    contentDisposition: string
  }): Promise<string | null>
}

/**
 * The origin the browser is redirected to for stored files (S3's presigned URLs), for the page's CSP (media-src,
 * img-src): read from a presigned URL (signing is local, nothing is fetched); none when the app serves the files
 * itself (local storage).
 */
export async function storageOrigins(storage: Pick<MediaStorage, 'presignedUrl'>): Promise<string[]> {
  const url = await storage.presignedUrl('csp/origin', {
    expiresInSeconds: 60,
    contentType: 'video/mp4',
    contentDisposition: 'inline',
  })
  return url ? [new URL(url).origin] : []
}

/** A file of media storage under `key`: read through the store, or fetched from it directly when it can (S3). */
export function storedFile(
  storage: Pick<MediaStorage, 'read' | 'presignedUrl'>,
  key: string,
  file: Pick<ServedFile, 'sizeBytes' | 'contentType' | 'fileName'>,
): ServedFile {
  return {
    ...file,
    open: (range) => storage.read(key, range),
    directUrl: (options) => storage.presignedUrl(key, options),
  }
}

/** RFC 6266 / 8187: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * Sends a stored file for GET or HEAD, the caller having checked it is the person's. When the storage hands out its
 * own short-lived URL (S3), a 302 to it: the bytes never pass through the app, and the browser's Range requests go
 * there. Otherwise the bytes, with one `Range` (RFC 9110 §14): 200 with the whole file, 206 with a slice, 416 when
 * the range starts past the end. HEAD sends the headers only, without opening the file. Routes declare HEAD
 * themselves: Fastify's automatic one would read the whole file to throw it away.
 */
export async function sendStoredFile(
  request: { method: string; headers: { range?: string | undefined } },
  reply: FastifyReply,
  file: ServedFile,
  options: { disposition: 'inline' | 'attachment' },
) {
  const direct = await file.directUrl?.({
    expiresInSeconds: PRESIGNED_URL_SECONDS,
    contentType: file.contentType,
    contentDisposition: contentDisposition(options.disposition, file.fileName),
  })
  if (direct) {
    // The link works for anyone holding it, for a while: never kept by a cache, and asked for again every time.
    return reply.code(302).header('location', direct).header('cache-control', 'private, no-store').send()
  }
  const range = parseByteRange(request.headers.range, file.sizeBytes)
  const body = (slice?: { start: number; end: number }) => (request.method === 'HEAD' ? null : file.open(slice))
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(options.disposition, file.fileName))
    // The URL names one immutable file; only its owner may see it.
    .header('cache-control', 'private, max-age=3600')
  switch (range.kind) {
    case 'unsatisfiable':
      return reply.code(416).header('content-range', `bytes */${file.sizeBytes}`).send(null)
    case 'partial':
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
        .header('content-length', range.end - range.start + 1)
        .send(body({ start: range.start, end: range.end }))
    case 'full':
      return reply.header('content-length', file.sizeBytes).send(body())
  }
}
