import type { Meta } from '@uppy/core'
import type { TusBody } from '@uppy/tus'
import { MESSAGES } from '@hookpost/shared/messages'
import { POST_LIMITS } from '@hookpost/shared/posts'
import { announcePlanRefusal, isPlanRefusalCode } from '../plan-refusal'

/**
 * The composer's port to the upload transport: send one file, report progress, give back the upload's id (what
 * POST /api/media finalizes), and stop on request. The real one speaks tus through Uppy; tests pass a fake (jsdom has
 * neither tus nor real XHR uploads).
 */
export type VideoUploadTask = {
  /** Resolves with the upload id; rejects with `UploadError`, or `UploadCancelledError` after `cancel()`. */
  done: Promise<string>
  cancel: () => void
}
export type VideoUploader = (file: File, onProgress: (sentBytes: number, totalBytes: number) => void) => VideoUploadTask

export class UploadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadError'
  }
}

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled')
    this.name = 'UploadCancelledError'
  }
}

/** The tus endpoint (ADR: uploads over tus so a dropped connection resumes instead of starting again). */
export const UPLOAD_ENDPOINT = '/api/uploads'
/** Bounded PATCH bodies: a proxy in front of the server may cap request sizes, and a retry resends at most this. */
const CHUNK_BYTES = 8 * 1024 * 1024

/** The id the server gives a tus upload is the last path segment of its URL. */
export function uploadIdFromUrl(url: string): string {
  const path = new URL(url, 'http://localhost').pathname
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '')
}

/** What to say when the tus server refused: its own `{ message }` for a 4xx, the spec's sentences otherwise. */
export function uploadErrorMessage(status: number | undefined, responseText: string | undefined): string {
  if (status === 413) return MESSAGES.fileTooLarge
  if (status === 401) return MESSAGES.notAuthenticated
  if (status !== undefined && status >= 400 && status < 500 && responseText) {
    try {
      const body = JSON.parse(responseText) as { message?: unknown }
      if (typeof body.message === 'string' && body.message) return body.message
    } catch {
      // Not JSON (tus servers may answer in plain text): fall through to the generic sentence.
    }
  }
  return MESSAGES.uploadFailed
}

/**
 * A refused upload, as `UploadError` with `uploadErrorMessage`'s words. A refusal of the plan (its storage, ADR 058)
 * is announced as the API client announces every other one, so the upgrade prompt offers "Choose a plan" too.
 */
export function uploadFailure(status: number | undefined, responseText: string | undefined): UploadError {
  const message = uploadErrorMessage(status, responseText)
  try {
    const body = JSON.parse(responseText ?? '') as { code?: unknown }
    if (status === 402 && typeof body.code === 'string' && isPlanRefusalCode(body.code)) {
      announcePlanRefusal({ code: body.code, message })
    }
  } catch {
    // Not JSON: not one of our refusals.
  }
  return new UploadError(message)
}

/**
 * Uppy core + its tus plugin, loaded only when a file is actually chosen so neither the dashboard nor the form waits
 * for them (stack-notes §8). A new Uppy per file keeps one upload per task and nothing left behind.
 */
export const tusVideoUploader: VideoUploader = (file, onProgress) => {
  let cancelled = false
  let stop: (() => void) | null = null
  let rejectDone: (error: Error) => void = () => {}

  const done = new Promise<string>((resolve, reject) => {
    rejectDone = reject
    void (async () => {
      const [{ default: Uppy }, { default: Tus }] = await Promise.all([import('@uppy/core'), import('@uppy/tus')])
      if (cancelled) return
      const uppy = new Uppy<Meta, TusBody>({
        restrictions: { maxFileSize: POST_LIMITS.fileBytes, maxNumberOfFiles: 1 },
      }).use(Tus, {
        endpoint: UPLOAD_ENDPOINT,
        chunkSize: CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        // The server consumes an upload when it is finalized: never try to resume a finished one.
        removeFingerprintOnSuccess: true,
        // A 429 is the server's cap on uploads in progress (ADR 021), not a burst to wait out: Uppy would pause and
        // retry for ~20 s before showing anything, so the person hears the server's reason at once instead.
        onShouldRetry: (err, _attempt, _options, next) => err.originalResponse?.getStatus() !== 429 && next(err),
      })
      stop = () => {
        uppy.cancelAll()
        uppy.destroy()
      }
      let failure: UploadError | null = null
      uppy.on('upload-progress', (_file, progress) => {
        onProgress(progress.bytesUploaded, progress.bytesTotal ?? file.size)
      })
      uppy.on('upload-error', (_file, _error, response) => {
        failure = uploadFailure(response?.status, response?.body?.xhr?.responseText)
      })
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' })
      } catch {
        // A restriction (size, count) refused it; the composer checks the size first, so this is a backstop.
        uppy.destroy()
        reject(new UploadError(MESSAGES.fileTooLarge))
        return
      }
      const result = await uppy.upload()
      if (cancelled) return
      const url = result?.successful?.[0]?.uploadURL
      uppy.destroy()
      if (url) resolve(uploadIdFromUrl(url))
      else reject(failure ?? new UploadError(MESSAGES.uploadFailed))
    })().catch(() => {
      if (!cancelled) reject(new UploadError(MESSAGES.uploadFailed))
    })
  })

  return {
    done,
    cancel: () => {
      if (cancelled) return
      cancelled = true
      stop?.()
      rejectDone(new UploadCancelledError())
    },
  }
}
