import { Server } from '@tus/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MESSAGES, POST_LIMITS, type ApiError } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { findForbiddenText, forbiddenTextError } from '../../lib/forbidden-text'
import { isUploadId, newUploadId, OWNER_METADATA_KEY, type UploadStore } from './upload-store'
import { userId } from '../../lib/request-user'
import { createUploadAdmission, type StorageRoom, type UploadAdmission } from './upload-admission'

export interface UploadRoutesOptions {
  uploads: UploadStore
  /** PUBLIC_URL: its path (if any) prefixes the Location of new uploads; its origin is the only CORS origin. */
  publicUrl: string
  maxBytes?: number
  /** The plan's storage, checked when an upload is created (ADR 058). */
  storageRoom: StorageRoom
  /** Per-user caps on uploads in progress (default: UPLOAD_QUOTA over `uploads`, and `storageRoom`). */
  admission?: UploadAdmission
}

/** The signed-in user of a request tus is handling (tus hooks see only the raw Node request). */
const ownerOfRequest = new WeakMap<object, string>()
/** The upload a creation request reserved room for, released once the request is over. */
const reservationOfRequest = new WeakMap<object, string>()

class TusHttpError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body)
  }
}

function apiErrorBody(code: ApiError['code'], message: string): string {
  return JSON.stringify({ code, message } satisfies ApiError)
}

/**
 * tus answers its own protocol errors in plain text; ours always have the `{ code, message }` shape (style.md rule 6),
 * so the web can show the same words for a failed upload as for any other error. tus sets no Content-Type on them.
 */
function tusErrorBody(err: Error | { status_code: number; body: string }): { status_code: number; body: string } {
  const status = 'status_code' in err && typeof err.status_code === 'number' ? err.status_code : 500
  switch (status) {
    case 401:
      return { status_code: 401, body: apiErrorBody('UNAUTHENTICATED', MESSAGES.notAuthenticated) }
    case 402:
      return { status_code: 402, body: apiErrorBody('PLAN_LIMIT', 'body' in err ? err.body : MESSAGES.uploadFailed) }
    case 404:
    case 410:
      return { status_code: status, body: apiErrorBody('NOT_FOUND', MESSAGES.uploadNotFound) }
    case 409:
      return { status_code: 409, body: apiErrorBody('CONFLICT', MESSAGES.uploadOffsetConflict) }
    case 413:
      return { status_code: 413, body: apiErrorBody('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge) }
    case 429:
      return { status_code: 429, body: apiErrorBody('RATE_LIMITED', 'body' in err ? err.body : MESSAGES.uploadFailed) }
  }
  if (status >= 500) return { status_code: 500, body: apiErrorBody('INTERNAL', MESSAGES.uploadFailed) }
  const text = 'body' in err && typeof err.body === 'string' ? err.body.trim() : MESSAGES.uploadFailed
  return { status_code: status, body: apiErrorBody('BAD_REQUEST', text || MESSAGES.uploadFailed) }
}

/**
 * The tus 1.0 resumable-upload endpoint (creation, creation-with-upload, termination, expiration) at `/api/uploads`,
 * registered inside the signed-in scope. Fastify checks who is asking and whose upload it is; @tus/server speaks the
 * protocol and streams PATCH bodies straight to disk (never buffered: the content-type parser below leaves the body
 * unread). Uploads are owned by the user who created them: anyone else gets 404, exactly as for a missing upload.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, options) => {
  const maxBytes = options.maxBytes ?? POST_LIMITS.fileBytes
  const publicUrl = new URL(options.publicUrl)
  const basePath = publicUrl.pathname.replace(/\/+$/, '')
  const admission =
    options.admission ??
    createUploadAdmission({
      store: options.uploads,
      clock: () => new Date(),
      log: { info: (msg) => app.log.info(msg) },
      storageRoom: options.storageRoom,
    })

  const tus = new Server({
    path: app.prefix,
    datastore: options.uploads.datastore,
    maxSize: maxBytes,
    namingFunction: () => newUploadId(),
    // Relative, so it works behind any proxy: the browser resolves it against PUBLIC_URL's origin.
    generateUrl: (_req, { path, id }) => `${basePath}${path}/${id}`,
    allowedOrigins: [publicUrl.origin],
    onUploadCreate: async (req, upload) => {
      const nodeRequest = req.runtime?.node?.req
      const owner = nodeRequest ? ownerOfRequest.get(nodeRequest) : undefined
      if (!nodeRequest || !owner) throw new TusHttpError(401, MESSAGES.notAuthenticated)
      const metadata = upload.metadata ?? {}
      // The file name is shown wherever the video is: the same text rule as every JSON field (ADR 021).
      const badName = findForbiddenText(metadata.filename ?? '')
      if (badName) throw new TusHttpError(400, forbiddenTextError({ ...badName, path: 'filename' }, 'filename').message)
      // Per-user caps on uploads in progress (ADR 021); the room is reserved until this request is over.
      const admitted = await admission.admit(owner, upload.id, upload.size)
      // The plan's storage is a plan refusal like the others (402 PLAN_LIMIT, ADR 036/058); the caps are 429.
      if (!admitted.ok) throw new TusHttpError(admitted.refusal === 'storage' ? 402 : 429, admitted.message)
      reservationOfRequest.set(nodeRequest, upload.id)
      // Only what we use; the owner is ours to set, whatever the client sent.
      return {
        metadata: {
          filename: metadata.filename ?? null,
          filetype: metadata.filetype ?? null,
          [OWNER_METADATA_KEY]: owner,
        },
      }
    },
    onResponseError: (_req, err) => tusErrorBody(err),
  })

  // tus PATCH (and creation-with-upload POST) bodies: leave the stream for tus to pipe to disk.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack()
    try {
      await tus.handle(request.raw, reply.raw)
    } catch (err) {
      request.log.error({ err }, 'tus failed to answer')
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' })
        reply.raw.end(apiErrorBody('INTERNAL', MESSAGES.uploadFailed))
      } else {
        reply.raw.destroy()
      }
    }
  }

  app.route({
    method: ['POST', 'OPTIONS'],
    url: '',
    schema: {
      tags: ['media'],
      summary: 'Create a resumable upload (tus 1.0: creation, creation-with-upload)',
      description:
        `Upload-Length at most ${maxBytes} bytes (413 otherwise); Upload-Metadata \`filename\`, \`filetype\`. ` +
        'The Location header is relative. Then POST /api/media with the upload id to check and keep the video.',
    },
    handler: async (request, reply) => {
      const owner = userId(request)
      if (request.method === 'POST') {
        const length = request.headers['upload-length']
        if (typeof length === 'string' && /^\d+$/.test(length) && Number(length) > maxBytes) {
          throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge)
        }
        ownerOfRequest.set(request.raw, owner)
      }
      try {
        await handOver(request, reply)
      } finally {
        const reservedId = reservationOfRequest.get(request.raw)
        if (reservedId) admission.release(owner, reservedId)
      }
    },
  })

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/:id',
    schema: {
      tags: ['media'],
      summary: 'Resume (HEAD → Upload-Offset), send bytes (PATCH) or cancel (DELETE) an upload of yours',
      params: z.object({ id: z.string() }),
    },
    handler: async (request, reply) => {
      const owner = userId(request)
      const { id } = request.params
      if (request.method !== 'OPTIONS') {
        const upload = isUploadId(id) ? await options.uploads.find(id) : undefined
        if (!upload || upload.ownerId !== owner) throw new AppError('NOT_FOUND', MESSAGES.uploadNotFound)
      }
      await handOver(request, reply)
    },
  })
}
