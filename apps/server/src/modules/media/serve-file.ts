import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import { parseByteRange } from './byte-range'

/** A stored file to send: its size and type, and a lazy reader (Range requests read a slice). */
export interface ServedFile {
  sizeBytes: number
  contentType: string
  fileName: string
  open(range?: { start: number; end: number }): Readable
}

/** RFC 6266 / 8187: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * Sends a stored file for GET or HEAD with one `Range` (RFC 9110 §14): 200 with the whole file, 206 with a slice, 416
 * when the range starts past the end. HEAD sends the headers only, without opening the file. Routes declare HEAD
 * themselves: Fastify's automatic one would read the whole file to throw it away.
 */
export function sendStoredFile(
  request: { method: string; headers: { range?: string | undefined } },
  reply: FastifyReply,
  file: ServedFile,
  options: { disposition: 'inline' | 'attachment' },
) {
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
