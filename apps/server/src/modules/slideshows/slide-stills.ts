import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { StorageNotFoundError, type MediaStorage } from '../../integrations/storage'
import { RenderError } from '../../integrations/ffmpeg/render/types'
import type { ServedFile } from '../media'
import { SLIDESHOW_MESSAGES } from '@hookpost/shared'

/** The ffmpeg call (integrations/ffmpeg): one JPEG frame of a local video file at `atMs`. */
export type ExtractStill = (videoPath: string, atMs: number, outputPath: string) => Promise<void>

export interface StillSource {
  id: string
  userId: string
  storageKey: string
}

/**
 * Stills of the person's videos (a clip slide's background), made with ffmpeg once and kept on local disk under
 * `root` (DATA_DIR/slide-stills/<userId>/<mediaId>-<atMs>.jpg): a media file never changes, so neither does its frame.
 * The editor's preview and the render read the same file. It is a cache: each process (and machine) makes its own;
 * deleting the folder is harmless.
 */
export function createSlideStills(deps: {
  root: string
  storage: Pick<MediaStorage, 'withLocalFile'>
  extract: ExtractStill
}) {
  const base = path.resolve(deps.root)
  const making = new Map<string, Promise<string>>()

  async function make(media: StillSource, atMs: number, target: string): Promise<string> {
    if ((await stat(target).catch(() => null))?.isFile()) return target
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.${randomUUID()}.part.jpg`
    try {
      await deps.storage.withLocalFile(media.storageKey, (videoPath) => deps.extract(videoPath, atMs, partial))
      await rename(partial, target)
      return target
    } catch (err) {
      if (err instanceof StorageNotFoundError)
        throw new RenderError(SLIDESHOW_MESSAGES.sourceMissing, err.message, false)
      throw err
    } finally {
      await rm(partial, { force: true })
    }
  }

  /** The still's path, made if needed (concurrent asks for the same still share one ffmpeg run). */
  function pathOf(media: StillSource, atMs: number): Promise<string> {
    const target = path.join(base, media.userId, `${media.id}-${Math.max(0, Math.round(atMs))}.jpg`)
    const pending = making.get(target)
    if (pending) return pending
    const run = make(media, atMs, target).finally(() => making.delete(target))
    making.set(target, run)
    return run
  }

  return {
    pathOf,
    async bytes(media: StillSource, atMs: number): Promise<Buffer> {
      return readFile(await pathOf(media, atMs))
    },
    async file(media: StillSource, atMs: number): Promise<ServedFile> {
      const filePath = await pathOf(media, atMs)
      const { size } = await stat(filePath)
      return {
        sizeBytes: size,
        contentType: 'image/jpeg',
        fileName: `still-${atMs}.jpg`,
        open: (range) => createReadStream(filePath, range ? { start: range.start, end: range.end } : {}),
      }
    },
  }
}
export type SlideStills = ReturnType<typeof createSlideStills>
