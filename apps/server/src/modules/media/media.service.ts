import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MESSAGES, POST_LIMITS, type MediaFile } from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import { CONTAINER_CONTENT_TYPES, tiktokVideoProblems, type Inspection } from '../../integrations/ffmpeg/inspect'
import { AppError } from '../../lib/errors'
import type { MediaRepository, MediaRow } from './media.repository'
import { storedFile, type ServedFile } from './serve-file'
import type { UploadStore } from './upload-store'

type Log = { info: (msg: string) => void; warn: (msg: string) => void }

export interface MediaServiceDeps {
  repo: MediaRepository
  storage: MediaStorage
  uploads: UploadStore
  /** Magic bytes + container sizes + ffprobe (integrations/ffmpeg/inspect/inspect.ts); a port so tests can stand in for ffprobe. */
  inspect: (filePath: string) => Promise<Inspection>
  clock: () => Date
  log: Log
}

/** What the posts engine needs to send a video to TikTok: its stored key (read in ranges, chunk by chunk) and facts. */
export interface MediaForUpload {
  storageKey: string
  sizeBytes: number
  contentType: MediaFile['contentType']
  durationMs: number
}

/** The person's file to send over HTTP, named as they named it. */
export type MediaFileStream = ServedFile & { contentType: MediaFile['contentType'] }

/** Media ids are UUIDs; anything else names no file (and must not reach a uuid column). */
const mediaId = z.uuid()

const EXTENSIONS: Record<MediaFile['contentType'], string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
}

/** The name the person gave the file, safe to show and to put in a header: no folders, no control characters. */
export function cleanFileName(name: string | null, fallbackExt: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? ''
  const visible = Array.from(base)
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim()
  // 255 characters, counted as people count them (an emoji is one), so none is cut in half.
  const cleaned = Array.from(visible).slice(0, 255).join('')
  return cleaned || `video.${fallbackExt}`
}

export function toMediaFile(row: MediaRow): MediaFile {
  return {
    id: row.id,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    durationMs: row.durationMs,
    width: row.width,
    height: row.height,
    fps: row.fps,
    createdAt: row.createdAt.toISOString(),
  }
}

function rejected(message: string, problems?: string[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    message,
    problems?.map((p) => ({ path: 'file', message: p })),
  )
}

/** The verdict on an upload, in the spec's words (messages.ts); `null` when TikTok will take it. */
export function rejectionFor(inspection: Inspection): AppError | null {
  switch (inspection.kind) {
    case 'not-a-video':
      return rejected(MESSAGES.notAVideo)
    case 'matroska':
      return rejected(
        `${MESSAGES.videoOutsideTiktokLimits}: it is a Matroska (MKV) file; TikTok needs MP4, MOV or WebM`,
      )
    case 'unreadable':
      return rejected(MESSAGES.videoUnreadable)
    case 'video': {
      if (inspection.sizeBytes > POST_LIMITS.fileBytes) {
        return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge)
      }
      const problems = tiktokVideoProblems(inspection.facts)
      if (problems.length === 0) return null
      return rejected(`${MESSAGES.videoOutsideTiktokLimits}: ${problems.join('. Also, ')}`, problems)
    }
  }
}

export function createMediaService(deps: MediaServiceDeps) {
  const { repo, storage, uploads } = deps

  async function ownedRow(userId: string, id: string): Promise<MediaRow> {
    const row = await repo.findForUser(userId, id)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    return row
  }

  /** Moves a checked video file into media storage as the person's media file (its row and its stored copy). */
  async function storeVideo(
    userId: string,
    filePath: string,
    inspection: Extract<Inspection, { kind: 'video' }>,
    fileName: string | null,
  ): Promise<MediaFile> {
    const { container, facts, sizeBytes } = inspection
    const video = facts.video!
    const contentType = CONTAINER_CONTENT_TYPES[container]
    const ext = EXTENSIONS[contentType]
    const id = randomUUID()
    const storageKey = `${userId}/${id}.${ext}`
    await storage.importFile(filePath, storageKey)
    try {
      const row = await repo.insert({
        id,
        userId,
        originalName: cleanFileName(fileName, ext),
        storageKey,
        contentType,
        sizeBytes,
        durationMs: Math.round((facts.durationSec ?? 0) * 1000),
        width: video.width,
        height: video.height,
        fps: Math.round((video.fps ?? 0) * 1000) / 1000,
        videoCodec: video.codec,
        audioCodec: facts.audioCodec,
        createdAt: deps.clock(),
      })
      return toMediaFile(row)
    } catch (err) {
      await storage.remove(storageKey)
      throw err
    }
  }

  return {
    /**
     * A finished tus upload → a validated video, or an error saying why not. Either way the upload is gone afterwards:
     * moved into media storage with its row, or deleted. Only when the check itself could not run (ffprobe missing)
     * is the upload kept, so the person can try again.
     */
    async finalize(userId: string, uploadId: string): Promise<MediaFile> {
      const upload = await uploads.find(uploadId)
      if (!upload || upload.ownerId !== userId) throw new AppError('NOT_FOUND', MESSAGES.uploadNotFound)
      if (!upload.complete) throw new AppError('CONFLICT', MESSAGES.uploadIncomplete)
      const claimed = await uploads.claim(uploadId)
      // Someone else's finalise took it a moment ago.
      if (!claimed) throw new AppError('NOT_FOUND', MESSAGES.uploadNotFound)

      let inspection: Inspection
      try {
        inspection = await deps.inspect(claimed.path)
      } catch (err) {
        await claimed.release()
        throw err
      }
      try {
        const rejection = rejectionFor(inspection)
        if (rejection || inspection.kind !== 'video') {
          const detail = inspection.kind === 'unreadable' ? ` (${inspection.detail})` : ''
          deps.log.info(`[media] upload ${uploadId} rejected: ${rejection?.message ?? inspection.kind}${detail}`)
          throw rejection ?? rejected(MESSAGES.videoUnreadable)
        }
        return await storeVideo(userId, claimed.path, inspection, upload.filename)
      } finally {
        await claimed.discard()
      }
    },

    /**
     * A video Hookpost made for the person (an image's zoom-and-pan clip) → their media file, checked like an upload.
     * The file is moved into media storage; when it is not a video TikTok takes, it is left where it is and this throws.
     */
    async adopt(userId: string, filePath: string, fileName: string): Promise<MediaFile> {
      const inspection = await deps.inspect(filePath)
      const rejection = rejectionFor(inspection)
      if (rejection || inspection.kind !== 'video') {
        throw new Error(`made video ${fileName} was refused: ${rejection?.message ?? inspection.kind}`)
      }
      return storeVideo(userId, filePath, inspection, fileName)
    },

    async get(userId: string, id: string): Promise<MediaFile> {
      return toMediaFile(await ownedRow(userId, id))
    },

    /** The owner's media file, or null when there is none of theirs by that id (deleted, someone else's, not an id). */
    async find(userId: string, id: string): Promise<MediaFile | null> {
      if (!mediaId.safeParse(id).success) return null
      const row = await repo.findForUser(userId, id)
      return row ? toMediaFile(row) : null
    },

    /** For previews: the owner's file with its type and size, opened lazily (Range requests read a slice). */
    async file(userId: string, id: string): Promise<MediaFileStream> {
      const row = await ownedRow(userId, id)
      const sizeBytes = await storage.size(row.storageKey)
      if (sizeBytes === null) throw new AppError('NOT_FOUND', MESSAGES.mediaFileMissing)
      return {
        ...storedFile(storage, row.storageKey, { sizeBytes, contentType: row.contentType, fileName: row.originalName }),
        contentType: row.contentType,
      }
    },

    /** Deletes the video and its file, unless a post or a created video uses it (409). */
    async remove(userId: string, id: string): Promise<void> {
      await ownedRow(userId, id)
      const result = await repo.deleteForUser(userId, id)
      if (result === 'in-use') throw new AppError('CONFLICT', MESSAGES.mediaInUse)
      if (result === 'used-by-video') throw new AppError('CONFLICT', MESSAGES.mediaUsedByVideo)
      if (!result) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
      await storage.remove(result.storageKey)
    },

    /**
     * For the posts engine: the user's video, checked to still be in media storage. Throws NOT_FOUND with a message fit for a
     * post's error_message when the row or the file is gone.
     */
    async openForUpload(userId: string, mediaId: string): Promise<MediaForUpload> {
      const row = await ownedRow(userId, mediaId)
      const sizeBytes = await storage.size(row.storageKey)
      if (sizeBytes === null) throw new AppError('NOT_FOUND', MESSAGES.mediaFileMissing)
      return {
        storageKey: row.storageKey,
        sizeBytes,
        contentType: row.contentType,
        durationMs: row.durationMs,
      }
    },

    /** Deletes uploads never finalised within 24 hours (run by the worker, see upload-sweeper.ts). */
    sweepExpiredUploads(): Promise<number> {
      return uploads.sweepExpired(deps.clock())
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>
