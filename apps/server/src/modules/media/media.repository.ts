import { and, eq, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { createdVideo, mediaFile, post } from '../../db/schema'
import { isForeignKeyViolation } from '../../db/errors'

export type MediaRow = typeof mediaFile.$inferSelect
export type NewMediaRow = typeof mediaFile.$inferInsert

/** Every query a person can reach is scoped by user id. */
export function createMediaRepository(db: Database) {
  return {
    async insert(row: NewMediaRow): Promise<MediaRow> {
      const [created] = await db.insert(mediaFile).values(row).returning()
      return created!
    },
    async findForUser(userId: string, id: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.id, id), eq(mediaFile.userId, userId)))
      return row
    },
    /**
     * Deletes the row unless a post or a created video still uses it (both reference it ON DELETE RESTRICT). The
     * checks first give a clean answer; the constraints catch a post or video created in between.
     */
    async deleteForUser(userId: string, id: string): Promise<MediaRow | 'in-use' | 'used-by-video' | undefined> {
      const [used] = await db.select({ id: post.id }).from(post).where(eq(post.mediaId, id)).limit(1)
      if (used) return 'in-use'
      const [video] = await db
        .select({ id: createdVideo.id })
        .from(createdVideo)
        .where(
          or(eq(createdVideo.sourceMediaId, id), eq(createdVideo.demoMediaId, id), eq(createdVideo.outputMediaId, id)),
        )
        .limit(1)
      if (video) return 'used-by-video'
      try {
        const [row] = await db
          .delete(mediaFile)
          .where(and(eq(mediaFile.id, id), eq(mediaFile.userId, userId)))
          .returning()
        return row
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'in-use'
        throw err
      }
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>
