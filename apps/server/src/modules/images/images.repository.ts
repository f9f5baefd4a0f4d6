import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { aiImage } from '../../db/schema'

export type AiImageRow = typeof aiImage.$inferSelect
export type NewAiImageRow = typeof aiImage.$inferInsert

/** Every statement about the person's images; each is scoped by the user id. */
export function createImagesRepository(db: Database) {
  return {
    async insert(row: NewAiImageRow): Promise<AiImageRow> {
      const [created] = await db.insert(aiImage).values(row).returning()
      if (!created) throw new Error('ai_image insert returned nothing')
      return created
    },

    async findForUser(userId: string, id: string): Promise<AiImageRow | undefined> {
      const [row] = await db
        .select()
        .from(aiImage)
        .where(and(eq(aiImage.userId, userId), eq(aiImage.id, id)))
      return row
    },

    /** Saves it to the gallery; saving again keeps the first time (the gallery's order does not jump). */
    async markSaved(userId: string, id: string, at: Date): Promise<AiImageRow | undefined> {
      const [row] = await db
        .update(aiImage)
        .set({ savedAt: sql`coalesce(${aiImage.savedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(aiImage.userId, userId), eq(aiImage.id, id)))
        .returning()
      return row
    },

    /** Generated images never saved, made before `cutoff`: their rows go now; the caller deletes the files. */
    async deleteUnsavedBefore(cutoff: Date): Promise<Pick<AiImageRow, 'id' | 'storageKey'>[]> {
      return db
        .delete(aiImage)
        .where(and(isNull(aiImage.savedAt), lt(aiImage.createdAt, cutoff)))
        .returning({ id: aiImage.id, storageKey: aiImage.storageKey })
    },

    /** The gallery: saved images, newest saved first; the id breaks ties so the order is stable. */
    async listSaved(userId: string, limit: number): Promise<AiImageRow[]> {
      return db
        .select()
        .from(aiImage)
        .where(and(eq(aiImage.userId, userId), isNotNull(aiImage.savedAt)))
        .orderBy(desc(aiImage.savedAt), desc(aiImage.id))
        .limit(limit)
    },
  }
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>
