export { createMediaStorage, type OpenMediaStorage } from './create-media-storage'
export { createLocalMediaStorage, type LocalMediaStorage } from './local-media-storage'
export { checkStorageKey, StorageKeyError, StorageNotFoundError, type MediaStorage, type StoredObject } from './port'
export {
  createS3MediaStorage,
  StorageUnreachableError,
  type S3MediaStorage,
  type S3StorageOptions,
} from './s3-media-storage'
