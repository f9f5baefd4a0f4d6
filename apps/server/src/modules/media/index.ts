export { parseByteRange, type ByteRange } from './byte-range'
export { createMediaRepository, type MediaRepository, type MediaRow } from './media.repository'
export { mediaRoutes } from './media.routes'
export {
  contentDisposition,
  PRESIGNED_URL_SECONDS,
  sendStoredFile,
  storageOrigins,
  storedFile,
  type ServedFile,
} from './serve-file'
export {
  createMediaService,
  type MediaFileStream,
  type MediaForUpload,
  type MediaService,
  type MediaServiceDeps,
  toMediaFile,
} from './media.service'
export { createUploadStore, UPLOAD_EXPIRY_MS, type UploadInfo, type UploadStore } from './upload-store'
export { startUploadSweeper, SWEEP_INTERVAL_MS, type UploadSweeper } from './upload-sweeper'
export { uploadRoutes, type UploadRoutesOptions } from './uploads.routes'
export { createOrphanSweep, ORPHAN_GRACE_MS, orphanSweepJobHandlers, type OrphanSweepResult } from './orphan-sweep'
export { createStorageReferences, type StorageReferences } from './storage-references.repository'
