import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { createReadStream } from 'node:fs'
import { z } from 'zod'
import {
  MESSAGES,
  OUTPUT_FRAME,
  SLIDESHOW_ITEM_PREFIX,
  slideshowLibraryFacts,
  USER_CATEGORY,
  type LibraryItem,
  type MediaFile,
} from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import type { CheckStorage } from '../../lib/storage-room'
import { CONTAINER_CONTENT_TYPES, type Inspection } from '../../integrations/ffmpeg/inspect'
import { toMediaFile } from '../media'
import { toSlideshowDto } from '../slideshows'
import type { LibraryRepository, MediaRow, UserLibrarySlideshow, UserLibraryVideo } from './library.repository'
import { STOCK_CLIPS, STOCK_FRAME, stockClipBySlug, type StockClip } from './stock-catalogue'
import { ensureStockClips, stockClipPaths, stockClipReady } from './stock-clips'

export interface LibraryServiceDeps {
  repo: LibraryRepository
  storage: Pick<MediaStorage, 'copyIn' | 'remove'>
  /** Where the stock clips are made and kept (DATA_DIR/stock). */
  stockDir: string
  ffmpegPath: string
  /** ffprobe's facts about a file (integrations/ffmpeg/inspect/inspect.ts): the person's copy gets a media row like an upload's. */
  inspect: (filePath: string) => Promise<Inspection>
  /** The plan's storage: a person's copy of a stock clip must fit (ADR 058). */
  checkStorage: CheckStorage
  clock: () => Date
  log: Log
}

export interface StockFile {
  sizeBytes: number
  contentType: string
  fileName: string
  open(range?: { start: number; end: number }): Readable
}

/** Video ids are uuid columns: anything else would be a database error (a 500), not a 404. */
const uuid = z.uuid()

const STOCK_PREFIX = 'stock:'
const VIDEO_PREFIX = 'video:'

function stockItem(clip: StockClip): LibraryItem {
  return {
    id: `${STOCK_PREFIX}${clip.slug}`,
    title: clip.title,
    description: clip.description,
    category: clip.category,
    thumbnailUrl: `/api/library/stock/${clip.slug}/thumbnail`,
    videoUrl: `/api/library/stock/${clip.slug}/file`,
    duration: clip.seconds,
    width: STOCK_FRAME.width,
    height: STOCK_FRAME.height,
    isUserContent: false,
    slideshow: null,
  }
}

/** Seconds, to a tenth (product.md §3). */
function seconds(media: MediaRow): number {
  return Math.round(media.durationMs / 100) / 10
}

function videoItem(v: UserLibraryVideo): LibraryItem {
  return {
    id: `${VIDEO_PREFIX}${v.id}`,
    title: v.title,
    description: v.description,
    category: USER_CATEGORY,
    thumbnailUrl: `/api/videos/${v.id}/thumbnail`,
    videoUrl: `/api/videos/${v.id}/file`,
    duration: seconds(v.output),
    width: v.output.width,
    height: v.output.height,
    isUserContent: true,
    slideshow: null,
  }
}

/** The MP4 export, when there is one, is the slideshow's video; without it the item is a slideshow only. */
function slideshowItem({ row, exported }: UserLibrarySlideshow): LibraryItem {
  const facts = slideshowLibraryFacts(toSlideshowDto(row))
  const video = facts.videoUrl !== null && exported ? exported : null
  return {
    ...facts,
    videoUrl: video ? facts.videoUrl : null,
    duration: video ? seconds(video) : null,
    width: video?.width ?? OUTPUT_FRAME.width,
    height: video?.height ?? OUTPUT_FRAME.height,
  }
}

/** The person's videos and slideshows in one list, newest first (the id breaks ties, as each list's query does). */
function newestFirst<T extends { createdAt: Date; id: string }>(a: T, b: T): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', MESSAGES.libraryItemNotFound)
}

/**
 * The Library: stock clips (made once, kept under DATA_DIR/stock) and the person's rendered videos. Using a stock clip
 * copies it into the person's media once (later uses return the same copy); using one of their videos returns its
 * rendered file. Either way the answer is a media file of theirs that `POST /api/videos` accepts.
 */
export function createLibraryService(deps: LibraryServiceDeps) {
  const { repo, stockDir } = deps
  let making: Promise<unknown> | null = null
  // Whether this process has finished a pass (a clip still missing after it failed: the list stops saying
  // "preparing", so browsers stop asking; the next start tries again).
  let madeOnce = false

  // A clip is renamed into place whole and never removed: once seen ready, the disk need not be asked again.
  const seenReady = new Set<string>()
  async function isReady(clip: StockClip): Promise<boolean> {
    if (seenReady.has(clip.slug)) return true
    const ready = await stockClipReady(stockDir, clip.slug)
    if (ready) seenReady.add(clip.slug)
    return ready
  }

  async function readyClips(): Promise<StockClip[]> {
    const ready = await Promise.all(STOCK_CLIPS.map(isReady))
    return STOCK_CLIPS.filter((_, i) => ready[i])
  }

  async function readyClip(slug: string): Promise<StockClip> {
    const clip = stockClipBySlug(slug)
    if (!clip || !(await isReady(clip))) throw notFound()
    return clip
  }

  async function stockFile(file: string, contentType: string, fileName: string): Promise<StockFile> {
    const info = await stat(file).catch(() => null)
    if (!info) throw notFound()
    return {
      sizeBytes: info.size,
      contentType,
      fileName,
      open: (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}),
    }
  }

  async function copyStockClip(userId: string, clip: StockClip): Promise<MediaFile> {
    const existing = await repo.stockCopy(userId, clip.slug)
    if (existing) return toMediaFile(existing)
    const source = stockClipPaths(stockDir, clip.slug).video
    const inspection = await deps.inspect(source)
    if (inspection.kind !== 'video' || !inspection.facts.video) {
      throw new Error(`stock clip ${clip.slug} is not a readable video (${inspection.kind})`)
    }
    const { facts, container, sizeBytes } = inspection
    await deps.checkStorage(userId, sizeBytes)
    const video = facts.video!
    const id = randomUUID()
    const storageKey = `${userId}/${id}.mp4`
    await deps.storage.copyIn(source, storageKey)
    try {
      const row = await repo.insertStockCopy({
        id,
        userId,
        originalName: `${clip.title}.mp4`,
        storageKey,
        contentType: CONTAINER_CONTENT_TYPES[container],
        sizeBytes,
        durationMs: Math.round((facts.durationSec ?? clip.seconds) * 1000),
        width: video.width,
        height: video.height,
        fps: Math.round((video.fps ?? STOCK_FRAME.fps) * 1000) / 1000,
        videoCodec: video.codec,
        audioCodec: facts.audioCodec,
        stockClipId: clip.slug,
        createdAt: deps.clock(),
      })
      if (row) return toMediaFile(row)
      // Another request copied it first: keep theirs.
      await deps.storage.remove(storageKey)
      const theirs = await repo.stockCopy(userId, clip.slug)
      if (!theirs) throw new Error(`stock clip ${clip.slug}: copy vanished`)
      return toMediaFile(theirs)
    } catch (err) {
      await deps.storage.remove(storageKey).catch((removeErr: unknown) => {
        deps.log.error(`[library] could not remove ${storageKey} after a failed copy`, removeErr)
      })
      throw err
    }
  }

  return {
    /**
     * Makes the stock clips that are missing (first start, or a new recipe version). Runs once at a time; the list
     * says `preparing` meanwhile, and shows each clip as soon as it is whole.
     */
    prepareStock(signal?: AbortSignal): Promise<unknown> {
      making ??= ensureStockClips({ dir: stockDir, ffmpegPath: deps.ffmpegPath, log: deps.log, signal }).finally(() => {
        making = null
        madeOnce = true
      })
      return making
    },

    /** Stock clips that are ready, then the person's rendered videos and slideshows (newest first). */
    async list(userId: string): Promise<{ videos: LibraryItem[]; preparing: boolean }> {
      const [clips, own, slideshows] = await Promise.all([
        readyClips(),
        repo.userVideos(userId),
        repo.userSlideshows(userId),
      ])
      const mine = [
        ...own.map((v) => ({ id: v.id, createdAt: v.createdAt, item: videoItem(v) })),
        ...slideshows.map((s) => ({ id: s.row.id, createdAt: s.row.createdAt, item: slideshowItem(s) })),
      ].sort(newestFirst)
      const videos: LibraryItem[] = [...clips.map(stockItem), ...mine.map((m) => m.item)]
      // An API-only process makes none itself: missing clips are being made by a worker.
      return { videos, preparing: making !== null || (!madeOnce && clips.length < STOCK_CLIPS.length) }
    },

    /**
     * The item as a media file of the person's (a 404 for an unknown item or someone else's video or slideshow). A
     * slideshow is its exported MP4; before that, a 409 says how to get one (or that it is being made).
     */
    async use(userId: string, itemId: string): Promise<MediaFile> {
      if (itemId.startsWith(STOCK_PREFIX)) {
        const clip = await readyClip(itemId.slice(STOCK_PREFIX.length))
        return copyStockClip(userId, clip)
      }
      if (itemId.startsWith(VIDEO_PREFIX)) {
        const videoId = itemId.slice(VIDEO_PREFIX.length)
        if (!uuid.safeParse(videoId).success) throw notFound()
        const video = await repo.userVideo(userId, videoId)
        if (video) return toMediaFile(video.output)
        if (await repo.hasVideo(userId, videoId)) throw new AppError('CONFLICT', MESSAGES.libraryVideoNotReady)
        throw notFound()
      }
      if (itemId.startsWith(SLIDESHOW_ITEM_PREFIX)) {
        const slideshowId = itemId.slice(SLIDESHOW_ITEM_PREFIX.length)
        const found = uuid.safeParse(slideshowId).success ? await repo.userSlideshow(userId, slideshowId) : undefined
        if (!found) throw notFound()
        const { exportState } = found.row
        if (exportState === 'processed' && found.exported) return toMediaFile(found.exported)
        const exporting = exportState === 'queued' || exportState === 'rendering'
        throw new AppError(
          'CONFLICT',
          exporting ? MESSAGES.librarySlideshowExporting : MESSAGES.librarySlideshowNotExported,
        )
      }
      throw notFound()
    },

    async stockVideo(slug: string): Promise<StockFile> {
      const clip = await readyClip(slug)
      return stockFile(stockClipPaths(stockDir, clip.slug).video, 'video/mp4', `${clip.title}.mp4`)
    },

    async stockThumbnail(slug: string): Promise<StockFile> {
      const clip = await readyClip(slug)
      return stockFile(stockClipPaths(stockDir, clip.slug).thumbnail, 'image/jpeg', `${clip.slug}.jpg`)
    },
  }
}
export type LibraryService = ReturnType<typeof createLibraryService>
