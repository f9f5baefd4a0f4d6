import type { MediaStorage } from '../../integrations/storage'
import { fileChunkSource, streamChunkSource, type ChunkSource } from '../../integrations/tiktok'

/** Where uploaded videos live (the media module's storage), as the publisher reads them. */
export interface MediaFiles {
  /** The stored object's size; undefined when it is missing (or cannot be asked about now). */
  size(storageKey: string): Promise<number | undefined>
  /** Runs `use` (the upload) with the stored video as the source of its chunks. */
  withChunkSource<T>(storageKey: string, use: (source: ChunkSource) => Promise<T>): Promise<T>
}

/**
 * Media storage for the publisher. Local storage lends its own file (`withLocalFile` copies nothing there), read where
 * each chunk lies straight into the uploader's buffers: as fast as before, and no garbage. Elsewhere (S3) every chunk
 * attempt is one ranged GET streamed into those buffers: the video is never downloaded whole first, whatever its size.
 */
export function mediaFilesOf(storage: Pick<MediaStorage, 'kind' | 'size' | 'read' | 'withLocalFile'>): MediaFiles {
  return {
    size: (key) =>
      storage.size(key).then(
        (size) => size ?? undefined,
        () => undefined,
      ),
    withChunkSource(key, use) {
      if (storage.kind === 'local') return storage.withLocalFile(key, (file) => use(fileChunkSource(file)))
      return use(streamChunkSource({ size: () => storage.size(key), read: (range) => storage.read(key, range) }))
    },
  }
}
