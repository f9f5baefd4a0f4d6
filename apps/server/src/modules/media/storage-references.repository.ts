import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { aiImage, createdVideo, mediaFile, photoSet } from '../../db/schema'

/**
 * Every column that holds a media storage key: media files (uploads, renders, Library copies, image clips), images,
 * rendered videos' thumbnails and the JPEGs of photo sets (slideshows, issue 29). Keys live under their user's folder (`<userId>/…`), so one user's keys are read at
 * a time. A new column holding a key belongs here, or its files would be swept away.
 */
export function createStorageReferences(db: Database) {
  return {
    async keysOfUser(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: mediaFile.storageKey })
        .from(mediaFile)
        .where(eq(mediaFile.userId, userId))
        .unionAll(db.select({ key: aiImage.storageKey }).from(aiImage).where(eq(aiImage.userId, userId)))
        .unionAll(
          db
            .select({ key: sql<string>`${createdVideo.thumbnailKey}` })
            .from(createdVideo)
            .where(and(eq(createdVideo.userId, userId), isNotNull(createdVideo.thumbnailKey))),
        )
        .unionAll(
          db
            .select({ key: sql<string>`jsonb_array_elements(${photoSet.images}) ->> 'storageKey'` })
            .from(photoSet)
            .where(eq(photoSet.userId, userId)),
        )
      return new Set(rows.map((r) => r.key))
    },
    /**
     * Checked again just before a delete: a row written since the user's keys were read, or a key outside its user's
     * folder. Orphans are few, so these unindexed lookups are too.
     */
    async isReferenced(key: string): Promise<boolean> {
      const [media] = await db
        .select({ id: mediaFile.id })
        .from(mediaFile)
        .where(eq(mediaFile.storageKey, key))
        .limit(1)
      if (media) return true
      const [image] = await db.select({ id: aiImage.id }).from(aiImage).where(eq(aiImage.storageKey, key)).limit(1)
      if (image) return true
      const [video] = await db
        .select({ id: createdVideo.id })
        .from(createdVideo)
        .where(eq(createdVideo.thumbnailKey, key))
        .limit(1)
      if (video) return true
      const [set] = await db
        .select({ id: photoSet.id })
        .from(photoSet)
        .where(sql`${photoSet.images} @> ${JSON.stringify([{ storageKey: key }])}::jsonb`)
        .limit(1)
      return set !== undefined
    },
  }
}
export type StorageReferences = ReturnType<typeof createStorageReferences>
