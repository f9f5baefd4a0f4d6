import { open, stat, type FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { ChunkRange } from './chunks'

/**
 * Where an upload's bytes come from: a file on local disk, or a stream of a stored object's range (S3: one ranged GET
 * per chunk attempt). Every attempt of a chunk opens its range again, so nothing of the video is held between
 * attempts, and the bytes are read into the uploader's own reused buffers.
 */
export interface ChunkSource {
  /** The video's size now, in bytes (null: it is gone); it must still be the size video/init was told. */
  size(): Promise<number | null>
  /** Bytes `start`..`end` inclusive, read in order into the caller's buffers. */
  open(range: ChunkRange): ChunkReader
}

export interface ChunkReader {
  /** Fills `buffer[0..length)` with the range's next bytes; fewer only at its end (0: nothing left). */
  read(buffer: Buffer, length: number): Promise<number>
  /** Done with the range (early or not): releases the file or aborts the read. */
  close(): Promise<void>
}

/** A file on local disk, read where each chunk lies straight into the caller's buffers: no garbage, no read-ahead. */
export function fileChunkSource(filePath: string): ChunkSource {
  return {
    size: () =>
      stat(filePath).then(
        (info) => info.size,
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return null
          throw err
        },
      ),
    open(range) {
      let handle: Promise<FileHandle> | undefined
      let position = range.start
      return {
        async read(buffer, length) {
          handle ??= open(filePath, 'r')
          const wanted = Math.min(length, range.end + 1 - position)
          let filled = 0
          while (filled < wanted) {
            const { bytesRead } = await (await handle).read(buffer, filled, wanted - filled, position)
            if (bytesRead === 0) break
            filled += bytesRead
            position += bytesRead
          }
          return filled
        },
        async close() {
          const opened = handle
          handle = undefined
          if (opened) await (await opened).close()
        },
      }
    },
  }
}

/**
 * Any byte stream of a range (media storage's `read`: a ranged GET on S3), copied into the caller's buffers as it
 * arrives. The stream is read only as fast as those buffers are sent, so it holds no more than its own read-ahead.
 */
export function streamChunkSource(source: {
  size(): Promise<number | null>
  read(range: ChunkRange): Readable
}): ChunkSource {
  return {
    size: () => source.size(),
    open(range) {
      let chunks: AsyncIterator<Buffer> | undefined
      let pending: Buffer | undefined
      return {
        async read(buffer, length) {
          chunks ??= source.read(range)[Symbol.asyncIterator]() as AsyncIterator<Buffer>
          let filled = 0
          while (filled < length) {
            if (!pending || pending.length === 0) {
              const next = await chunks.next()
              if (next.done) break
              pending = next.value
            }
            const copied = pending.copy(buffer, filled, 0, Math.min(pending.length, length - filled))
            pending = pending.subarray(copied)
            filled += copied
          }
          return filled
        },
        async close() {
          pending = undefined
          const open = chunks
          chunks = undefined
          // Ends the iteration: the stream is destroyed (an unfinished GET is aborted).
          await open?.return?.()
        },
      }
    },
  }
}
