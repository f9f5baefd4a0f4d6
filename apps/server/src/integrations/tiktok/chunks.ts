import { TiktokError } from './errors'

/** One PUT of a FILE_UPLOAD: inclusive byte offsets, as in `Content-Range: bytes start-end/total`. */
export interface ChunkRange {
  start: number
  end: number
}

/** What `video/init` is told (`video_size`, `chunk_size`, `total_chunk_count`) and the ranges the upload sends. */
export interface ChunkPlan {
  videoSize: number
  chunkSize: number
  totalChunkCount: number
  ranges: ChunkRange[]
}

/**
 * tiktok-api.md §3.5 (S20) speaks of "MB" without saying decimal or binary. These bounds satisfy both readings: a single chunk up to
 * 64,000,000 B (< 64 MiB), and multi-chunk parts of 10,000,000 B (≥ 5 MiB, TikTok's own example size).
 */
export const SINGLE_CHUNK_MAX_BYTES = 64_000_000
export const DEFAULT_CHUNK_BYTES = 10_000_000
export const MAX_CHUNK_BYTES = 64_000_000
export const MAX_CHUNKS = 1000
/** tiktok-api.md §3.9: "max 4 GB"; the decimal reading is the one TikTok cannot refuse. */
export const MAX_VIDEO_BYTES = 4_000_000_000

/**
 * The chunk plan for a FILE_UPLOAD of `videoSize` bytes (tiktok-api.md §3.5): `total_chunk_count = floor(video_size / chunk_size)`,
 * every chunk but the last exactly `chunk_size`, the last absorbing the remainder (so it is < 2 × chunk_size ≤ 128 MB),
 * at most 1000 chunks, uploaded in order.
 */
export function planChunks(videoSize: number): ChunkPlan {
  if (!Number.isSafeInteger(videoSize)) throw new RangeError(`video size must be a whole number of bytes: ${videoSize}`)
  if (videoSize <= 0) throw new TiktokError({ code: 'video_empty' })
  if (videoSize > MAX_VIDEO_BYTES) throw new TiktokError({ code: 'video_too_large' })

  if (videoSize <= SINGLE_CHUNK_MAX_BYTES) {
    // One chunk: chunk_size must equal video_size (tiktok-api.md §3.5, C8), including the < 5 MB whole-upload case.
    return chunkPlan({ videoSize, chunkSize: videoSize, totalChunkCount: 1 })
  }

  // Grow the chunk only when 10 MB parts would exceed 1000 chunks (unreachable below 4 GB, kept for a larger limit).
  const chunkSize = Math.min(MAX_CHUNK_BYTES, Math.max(DEFAULT_CHUNK_BYTES, Math.ceil(videoSize / MAX_CHUNKS)))
  const totalChunkCount = Math.floor(videoSize / chunkSize)
  if (totalChunkCount > MAX_CHUNKS) throw new TiktokError({ code: 'video_too_large' })

  return chunkPlan({ videoSize, chunkSize, totalChunkCount })
}

/**
 * The ranges of a plan video/init was told about: every chunk but the last exactly `chunkSize`, the last absorbing the
 * remainder. Resuming an upload rebuilds its plan from the three numbers stored with the post, so the chunks match
 * what TikTok expects even if `planChunks` changes between versions.
 */
export function chunkPlan(sizes: Pick<ChunkPlan, 'videoSize' | 'chunkSize' | 'totalChunkCount'>): ChunkPlan {
  const { videoSize, chunkSize, totalChunkCount } = sizes
  const ranges: ChunkRange[] = []
  for (let index = 0; index < totalChunkCount; index++) {
    const start = index * chunkSize
    const end = index === totalChunkCount - 1 ? videoSize - 1 : start + chunkSize - 1
    ranges.push({ start, end })
  }
  return { videoSize, chunkSize, totalChunkCount, ranges }
}
