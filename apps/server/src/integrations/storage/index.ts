export { createLocalMediaStorage, type LocalMediaStorage } from './local-media-storage'
export { checkStorageKey, StorageKeyError, StorageNotFoundError, type MediaStorage, type StoredObject } from './port'
