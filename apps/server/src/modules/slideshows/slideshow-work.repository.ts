import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { photoSet, slideshow, type StoredSlide } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { fairClaims } from '../../lib/fair-claim'

type SlideshowRow = typeof slideshow.$inferSelect
type PhotoSetRow = typeof photoSet.$inferSelect

/** What a render attempt rendered: its completion counts only if the row still holds exactly this (an edit moves on). */
export interface RenderedContent {
  slides: StoredSlide[]
  coverIndex: number
}

/**
 * Slideshow renders and exports as fair work (ADR 059, the video renders' claim of ADR 055): one person's flood holds
 * at most `perPerson` of each kind's slots, and the next person in the round starts in the other. A person's pieces go
 * in the order they were queued (`updated_at`: an edit or an export request queues the row again).
 */
const fairRenders = fairClaims({
  table: 'slideshow',
  state: 'state',
  claimedAt: 'claimed_at',
  queuedAt: 'updated_at',
  notBefore: 'render_after',
  // Constants of our own: "HP02" and "HP03" (video renders take "HP01").
  lock: 0x48503032,
})
const fairExports = fairClaims({
  table: 'slideshow',
  state: 'export_state',
  claimedAt: 'export_claimed_at',
  queuedAt: 'updated_at',
  lock: 0x48503033,
})

/**
 * The statements of the render and export jobs and their sweep (the `…Internal` ones of the slideshows repository,
 * which merges them in). Render state changes are conditional UPDATEs fenced by `attempts`, the completion also by the
 * slides rendered.
 */
export function createWorkQueries(db: Executor) {
  const rendering = (id: string, attempt: number) =>
    and(eq(slideshow.id, id), eq(slideshow.state, 'rendering'), eq(slideshow.attempts, attempt))

  return {
    /**
     * The fair claim (ADR 059): the next render to start, whoever's it is, `queued` → `rendering`, attempts + 1. The
     * one place a render starts.
     */
    async claimNextRenderInternal(at: Date, perPerson: number): Promise<SlideshowRow | undefined> {
      return fairRenders.inTurn(db, async (tx) => {
        const [row] = await tx
          .update(slideshow)
          .set({
            state: 'rendering',
            attempts: sql`${slideshow.attempts} + 1`,
            progress: 0,
            renderAfter: null,
            claimedAt: at,
            updatedAt: at,
          })
          .where(and(eq(slideshow.id, fairRenders.nextId(at, perPerson)), eq(slideshow.state, 'queued')))
          .returning()
        return row
      })
    },

    /** The slideshow each person would render next, fairest person first: whose render jobs to wake. */
    startableRendersInternal(at: Date, perPerson: number, limit: number): Promise<string[]> {
      return fairRenders.startableIds(db, at, perPerson, limit)
    },

    /** Progress, and the heartbeat that keeps the lease; false when this attempt is no longer the slideshow's. */
    async heartbeatInternal(id: string, attempt: number, progress: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set({ progress, updatedAt: at })
        .where(rendering(id, attempt))
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    async releaseInternal(
      id: string,
      attempt: number,
      change: { errorMessage: string | null; refundAttempt: boolean; renderAfter: Date | null },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set({
          state: 'queued',
          progress: 0,
          errorMessage: change.errorMessage,
          renderAfter: change.renderAfter,
          ...(change.refundAttempt ? { attempts: sql`greatest(${slideshow.attempts} - 1, 0)` } : {}),
          updatedAt: at,
        })
        .where(rendering(id, attempt))
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    async failInternal(id: string, attempt: number, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set({ state: 'failed', errorMessage, updatedAt: at })
        .where(rendering(id, attempt))
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    async insertPhotoSetInternal(row: typeof photoSet.$inferInsert): Promise<PhotoSetRow> {
      const [created] = await db.insert(photoSet).values(row).returning()
      if (!created) throw new Error('photo_set insert returned nothing')
      return created
    },

    /** The new photo set becomes the slideshow's, `processed` — only if the attempt and its slides are still current. */
    async markProcessedInternal(
      id: string,
      attempt: number,
      rendered: RenderedContent,
      photoSetId: string,
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set({ state: 'processed', progress: 100, errorMessage: null, photoSetId, processedAt: at, updatedAt: at })
        .where(
          and(
            rendering(id, attempt),
            eq(slideshow.coverIndex, rendered.coverIndex),
            sql`${slideshow.slides} = ${JSON.stringify(rendered.slides)}::jsonb`,
          ),
        )
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    /** `rendering` untouched since `before` (its worker died), or `queued` untouched since `queuedBefore`. */
    async staleInternal(before: Date, queuedBefore: Date, limit: number): Promise<SlideshowRow[]> {
      return db
        .select()
        .from(slideshow)
        .where(
          or(
            and(eq(slideshow.state, 'rendering'), lt(slideshow.updatedAt, before)),
            and(eq(slideshow.state, 'queued'), lt(slideshow.updatedAt, queuedBefore)),
            and(eq(slideshow.exportState, 'rendering'), lt(slideshow.updatedAt, before)),
            and(eq(slideshow.exportState, 'queued'), lt(slideshow.updatedAt, queuedBefore)),
          ),
        )
        .orderBy(asc(slideshow.updatedAt))
        .limit(limit)
    },

    async settleOrphanInternal(
      id: string,
      attempt: number,
      before: Date,
      outcome: { state: 'queued' } | { state: 'failed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set(
          outcome.state === 'queued'
            ? { state: 'queued', progress: 0, renderAfter: null, updatedAt: at }
            : { state: 'failed', errorMessage: outcome.errorMessage, updatedAt: at },
        )
        .where(and(rendering(id, attempt), lt(slideshow.updatedAt, before)))
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    // --- the export ----------------------------------------------------------------------------------------------

    /** Asks for an export of the current photo set: refused (undefined) while one runs or before a render. */
    async requestExportForUser(
      userId: string,
      id: string,
      secondsPerSlide: number,
      at: Date,
    ): Promise<SlideshowRow | undefined> {
      const [row] = await db
        .update(slideshow)
        .set({ exportState: 'queued', exportSecondsPerSlide: secondsPerSlide, exportErrorMessage: null, updatedAt: at })
        .where(
          and(
            eq(slideshow.id, id),
            eq(slideshow.userId, userId),
            eq(slideshow.state, 'processed'),
            inArray(slideshow.exportState, ['none', 'processed', 'failed']),
          ),
        )
        .returning()
      return row
    },

    /** The fair claim of an export (ADR 059): the next one to start, whoever's it is, export `queued` → `rendering`. */
    async claimNextExportInternal(at: Date, perPerson: number): Promise<SlideshowRow | undefined> {
      return fairExports.inTurn(db, async (tx) => {
        const [row] = await tx
          .update(slideshow)
          .set({ exportState: 'rendering', exportClaimedAt: at, updatedAt: at })
          .where(and(eq(slideshow.id, fairExports.nextId(at, perPerson)), eq(slideshow.exportState, 'queued')))
          .returning()
        return row
      })
    },

    /** The slideshow each person would export next, fairest person first: whose export jobs to wake. */
    startableExportsInternal(at: Date, perPerson: number, limit: number): Promise<string[]> {
      return fairExports.startableIds(db, at, perPerson, limit)
    },

    async exportHeartbeatInternal(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(slideshow)
        .set({ updatedAt: at })
        .where(and(eq(slideshow.id, id), eq(slideshow.exportState, 'rendering')))
        .returning({ id: slideshow.id })
      return rows.length === 1
    },

    async finishExportInternal(
      id: string,
      outcome: { mediaId: string } | { errorMessage: string } | { requeue: true },
      at: Date,
      onlyBefore?: Date,
    ): Promise<boolean> {
      const set =
        'mediaId' in outcome
          ? { exportState: 'processed' as const, exportMediaId: outcome.mediaId, exportErrorMessage: null }
          : 'errorMessage' in outcome
            ? { exportState: 'failed' as const, exportErrorMessage: outcome.errorMessage }
            : { exportState: 'queued' as const }
      const rows = await db
        .update(slideshow)
        .set({ ...set, updatedAt: at })
        .where(
          and(
            eq(slideshow.id, id),
            eq(slideshow.exportState, 'rendering'),
            onlyBefore ? lt(slideshow.updatedAt, onlyBefore) : undefined,
          ),
        )
        .returning({ id: slideshow.id })
      return rows.length === 1
    },
  }
}
