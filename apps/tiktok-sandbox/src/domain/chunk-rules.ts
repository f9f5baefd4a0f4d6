/**
 * FILE_UPLOAD chunk rules, tiktok-api.md §3.5 (S20). "MB" is not defined as decimal or binary, so the sandbox takes
 * the reading no client can trip over on the real API: the minimum is 5 MiB (the larger of the two) and every maximum
 * is decimal (the smaller), i.e. the "client-safe" intersection recommended in tiktok-api.md §3.5.
 */
export const MIN_CHUNK_BYTES = 5 * 1024 * 1024
export const MAX_CHUNK_BYTES = 64_000_000
export const MAX_FINAL_CHUNK_BYTES = 128_000_000
export const MAX_CHUNKS = 1000
/** tiktok-api.md §3.9 "max 4 GB". */
export const MAX_VIDEO_BYTES = 4_000_000_000

export const CHUNK_SIZE_INVALID = 'The chunk size is invalid'
export const CHUNK_COUNT_INVALID = 'The total chunk count is invalid'
export const VIDEO_SIZE_INVALID = 'The video size is invalid'

export interface ChunkPlan {
  videoSize: number
  chunkSize: number
  totalChunkCount: number
}

/** Returns the error message TikTok answers with (400 invalid_params), or undefined when the plan is valid. */
export function chunkPlanProblem({ videoSize, chunkSize, totalChunkCount }: ChunkPlan): string | undefined {
  if (!Number.isSafeInteger(videoSize) || videoSize <= 0 || videoSize > MAX_VIDEO_BYTES) return VIDEO_SIZE_INVALID
  if (!Number.isSafeInteger(chunkSize) || chunkSize <= 0 || chunkSize > videoSize) return CHUNK_SIZE_INVALID
  if (!Number.isSafeInteger(totalChunkCount) || totalChunkCount < 1) return CHUNK_COUNT_INVALID

  if (chunkSize === videoSize) {
    // Whole upload. Rule 3: a video > 64 MB must be sent in several chunks.
    if (videoSize > MAX_CHUNK_BYTES) return CHUNK_SIZE_INVALID
    return totalChunkCount === 1 ? undefined : CHUNK_COUNT_INVALID
  }
  // Rule 3: a video < 5 MB must be uploaded whole (chunk_size = video_size).
  if (videoSize < MIN_CHUNK_BYTES) return CHUNK_SIZE_INVALID
  // Rule 2: every chunk but the last is 5–64 MB.
  if (chunkSize < MIN_CHUNK_BYTES || chunkSize > MAX_CHUNK_BYTES) return CHUNK_SIZE_INVALID
  // Rule 1: total_chunk_count = floor(video_size / chunk_size).
  const count = Math.floor(videoSize / chunkSize)
  // One chunk smaller than the video (e.g. 15 MB file, 10 MB chunk) is refused: a single chunk must be the whole
  // video (C8; UNCONFIRMED in tiktok-api.md §3.5, the strict reading is the one clients can always satisfy).
  if (count === 1) return CHUNK_SIZE_INVALID
  // Rule 4: at most 1000 chunks (unreachable under the 4 GB cap with 5 MiB chunks, kept for completeness).
  if (count > MAX_CHUNKS) return CHUNK_COUNT_INVALID
  if (totalChunkCount !== count) return CHUNK_COUNT_INVALID
  // Rule 2: the final chunk absorbs the remainder, up to 128 MB (always < 2 × chunk_size ≤ 128,000,000 here).
  if (videoSize - (count - 1) * chunkSize > MAX_FINAL_CHUNK_BYTES) return CHUNK_SIZE_INVALID
  return undefined
}

/** The inclusive byte range chunk `index` must carry: `Content-Range: bytes first-last/videoSize`. */
export function expectedChunkRange(plan: ChunkPlan, index: number): { first: number; last: number } {
  const first = index * plan.chunkSize
  const last = index === plan.totalChunkCount - 1 ? plan.videoSize - 1 : first + plan.chunkSize - 1
  return { first, last }
}
