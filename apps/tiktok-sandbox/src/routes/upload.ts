import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import { expectedChunkRange } from '../domain/chunk-rules'
import { filePath, finishMedia, streamToFile } from '../domain/publishing'
import { sendApiError } from '../http/envelope'
import { MESSAGES } from '../http/errors'
import { injectFaults } from '../http/faults-hook'
import type { Sandbox } from '../sandbox'
import type { Publish } from '../state/schema'

export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const
/** The final chunk may reach 128 MB (tiktok-api.md §3.5 rule 2); the route accepts a little more so our own checks answer. */
export const UPLOAD_BODY_LIMIT = 130 * 1024 * 1024

/**
 * `PUT {upload_url}` (tiktok-api.md §3.4): one chunk per request, in order, streamed straight to disk at its offset.
 * 206 + `Content-Range: bytes 0-<last received>/<total>` while chunks remain, 201 after the last one; 400 malformed
 * headers or a body of another length, 403 expired URL, 404 unknown upload, 416 range not matching the progress. A
 * chunk cut off (its client died, or fell silent for `uploadIdleTimeoutMs`) is not counted: the progress stays at the
 * last whole chunk, and a client starting over learns it from the 416 (ADR 019).
 */
export async function uploadRoutes(scope: FastifyInstance, { sandbox }: { sandbox: Sandbox }): Promise<void> {
  // Every body reaches the handler as the raw request stream (never buffered); the handler checks the type itself
  // so a wrong Content-Type is a 400 like TikTok's, not Fastify's 415.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  scope.put('/upload/', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    const body = isReadable(request.body) ? request.body : undefined
    const fail = (status: number, code: string, message: string, publish?: Publish) => {
      body?.resume() // drain what we will not read so the connection stays usable
      if (publish) reply.header('content-range', progressRange(publish))
      return sendApiError(reply, sandbox, status, code, message)
    }

    const fault = await injectFaults(sandbox, request, false)
    if (fault === 'server_error') return fail(500, 'internal_error', MESSAGES.internal)

    const query = request.query as Record<string, string | undefined>
    const publish = Object.values(sandbox.state.publishes).find(
      (p) => p.uploadId !== null && p.uploadId === query.upload_id && p.uploadToken === query.upload_token,
    )
    if (!publish || publish.failedAt !== null) return fail(404, 'not_found', 'No upload task matches this upload_url.')
    if ((publish.uploadExpiresAt ?? 0) <= sandbox.now()) {
      return fail(403, 'upload_url_expired', 'The upload_url expired (it is valid for one hour).')
    }

    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      return fail(400, 'invalid_params', `Content-Type must be one of ${VIDEO_CONTENT_TYPES.join(', ')}`)
    }
    const lengthHeader = request.headers['content-length']
    if (lengthHeader === undefined || !/^\d+$/.test(lengthHeader)) {
      return fail(400, 'invalid_params', 'Content-Length is required')
    }
    const rangeHeader = request.headers['content-range']
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(rangeHeader ?? '')
    if (!range) return fail(400, 'invalid_params', 'Content-Range must look like "bytes first-last/total"')
    const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])]

    if (publish.receivedBytes >= publish.videoSize) {
      return fail(416, 'range_not_satisfiable', 'All chunks were already uploaded.', publish)
    }
    if (sandbox.uploadsInFlight.has(publish.publishId)) {
      return fail(416, 'range_not_satisfiable', 'Another chunk of this upload is still being received.', publish)
    }
    const index = Math.floor(publish.receivedBytes / publish.chunkSize)
    const expected = expectedChunkRange(publish, index)
    if (first !== expected.first || last !== expected.last || total !== publish.videoSize) {
      return fail(
        416,
        'range_not_satisfiable',
        `Expected Content-Range bytes ${expected.first}-${expected.last}/${publish.videoSize}`,
        publish,
      )
    }
    const length = last - first + 1
    if (Number(lengthHeader) !== length) {
      return fail(400, 'invalid_params', `Content-Length must be ${length}, the size of the Content-Range`)
    }
    if (!body) return fail(400, 'invalid_params', 'The request has no body')

    sandbox.uploadsInFlight.add(publish.publishId)
    // A client that vanished without closing its connection would hold this upload forever: drop it when silent.
    // (`app.inject` in tests has no real socket to watch.)
    const raw = request.raw.socket as Socket | undefined
    const socket = typeof raw?.setTimeout === 'function' ? raw : undefined
    const dropSilent = () => socket?.destroy()
    socket?.setTimeout(sandbox.config.uploadIdleTimeoutMs, dropSilent)
    try {
      let received: number
      try {
        received = await streamToFile(body, filePath(sandbox, publish), first, length)
      } catch {
        return fail(400, 'invalid_params', 'The body was shorter or longer than Content-Length')
      }
      if (received !== length) {
        return fail(400, 'invalid_params', `Received ${received} bytes, Content-Length said ${length}`)
      }
      publish.mimeType ??= contentType
      publish.receivedBytes = last + 1
      const done = publish.receivedBytes >= publish.videoSize
      if (done) await finishMedia(sandbox, publish)
      await sandbox.save()
      return sendChunkAccepted(reply, publish, done)
    } finally {
      socket?.setTimeout(0)
      socket?.removeListener('timeout', dropSilent)
      sandbox.uploadsInFlight.delete(publish.publishId)
    }
  })
}

function sendChunkAccepted(reply: FastifyReply, publish: Publish, done: boolean): FastifyReply {
  // The body of a PUT answer is not documented (tiktok-api.md §3.4); the status and Content-Range are what clients rely on.
  return reply
    .code(done ? 201 : 206)
    .header('content-range', progressRange(publish))
    .send()
}

// `bytes 0-<last received byte>/<total>`, or `bytes */<total>` before the first byte (RFC 9110 §14.4).
function progressRange(publish: Publish): string {
  return publish.receivedBytes > 0
    ? `bytes 0-${publish.receivedBytes - 1}/${publish.videoSize}`
    : `bytes */${publish.videoSize}`
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function'
}
