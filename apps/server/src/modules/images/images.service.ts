import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import {
  AI_IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_VIDEO_SECONDS,
  transformHookOverlays,
  type AiImage,
  type CreatedVideo,
  type GenerateImageResponse,
  type MediaFile,
  type SaveImageResponse,
  type TextOverlay,
  type TransformToVideoResponse,
  type generateImageInputSchema,
  type transformToVideoInputSchema,
} from '@hookpost/shared'
import type { MediaStorage } from '../../integrations/storage'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import type { CheckStorage } from '../../lib/storage-room'
import { aiFailureReason, type ImageMaker, type MadeImage } from '../ai'
import { storedFile, type ServedFile } from '../media'
import type { AiImageRow, ImagesRepository } from './images.repository'

/** The gallery shows at most this many saved images, newest first. */
export const SAVED_IMAGES_LIMIT = 200
/** A generated image nobody saved is kept this long (long enough to save it or turn it into a video), then deleted. */
export const UNSAVED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000

const EXTENSIONS: Record<MadeImage['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/** What an image's bytes are, read from its header; null when they are not a PNG, JPEG or WebP. */
export type DescribeImage = (data: Uint8Array) => Omit<MadeImage, 'data'> | null

export interface ImagesServiceDeps {
  repo: ImagesRepository
  storage: Pick<MediaStorage, 'write' | 'read' | 'size' | 'withLocalFile' | 'presignedUrl' | 'remove'>
  /** The configured image model, or the offline text card (`fallback`). */
  maker: ImageMaker
  describeImage: DescribeImage
  /** The image's clip → the person's media file (checked like an upload). */
  adoptVideo: (userId: string, filePath: string, fileName: string) => Promise<MediaFile>
  /** The studio's create: queues the render; the video joins the person's list. */
  createVideo: (
    userId: string,
    input: { title: string; description: string; sourceMediaId: string; textOverlays: TextOverlay[] },
  ) => Promise<CreatedVideo>
  /** Makes the zoom-and-pan clip of an image (integrations/ffmpeg/render/still-clip.ts). */
  makeStillClip: (imagePath: string, outputPath: string, seconds: number) => Promise<void>
  videoUrl: (videoId: string) => string
  /** A scratch folder on the same disk as media storage (the clip is moved in, not copied). */
  scratchDir: string
  /** The plan's storage: an image must fit; a generated image or a clip is not made at or over it (ADR 058). */
  checkStorage: CheckStorage
  clock: () => Date
  log: Log
}

export function imageFileUrl(id: string): string {
  return `/api/images/${encodeURIComponent(id)}/file`
}

function toAiImage(row: AiImageRow): AiImage {
  return {
    id: row.id,
    url: imageFileUrl(row.id),
    prompt: row.prompt,
    style: row.style,
    fallback: row.fallback,
    width: row.width,
    height: row.height,
    saved: row.savedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The AI Generation tab (product.md §2, §7): images made from a prompt and kept as the person's files, the gallery of saved
 * ones, images uploaded to turn into videos, and "Transform to Video" — an image becomes a zoom-and-pan clip, a demo
 * video is taken as it is, and either goes through the studio's render like any other video.
 */
export function createImagesService(deps: ImagesServiceDeps) {
  const { repo, storage, maker, log } = deps

  async function owned(userId: string, id: string): Promise<AiImageRow> {
    const row = z.uuid().safeParse(id).success ? await repo.findForUser(userId, id) : undefined
    if (!row) throw new AppError('NOT_FOUND', AI_IMAGE_MESSAGES.imageNotFound)
    return row
  }

  async function store(
    userId: string,
    image: MadeImage,
    meta: Pick<AiImageRow, 'origin' | 'prompt' | 'style' | 'provider' | 'fallback'>,
  ): Promise<AiImageRow> {
    const id = randomUUID()
    const storageKey = `${userId}/images/${id}.${EXTENSIONS[image.contentType]}`
    await storage.write(storageKey, image.data)
    try {
      return await repo.insert({
        id,
        userId,
        ...meta,
        storageKey,
        contentType: image.contentType,
        sizeBytes: image.data.byteLength,
        width: image.width,
        height: image.height,
        createdAt: deps.clock(),
      })
    } catch (err) {
      await storage.remove(storageKey)
      throw err
    }
  }

  async function clipFromImage(userId: string, image: AiImageRow, title: string): Promise<MediaFile> {
    await mkdir(deps.scratchDir, { recursive: true })
    const dir = await mkdtemp(path.join(deps.scratchDir, 'still-'))
    try {
      const clip = path.join(dir, 'clip.mp4')
      // ffmpeg reads a file: the image's own (local storage) or a temporary download (S3), gone once the clip is made.
      await storage.withLocalFile(image.storageKey, (imagePath) =>
        deps.makeStillClip(imagePath, clip, IMAGE_VIDEO_SECONDS),
      )
      return await deps.adoptVideo(userId, clip, `${title}.mp4`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  return {
    /**
     * POST /api/generate?type=image. An image model's picture, or (with none configured) the labelled offline text
     * card with `fallback: true` and a message that says so. When making it fails, `success: false` with the spec's
     * message and no image: nothing stands in for a picture that was not made.
     */
    async generate(userId: string, input: z.output<typeof generateImageInputSchema>): Promise<GenerateImageResponse> {
      await deps.checkStorage(userId, 0)
      let row: AiImageRow
      try {
        const image = await maker.image({ prompt: input.prompt, style: input.style })
        row = await store(userId, image, {
          origin: 'generated',
          prompt: input.prompt,
          style: input.style,
          provider: maker.provider,
          fallback: maker.fallback,
        })
      } catch (err) {
        log.error(`[images] image generation failed (${maker.provider})`, err)
        return {
          success: false,
          imageUrl: null,
          image: null,
          fallback: false,
          message: AI_IMAGE_MESSAGES.generateFailed,
          provider: maker.provider,
          ...aiFailureReason(err),
        }
      }
      const image = toAiImage(row)
      return {
        success: true,
        imageUrl: image.url,
        image,
        fallback: maker.fallback,
        message: maker.fallback ? AI_IMAGE_MESSAGES.offlineFallback : 'Image generated',
        provider: maker.provider,
      }
    },

    /** POST /api/save-image: into the gallery (saving twice is harmless). */
    async save(userId: string, imageId: string): Promise<SaveImageResponse> {
      await owned(userId, imageId)
      const row = await repo.markSaved(userId, imageId, deps.clock())
      if (!row) throw new AppError('NOT_FOUND', AI_IMAGE_MESSAGES.imageNotFound)
      const image = toAiImage(row)
      return { success: true, savedImageUrl: image.url, message: 'Image saved', image }
    },

    /** GET /api/get-saved-images: newest saved first. */
    async listSaved(userId: string): Promise<AiImage[]> {
      return (await repo.listSaved(userId, SAVED_IMAGES_LIMIT)).map(toAiImage)
    },

    /** An image from the person's computer, to turn into a video: PNG, JPEG or WebP by its bytes, at most 10 MB. */
    async upload(userId: string, data: Buffer, fileName: string): Promise<AiImage> {
      if (data.byteLength > IMAGE_UPLOAD_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', AI_IMAGE_MESSAGES.imageTooLarge)
      }
      const described = data.byteLength > 0 ? deps.describeImage(data) : null
      if (!described) throw new AppError('VALIDATION_FAILED', AI_IMAGE_MESSAGES.imageFileRequired)
      await deps.checkStorage(userId, data.byteLength)
      const name = fileName.trim().slice(0, 200) || 'Uploaded image'
      const row = await store(
        userId,
        { data, ...described },
        { origin: 'uploaded', prompt: name, style: 'selfie', provider: 'upload', fallback: false },
      )
      // An uploaded image is the person's own: it goes straight into their gallery.
      return toAiImage((await repo.markSaved(userId, row.id, deps.clock())) ?? row)
    },

    /** Deletes generated images never saved within UNSAVED_IMAGE_TTL_MS (the worker's hourly sweep); how many. */
    async sweepUnsaved(): Promise<number> {
      const gone = await repo.deleteUnsavedBefore(new Date(deps.clock().getTime() - UNSAVED_IMAGE_TTL_MS))
      for (const row of gone) {
        await storage.remove(row.storageKey).catch((err: unknown) => {
          log.error(`[images] could not remove ${row.storageKey} of unsaved image ${row.id}`, err)
        })
      }
      return gone.length
    },

    async file(userId: string, imageId: string): Promise<ServedFile> {
      const row = await owned(userId, imageId)
      const size = await storage.size(row.storageKey)
      if (size === null) throw new AppError('NOT_FOUND', AI_IMAGE_MESSAGES.imageNotFound)
      return storedFile(storage, row.storageKey, {
        sizeBytes: size,
        contentType: row.contentType,
        fileName: `image-${row.id}.${EXTENSIONS[row.contentType]}`,
      })
    },

    /**
     * POST /api/transform-to-video. From an image: its 6-second zoom-and-pan clip is made now (about 1.5 s) and
     * becomes the video's source. From a demo video: the media file itself. Either way the studio renders it (9:16,
     * live progress in the videos list) and `videoUrl` is where it plays once rendered.
     */
    async transform(
      userId: string,
      input: z.output<typeof transformToVideoInputSchema>,
    ): Promise<TransformToVideoResponse> {
      let sourceMediaId: string
      if (input.videoSource === 'image') {
        const image = await owned(userId, input.imageId)
        // Before the clip is made, so a refused render leaves no clip behind.
        await deps.checkStorage(userId, 0)
        try {
          sourceMediaId = (await clipFromImage(userId, image, input.title)).id
        } catch (err) {
          log.error(`[images] could not make a clip of image ${image.id}`, err)
          throw new AppError('INTERNAL', AI_IMAGE_MESSAGES.transformFailed)
        }
      } else {
        sourceMediaId = input.demoMediaId
      }
      const video = await deps.createVideo(userId, {
        title: input.title,
        description: input.description,
        sourceMediaId,
        textOverlays: transformHookOverlays(input.hookText, randomUUID()),
      })
      return {
        success: true,
        message: `Video "${video.title}" created! It is rendering now and will appear in Your Videos.`,
        videoUrl: deps.videoUrl(video.id),
        videoId: video.id,
      }
    },
  }
}
export type ImagesService = ReturnType<typeof createImagesService>
