import { z } from 'zod'
import {
  CROP_FOCUS_CENTRE,
  MESSAGES,
  type CreatedVideo,
  type createVideoInputSchema,
  type SourceFit,
} from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { JobScheduler } from '../../lib/job-queue'
import { downloadFileName, layoutFor, outputDurationMs, overlayTimingIssue } from './render-rules'
import type { RenderWorkspaces } from './render-workspace'
import { toCreatedVideoDto } from './video-dto'
import type { VideosRepository } from './videos.repository'
import type { Log as BaseLog } from '../../lib/log'
import type { CheckStorage } from '../../lib/storage-room'
import { storedFile, type ServedFile } from '../media'

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface VideosServiceDeps {
  repo: VideosRepository
  queue: JobScheduler
  storage: Pick<MediaStorage, 'size' | 'read' | 'presignedUrl' | 'remove'>
  workspaces: Pick<RenderWorkspaces, 'clear'>
  events: EventBus
  /** The plan's storage: a render is not started at or over it (ADR 058). */
  checkStorage: CheckStorage
  clock: () => Date
  log: Log
}

/**
 * The parsed body; `fit` and `cropFocus` may be left out by callers inside the server (the blurred fill; the centre).
 */
export type CreateVideoBody = Omit<z.output<typeof createVideoInputSchema>, 'fit' | 'cropFocus'> & {
  fit?: SourceFit
  cropFocus?: number
}

/** A stored file to send over HTTP (modules/media serve-file.ts). */
export type VideoFile = ServedFile

const LIST_LIMIT = 500
const uuid = z.uuid()

/**
 * The created-videos API (the spec's Create tab and its list): create, list, get, delete, retry, and the rendered
 * files. Every query is scoped by the signed-in user; another user's video is "not found". A video's row and its
 * `video.render` job are written in one transaction, so a video is never queued without a job.
 */
export function createVideosService(deps: VideosServiceDeps) {
  const { repo, queue, storage, events, clock, log } = deps

  async function view(userId: string, id: string): Promise<CreatedVideo> {
    const found = await repo.findViewForUser(userId, id)
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
    return toCreatedVideoDto(found)
  }

  function announce(userId: string, video: CreatedVideo) {
    events.publish(userId, { type: 'video.updated', video })
  }

  /** Unexpected failures become the spec's message for the action; domain errors pass through. */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[videos] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  function checkId(id: string) {
    if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
  }

  async function ownedMedia(userId: string, mediaId: string) {
    const media = uuid.safeParse(mediaId).success ? await repo.findMediaForUser(userId, mediaId) : undefined
    if (!media) throw new AppError('NOT_FOUND', MESSAGES.mediaNotFound)
    return media
  }

  /** A processed video's output media row, or the reason there is no file to send. */
  async function processed(userId: string, id: string) {
    checkId(id)
    const found = await repo.findViewForUser(userId, id)
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
    if (found.state !== 'processed' || !found.output) throw new AppError('CONFLICT', MESSAGES.videoNotProcessed)
    return { ...found, output: found.output }
  }

  async function stored(key: string, contentType: string, fileName: string): Promise<VideoFile> {
    const sizeBytes = await storage.size(key)
    if (sizeBytes === null) throw new AppError('NOT_FOUND', MESSAGES.mediaFileMissing)
    return storedFile(storage, key, { sizeBytes, contentType, fileName })
  }

  return {
    /**
     * POST /api/videos: the sources must be the user's videos, of any shape: one that is not portrait 9:16 is fitted
     * to the frame by `fit` (ADR 032, where product.md §5 refused it). The row (queued) and its render job commit together.
     */
    async create(userId: string, input: CreateVideoBody): Promise<CreatedVideo> {
      const source = await ownedMedia(userId, input.sourceMediaId)
      const demo = input.demoMediaId ? await ownedMedia(userId, input.demoMediaId) : null
      const videoMs = outputDurationMs(layoutFor(input), source.durationMs, demo?.durationMs ?? null)
      const timing = overlayTimingIssue(input.textOverlays, videoMs)
      if (timing) throw new AppError('VALIDATION_FAILED', timing.message, [timing])
      await deps.checkStorage(userId, 0)
      // The answer is the video as created (`queued`, as the contract says), read inside the transaction: with a free
      // render slot the worker may claim it the moment the transaction commits (ADR 055).
      const created = await orFail(MESSAGES.createVideoFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const inserted = await tx.insert({
            userId,
            title: input.title,
            description: input.description,
            layout: layoutFor(input),
            fit: input.fit ?? 'blur',
            cropFocus: input.cropFocus ?? CROP_FOCUS_CENTRE,
            textOverlays: input.textOverlays,
            sourceMediaId: source.id,
            demoMediaId: demo?.id ?? null,
            createdAt: clock(),
            updatedAt: clock(),
          })
          await queue.send('video.render', { videoId: inserted.id }, { singletonKey: inserted.id, tx: jobs })
          return tx.findViewForUser(userId, inserted.id)
        }),
      )
      if (!created) throw new AppError('INTERNAL', MESSAGES.createVideoFailed)
      const video = toCreatedVideoDto(created)
      announce(userId, video)
      return video
    },

    /** GET /api/videos: newest first. */
    list(userId: string): Promise<CreatedVideo[]> {
      return orFail(MESSAGES.fetchVideosFailed, async () =>
        (await repo.listViewsForUser(userId, LIST_LIMIT)).map(toCreatedVideoDto),
      )
    },

    async get(userId: string, id: string): Promise<CreatedVideo> {
      checkId(id)
      return orFail(MESSAGES.fetchVideoFailed, () => view(userId, id))
    },

    /** POST /api/videos/:id/retry: only a failed render is queued again, with a fresh set of attempts. */
    async retry(userId: string, id: string): Promise<CreatedVideo> {
      checkId(id)
      if (!(await repo.existsForUser(userId, id))) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
      await deps.checkStorage(userId, 0)
      await orFail(MESSAGES.renderFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const row = await tx.requeueFailedForUser(userId, id, clock())
          if (!row) {
            if (await tx.existsForUser(userId, id)) throw new AppError('CONFLICT', MESSAGES.onlyFailedCanRetry)
            throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
          }
          await queue.reschedule('video.render', { videoId: id }, { singletonKey: id, startAfter: clock(), tx: jobs })
        }),
      )
      const video = await view(userId, id)
      announce(userId, video)
      return video
    },

    /**
     * DELETE /api/videos/:id: the row, its rendered file's media row and its queued job go together; then the files
     * (product.md §8: a file that cannot be removed is logged, not reported). Refused (409, nothing deleted) while a post
     * uses the rendered file. A render in progress notices at its next heartbeat and stops.
     */
    async remove(userId: string, id: string): Promise<void> {
      checkId(id)
      const deleted = await orFail(MESSAGES.videoDeleteFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const row = await tx.deleteForUser(userId, id)
          if (!row) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound)
          let outputKey: string | null = null
          // A rendered file another video was made from (chosen in the Library) stays, as that video's source.
          if (row.outputMediaId && !(await tx.mediaUsedByVideo(row.outputMediaId))) {
            if (await tx.mediaUsedByPost(row.outputMediaId)) throw new AppError('CONFLICT', MESSAGES.mediaInUse)
            const media = await tx.deleteOutputMedia(userId, row.outputMediaId)
            if (media === 'in-use') throw new AppError('CONFLICT', MESSAGES.mediaInUse)
            outputKey = media?.storageKey ?? null
          }
          await queue.cancelQueued('video.render', id, { tx: jobs })
          return { row, outputKey }
        }),
      )
      for (const key of [deleted.outputKey, deleted.row.thumbnailKey]) {
        if (!key) continue
        await storage.remove(key).catch((err: unknown) => log.warn(`[videos] could not remove ${key}: ${String(err)}`))
      }
      await deps.workspaces
        .clear(id)
        .catch((err: unknown) => log.warn(`[videos] could not remove the render folder of ${id}: ${String(err)}`))
      events.publish(userId, { type: 'video.deleted', videoId: id })
    },

    /** GET /api/videos/:id/file and /download: the rendered MP4 (a media file of the user's). */
    async file(userId: string, id: string): Promise<VideoFile> {
      const found = await processed(userId, id)
      return stored(found.output.storageKey, 'video/mp4', downloadFileName(found.title))
    },

    /** GET /api/videos/:id/thumbnail: a JPEG frame of the rendered video with its overlays. */
    async thumbnail(userId: string, id: string): Promise<VideoFile> {
      const found = await processed(userId, id)
      if (!found.thumbnailKey) throw new AppError('NOT_FOUND', MESSAGES.mediaFileMissing)
      return stored(found.thumbnailKey, 'image/jpeg', downloadFileName(found.title).replace(/\.mp4$/, '.jpg'))
    },
  }
}

export type VideosService = ReturnType<typeof createVideosService>
