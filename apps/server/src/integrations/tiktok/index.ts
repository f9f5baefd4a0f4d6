export * from './chunks'
export * from './errors'
export { RATE_WINDOW_MS, TIKTOK_RATE_LIMITS, type RateLimitedEndpoint } from './pacer'
export * from './tiktok-client'
export { fileChunkSource, streamChunkSource, type ChunkReader, type ChunkSource } from './chunk-source'
export {
  resumeOffset,
  UPLOAD_BACKOFF_MS,
  UPLOAD_RETRIES,
  type TiktokVideoContentType,
  type UploadFileInput,
} from './upload'

/** Where TikTok serves avatars and covers (`avatar_url`, `cover_image_url` examples in tiktok-api.md §2, §3.1). */
export const TIKTOK_IMAGE_ORIGINS = ['https://*.tiktokcdn.com', 'https://*.tiktokcdn-us.com']
