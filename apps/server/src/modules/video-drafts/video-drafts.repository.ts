import { and, eq, sql } from 'drizzle-orm'
import type { VideoDraftContent } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { videoDraft } from '../../db/schema'

export type VideoDraftRow = typeof videoDraft.$inferSelect

/**
 * The Create form's drafts; every statement is scoped by the user id. A save names the revision it follows and
 * succeeds only while that is still the stored one (one statement each, so two saves at once cannot both win).
 */
export function createVideoDraftsRepository(db: Database) {
  return {
    async findForUser(userId: string): Promise<VideoDraftRow | undefined> {
      const [row] = await db.select().from(videoDraft).where(eq(videoDraft.userId, userId))
      return row
    },

    /** The person's first save (revision 1); undefined when they already have a draft row. */
    async insertFirst(
      userId: string,
      content: VideoDraftContent | null,
      now: Date,
    ): Promise<VideoDraftRow | undefined> {
      const [row] = await db
        .insert(videoDraft)
        .values({ userId, revision: 1, content, updatedAt: now })
        .onConflictDoNothing({ target: videoDraft.userId })
        .returning()
      return row
    },

    /** The save after `revision`; undefined when the stored draft is at another revision (or there is none). */
    async updateAfter(
      userId: string,
      revision: number,
      content: VideoDraftContent | null,
      now: Date,
    ): Promise<VideoDraftRow | undefined> {
      const [row] = await db
        .update(videoDraft)
        .set({ revision: sql`${videoDraft.revision} + 1`, content, updatedAt: now })
        .where(and(eq(videoDraft.userId, userId), eq(videoDraft.revision, revision)))
        .returning()
      return row
    },
  }
}
export type VideoDraftsRepository = ReturnType<typeof createVideoDraftsRepository>
