import path from 'node:path'
import type { Config } from '../../config'
import { createLocalMediaStorage } from './local-media-storage'
import type { MediaStorage } from './port'
import { createS3MediaStorage } from './s3-media-storage'

export type OpenMediaStorage = MediaStorage & {
  /** Releases what the store holds open (the S3 client's sockets); nothing for local storage. */
  close(): void
}

/**
 * The store STORAGE names: `<DATA_DIR>/media` on local disk, or the S3 bucket, checked with HeadBucket so a wrong
 * endpoint, bucket or key stops start-up with a readable message instead of failing the first upload.
 */
export async function createMediaStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<OpenMediaStorage> {
  const settings = config.storage
  if (settings.kind === 'local') {
    return { ...createLocalMediaStorage(path.join(config.dataDir, 'media')), close: () => undefined }
  }
  const storage = createS3MediaStorage(settings)
  try {
    await storage.checkBucket()
  } catch (err) {
    storage.close()
    throw err
  }
  return storage
}
