import { z } from 'zod'
import {
  AI_IMAGE_MESSAGES,
  MESSAGES,
  SLIDESHOW_MESSAGES,
  type exportSlideshowInputSchema,
  type Slideshow,
  type slideshowInputSchema,
} from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { JobScheduler } from '../../lib/job-queue'
import type { Log as BaseLog } from '../../lib/log'
import type { CheckStorage } from '../../lib/storage-room'
import { storedFile, type ServedFile } from '../media'
import type { SlideStills } from './slide-stills'
import { toSlideshowDto } from './slideshow-dto'
import type { SlideshowRow, SlideshowsRepository, StoredSlide } from './slideshows.repository'

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface SlideshowsServiceDeps {
  repo: SlideshowsRepository
  queue: JobScheduler
  storage: Pick<MediaStorage, 'size' | 'read' | 'presignedUrl' | 'remove'>
  stills: Pick<SlideStills, 'file'>
  events: EventBus
  /** The plan's storage: a render or export is not started at or over it (ADR 058). */
  checkStorage: CheckStorage
  clock: () => Date
  log: Log
}

export type SlideshowBody = z.output<typeof slideshowInputSchema>
export type ExportBody = z.output<typeof exportSlideshowInputSchema>

const LIST_LIMIT = 500
const uuid = z.uuid()
const isUuid = (id: string) => uuid.safeParse(id).success

/**
 * The slideshows API (issue 29, ADR 039): create, list, get, replace, delete, retry, export, and the files. Every query
 * is scoped by the signed-in user; another user's slideshow, image or video is "not found". A row and its render job
 * are written in one transaction, so a slideshow is never queued without a job.
 */
export function createSlideshowsService(deps: SlideshowsServiceDeps) {
  const { repo, queue, storage, events, clock, log } = deps

  const notFound = () => new AppError('NOT_FOUND', SLIDESHOW_MESSAGES.notFound)

  function announce(userId: string, slideshow: Slideshow) {
    events.publish(userId, { type: 'slideshow.updated', slideshow })
  }

  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[slideshows] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  /**
   * One change of a slideshow of the person's with its job, in one transaction (both or neither), then its live
   * event: Retry queues a render again, Export queues an export.
   */
  async function changeAndQueue(
    userId: string,
    id: string,
    message: string,
    job: 'slideshow.render' | 'slideshow.export',
    change: (tx: Parameters<Parameters<SlideshowsRepository['transaction']>[0]>[0]['repo']) => Promise<SlideshowRow>,
  ): Promise<Slideshow> {
    const row = await orFail(message, () =>
      repo.transaction(async ({ repo: tx, jobs }) => {
        const changed = await change(tx)
        await queue.reschedule(job, { slideshowId: id }, { singletonKey: id, startAfter: clock(), tx: jobs })
        return changed
      }),
    )
    const slideshow = toSlideshowDto(row)
    announce(userId, slideshow)
    return slideshow
  }

  async function owned(userId: string, id: string): Promise<SlideshowRow> {
    const row = isUuid(id) ? await repo.findForUser(userId, id) : undefined
    if (!row) throw notFound()
    return row
  }

  /**
   * Every slide's background must be the person's: an image of their gallery (generated or uploaded), or one of their
   * videos at a moment within it. The first problem is reported with the slide's path.
   */
  async function checkedSlides(userId: string, input: SlideshowBody): Promise<StoredSlide[]> {
    const imageIds = new Set<string>()
    const mediaIds = new Set<string>()
    input.slides.forEach(({ source }, i) => {
      if (source.kind === 'image') {
        if (!isUuid(source.imageId)) throw sourceNotFound(i, 'imageId')
        imageIds.add(source.imageId)
      } else {
        if (!isUuid(source.mediaId)) throw sourceNotFound(i, 'mediaId')
        mediaIds.add(source.mediaId)
      }
    })
    const images = new Set((await repo.imagesForUser(userId, [...imageIds])).map((r) => r.id))
    const media = new Map((await repo.mediaForUser(userId, [...mediaIds])).map((r) => [r.id, r]))
    input.slides.forEach(({ source }, i) => {
      if (source.kind === 'image') {
        if (!images.has(source.imageId)) throw sourceNotFound(i, 'imageId')
        return
      }
      const clip = media.get(source.mediaId)
      if (!clip) throw sourceNotFound(i, 'mediaId')
      if (source.atMs >= clip.durationMs) {
        const path = `slides.${i}.source.atMs`
        throw new AppError('VALIDATION_FAILED', SLIDESHOW_MESSAGES.atMsPastEnd, [
          { path, message: SLIDESHOW_MESSAGES.atMsPastEnd },
        ])
      }
    })
    return input.slides.map((slide) => ({ source: slide.source, overlays: slide.overlays }))
  }

  function sourceNotFound(index: number, field: 'imageId' | 'mediaId') {
    const message = field === 'imageId' ? SLIDESHOW_MESSAGES.imageNotFound : SLIDESHOW_MESSAGES.clipNotFound
    return new AppError('NOT_FOUND', message, [{ path: `slides.${index}.source.${field}`, message }])
  }

  async function removeKeys(keys: string[]) {
    for (const key of keys) {
      await storage
        .remove(key)
        .catch((err: unknown) => log.warn(`[slideshows] could not remove ${key}: ${String(err)}`))
    }
  }

  return {
    /** GET /api/slideshows: newest first. */
    list(userId: string): Promise<Slideshow[]> {
      return orFail(SLIDESHOW_MESSAGES.fetchFailed, async () =>
        (await repo.listForUser(userId, LIST_LIMIT)).map((row) => toSlideshowDto(row)),
      )
    },

    async get(userId: string, id: string): Promise<Slideshow> {
      return toSlideshowDto(await owned(userId, id))
    },

    /** POST /api/slideshows: checked, stored `queued` with its render job (both or neither). */
    async create(userId: string, input: SlideshowBody): Promise<Slideshow> {
      const slides = await checkedSlides(userId, input)
      await deps.checkStorage(userId, 0)
      const row = await orFail(SLIDESHOW_MESSAGES.saveFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const inserted = await tx.insert({
            userId,
            title: input.title,
            slides,
            coverIndex: input.coverIndex,
            createdAt: clock(),
            updatedAt: clock(),
          })
          await queue.send('slideshow.render', { slideshowId: inserted.id }, { singletonKey: inserted.id, tx: jobs })
          return inserted
        }),
      )
      const slideshow = toSlideshowDto(row)
      announce(userId, slideshow)
      return slideshow
    },

    /**
     * PUT /api/slideshows/:id: new slides, title and cover, rendered into a NEW photo set. The current one stays
     * until the new one replaces it, and after that for as long as a post uses it (photo sets are immutable, ADR 039).
     */
    async replace(userId: string, id: string, input: SlideshowBody): Promise<Slideshow> {
      await owned(userId, id)
      const slides = await checkedSlides(userId, input)
      await deps.checkStorage(userId, 0)
      const row = await orFail(SLIDESHOW_MESSAGES.saveFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const updated = await tx.replaceForUser(
            userId,
            id,
            { title: input.title, slides, coverIndex: input.coverIndex },
            clock(),
          )
          if (!updated) throw notFound()
          await queue.reschedule(
            'slideshow.render',
            { slideshowId: id },
            { singletonKey: id, startAfter: clock(), tx: jobs },
          )
          return updated
        }),
      )
      const slideshow = toSlideshowDto(row)
      announce(userId, slideshow)
      return slideshow
    },

    /** POST /api/slideshows/:id/retry: only a failed render is queued again, with a fresh set of attempts. */
    async retry(userId: string, id: string): Promise<Slideshow> {
      await owned(userId, id)
      await deps.checkStorage(userId, 0)
      return changeAndQueue(userId, id, SLIDESHOW_MESSAGES.renderFailed, 'slideshow.render', async (tx) => {
        const requeued = await tx.requeueFailedForUser(userId, id, clock())
        if (!requeued) throw new AppError('CONFLICT', SLIDESHOW_MESSAGES.onlyFailedCanRetry)
        return requeued
      })
    },

    /** POST /api/slideshows/:id/export: an MP4 of the current photo set, `secondsPerSlide` per slide. */
    async export(userId: string, id: string, input: ExportBody): Promise<Slideshow> {
      const current = await owned(userId, id)
      if (current.state !== 'processed') throw new AppError('CONFLICT', SLIDESHOW_MESSAGES.exportNeedsRender)
      await deps.checkStorage(userId, 0)
      return changeAndQueue(userId, id, SLIDESHOW_MESSAGES.exportFailed, 'slideshow.export', async (tx) => {
        const requested = await tx.requestExportForUser(userId, id, input.secondsPerSlide, clock())
        if (!requested) throw new AppError('CONFLICT', SLIDESHOW_MESSAGES.exportInProgress)
        return requested
      })
    },

    /**
     * DELETE /api/slideshows/:id: the row and its queued jobs; its photo sets that no post uses, and their files. A
     * photo set a post uses stays (without its slideshow) for the post to send. An exported MP4 stays in the Library.
     */
    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id)
      const keys = await orFail(SLIDESHOW_MESSAGES.deleteFailed, () =>
        repo.transaction(async ({ repo: tx, jobs }) => {
          const row = await tx.deleteForUser(userId, id)
          if (!row) throw notFound()
          const gone: string[] = []
          for (const set of await tx.photoSetsOfSlideshow(id)) {
            const deleted = await tx.deletePhotoSetIfUnused(set.id)
            if (deleted && deleted !== 'in-use') gone.push(...deleted.images.map((image) => image.storageKey))
          }
          await tx.detachPhotoSets(id)
          await queue.cancelQueued('slideshow.render', id, { tx: jobs })
          await queue.cancelQueued('slideshow.export', id, { tx: jobs })
          return gone
        }),
      )
      await removeKeys(keys)
      events.publish(userId, { type: 'slideshow.deleted', slideshowId: id })
    },

    /** GET /api/slideshows/photo-sets/:photoSetId/images/:index: one rendered JPEG of a photo set of the person's. */
    async photoSetImage(userId: string, photoSetId: string, index: number): Promise<ServedFile> {
      const set = isUuid(photoSetId) ? await repo.photoSetForUser(userId, photoSetId) : undefined
      const image = set?.images[index]
      if (!set || !image) throw new AppError('NOT_FOUND', AI_IMAGE_MESSAGES.imageNotFound)
      const sizeBytes = await storage.size(image.storageKey)
      if (sizeBytes === null) throw new AppError('NOT_FOUND', MESSAGES.mediaFileMissing)
      return storedFile(storage, image.storageKey, {
        sizeBytes,
        contentType: image.contentType,
        fileName: `slide-${index + 1}.jpg`,
      })
    },

    /** GET /api/slideshows/stills/:mediaId?atMs=: a JPEG frame of one of the person's videos (a clip slide's preview). */
    async still(userId: string, mediaId: string, atMs: number): Promise<ServedFile> {
      const [media] = isUuid(mediaId) ? await repo.mediaForUser(userId, [mediaId]) : []
      if (!media) throw new AppError('NOT_FOUND', SLIDESHOW_MESSAGES.clipNotFound)
      if (atMs >= media.durationMs) {
        throw new AppError('VALIDATION_FAILED', SLIDESHOW_MESSAGES.atMsPastEnd, [
          { path: 'atMs', message: SLIDESHOW_MESSAGES.atMsPastEnd },
        ])
      }
      return orFail(SLIDESHOW_MESSAGES.sourceUnreadable, () => deps.stills.file(media, atMs))
    },
  }
}

export type SlideshowsService = ReturnType<typeof createSlideshowsService>
