export * from './chunks'
export * from './errors'
export { RATE_WINDOW_MS, TIKTOK_RATE_LIMITS, type RateLimitedEndpoint } from './pacer'
export * from './tiktok-client'
export {
  resumeOffset,
  UPLOAD_BACKOFF_MS,
  UPLOAD_RETRIES,
  type TiktokVideoContentType,
  type UploadFileInput,
} from './upload'
