export { createLocalMediaStorage, StorageKeyError, type MediaStorage } from './local-media-storage'
