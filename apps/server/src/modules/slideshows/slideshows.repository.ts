import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { aiImage, mediaFile, photoSet, post, slideshow, type PhotoSetImage, type StoredSlide } from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'
import { isForeignKeyViolation } from '../../db/errors'
import { createWorkQueries, type RenderedContent } from './slideshow-work.repository'

export type SlideshowRow = typeof slideshow.$inferSelect
export type NewSlideshowRow = typeof slideshow.$inferInsert
export type PhotoSetRow = typeof photoSet.$inferSelect
export type MediaRow = typeof mediaFile.$inferSelect
export type ImageRow = typeof aiImage.$inferSelect

/**
 * Every statement about slideshows and their photo sets (issue 29, ADR 039). Queries a person can reach are scoped by
 * user id; the `…Internal` ones serve the render and export jobs. Render state changes are conditional UPDATEs fenced
 * by `attempts` (each claim increments it) — and the completion also by the slides rendered, since an edit resets the
 * attempts — so a worker that lost its claim changes nothing.
 */
function createQueries(db: Executor) {
  return {
    async insert(row: NewSlideshowRow): Promise<SlideshowRow> {
      const [created] = await db.insert(slideshow).values(row).returning()
      if (!created) throw new Error('slideshow insert returned nothing')
      return created
    },

    async findForUser(userId: string, id: string): Promise<SlideshowRow | undefined> {
      const [row] = await db
        .select()
        .from(slideshow)
        .where(and(eq(slideshow.id, id), eq(slideshow.userId, userId)))
      return row
    },

    async findInternal(id: string): Promise<SlideshowRow | undefined> {
      const [row] = await db.select().from(slideshow).where(eq(slideshow.id, id))
      return row
    },

    /** Newest first. */
    async listForUser(userId: string, limit: number): Promise<SlideshowRow[]> {
      return db
        .select()
        .from(slideshow)
        .where(eq(slideshow.userId, userId))
        .orderBy(desc(slideshow.createdAt), desc(slideshow.id))
        .limit(limit)
    },

    async imagesForUser(userId: string, ids: string[]): Promise<ImageRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(aiImage)
        .where(and(eq(aiImage.userId, userId), inArray(aiImage.id, ids)))
    },

    async mediaForUser(userId: string, ids: string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.userId, userId), inArray(mediaFile.id, ids)))
    },

    async photoSetForUser(userId: string, id: string): Promise<PhotoSetRow | undefined> {
      const [row] = await db
        .select()
        .from(photoSet)
        .where(and(eq(photoSet.id, id), eq(photoSet.userId, userId)))
      return row
    },

    async photoSetInternal(id: string): Promise<PhotoSetRow | undefined> {
      const [row] = await db.select().from(photoSet).where(eq(photoSet.id, id))
      return row
    },

    /** An edit: new slides, queued for a new render (attempts start again); the photo set stays until it is replaced. */
    async replaceForUser(
      userId: string,
      id: string,
      change: { title: string; slides: StoredSlide[]; coverIndex: number },
      at: Date,
    ): Promise<SlideshowRow | undefined> {
      const [row] = await db
        .update(slideshow)
        .set({
          ...change,
          state: 'queued',
          attempts: 0,
          progress: 0,
          errorMessage: null,
          renderAfter: null,
          updatedAt: at,
        })
        .where(and(eq(slideshow.id, id), eq(slideshow.userId, userId)))
        .returning()
      return row
    },

    /** Retry: `failed` → `queued` with a fresh set of attempts. */
    async requeueFailedForUser(userId: string, id: string, at: Date): Promise<SlideshowRow | undefined> {
      const [row] = await db
        .update(slideshow)
        .set({ state: 'queued', attempts: 0, progress: 0, errorMessage: null, renderAfter: null, updatedAt: at })
        .where(and(eq(slideshow.id, id), eq(slideshow.userId, userId), eq(slideshow.state, 'failed')))
        .returning()
      return row
    },

    async deleteForUser(userId: string, id: string): Promise<SlideshowRow | undefined> {
      const [row] = await db
        .delete(slideshow)
        .where(and(eq(slideshow.id, id), eq(slideshow.userId, userId)))
        .returning()
      return row
    },

    async photoSetsOfSlideshow(slideshowId: string): Promise<PhotoSetRow[]> {
      return db.select().from(photoSet).where(eq(photoSet.slideshowId, slideshowId))
    },

    /** Lets a photo set outlive its slideshow (a post keeps sending it). */
    async detachPhotoSets(slideshowId: string): Promise<void> {
      await db.update(photoSet).set({ slideshowId: null }).where(eq(photoSet.slideshowId, slideshowId))
    },

    /**
     * Deletes a photo set nothing uses: no post (in any state: its history points at it) and no slideshow as its latest
     * render. 'in-use' otherwise; a post that took it meanwhile is caught by the foreign key (ON DELETE RESTRICT).
     */
    async deletePhotoSetIfUnused(id: string): Promise<PhotoSetRow | 'in-use' | undefined> {
      const [usedByPost] = await db.select({ id: post.id }).from(post).where(eq(post.photoSetId, id)).limit(1)
      const [usedBySlideshow] = await db
        .select({ id: slideshow.id })
        .from(slideshow)
        .where(eq(slideshow.photoSetId, id))
        .limit(1)
      if (usedByPost || usedBySlideshow) return 'in-use'
      try {
        // In a savepoint (inside a transaction): a violation must not abort the caller's transaction.
        return await db.transaction(async (sp) => {
          const [row] = await sp.delete(photoSet).where(eq(photoSet.id, id)).returning()
          return row
        })
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'in-use'
        throw err
      }
    },
    ...createWorkQueries(db),
  }
}

export type SlideshowQueries = ReturnType<typeof createQueries>
export type { PhotoSetImage, RenderedContent, StoredSlide }

export function createSlideshowsRepository(db: Database) {
  return withTransactions(db, createQueries)
}
export type SlideshowsRepository = ReturnType<typeof createSlideshowsRepository>
