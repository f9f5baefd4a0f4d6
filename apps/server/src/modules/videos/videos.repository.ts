import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { createdVideo, mediaFile, post } from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'
import { isForeignKeyViolation } from '../../db/errors'
import { fairClaims } from '../../lib/fair-claim'

export type CreatedVideoRow = typeof createdVideo.$inferSelect
export type NewCreatedVideoRow = typeof createdVideo.$inferInsert
export type MediaRow = typeof mediaFile.$inferSelect
export type NewMediaRow = typeof mediaFile.$inferInsert

/** A created video with what the API shows beside it: its sources' names and, once rendered, the output's facts. */
export interface VideoView extends CreatedVideoRow {
  source: { mediaId: string; originalName: string }
  demo: { mediaId: string; originalName: string } | null
  output: { storageKey: string; durationMs: number; sizeBytes: number } | null
}

/** What a render needs: the row and its sources' media rows (file locations and probe facts). */
export interface RenderInputs {
  video: CreatedVideoRow
  source: MediaRow
  demo: MediaRow | null
}

const sourceMedia = alias(mediaFile, 'source_media')
const demoMedia = alias(mediaFile, 'demo_media')
const outputMedia = alias(mediaFile, 'output_media')

const viewColumns = {
  video: createdVideo,
  sourceName: sourceMedia.originalName,
  demoName: demoMedia.originalName,
  outputKey: outputMedia.storageKey,
  outputDurationMs: outputMedia.durationMs,
  outputSizeBytes: outputMedia.sizeBytes,
}

function toView(row: {
  video: CreatedVideoRow
  sourceName: string
  demoName: string | null
  outputKey: string | null
  outputDurationMs: number | null
  outputSizeBytes: number | null
}): VideoView {
  const { video } = row
  return {
    ...video,
    source: { mediaId: video.sourceMediaId, originalName: row.sourceName },
    demo:
      video.demoMediaId && row.demoName !== null ? { mediaId: video.demoMediaId, originalName: row.demoName } : null,
    output:
      row.outputKey !== null && row.outputDurationMs !== null && row.outputSizeBytes !== null
        ? { storageKey: row.outputKey, durationMs: row.outputDurationMs, sizeBytes: row.outputSizeBytes }
        : null,
  }
}

/** Video renders as fair work (ADR 055): the claim's SQL is `lib/fair-claim.ts`'s, shared with slideshows. */
const fairRenders = fairClaims({
  table: 'created_video',
  state: 'state',
  claimedAt: 'claimed_at',
  queuedAt: 'created_at',
  notBefore: 'render_after',
  // Any constant of our own; 0x48503031 spells "HP01".
  lock: 0x48503031,
})

/**
 * Every statement about created videos. Queries a person can reach are scoped by user id; the `…Internal` ones serve
 * the render job. Every state change is one conditional UPDATE fenced by `attempts` (each claim increments it), so a
 * worker that lost its claim — a sweep gave the video to another, or it was deleted — changes nothing.
 */
function createQueries(db: Executor) {
  const views = () =>
    db
      .select(viewColumns)
      .from(createdVideo)
      .innerJoin(sourceMedia, eq(sourceMedia.id, createdVideo.sourceMediaId))
      .leftJoin(demoMedia, eq(demoMedia.id, createdVideo.demoMediaId))
      .leftJoin(outputMedia, eq(outputMedia.id, createdVideo.outputMediaId))

  const rendering = (id: string, attempt: number) =>
    and(eq(createdVideo.id, id), eq(createdVideo.state, 'rendering'), eq(createdVideo.attempts, attempt))

  return {
    async insert(row: NewCreatedVideoRow): Promise<CreatedVideoRow> {
      const [created] = await db.insert(createdVideo).values(row).returning()
      if (!created) throw new Error('created_video insert returned nothing')
      return created
    },

    async findMediaForUser(userId: string, mediaId: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.id, mediaId), eq(mediaFile.userId, userId)))
      return row
    },

    async findViewForUser(userId: string, id: string): Promise<VideoView | undefined> {
      const [row] = await views().where(and(eq(createdVideo.id, id), eq(createdVideo.userId, userId)))
      return row ? toView(row) : undefined
    },

    async findViewInternal(id: string): Promise<VideoView | undefined> {
      const [row] = await views().where(eq(createdVideo.id, id))
      return row ? toView(row) : undefined
    },

    /** Newest first (product.md §7 "select all newest first"). */
    async listViewsForUser(userId: string, limit: number): Promise<VideoView[]> {
      const rows = await views()
        .where(eq(createdVideo.userId, userId))
        .orderBy(desc(createdVideo.createdAt), desc(createdVideo.id))
        .limit(limit)
      return rows.map(toView)
    },

    async existsForUser(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: createdVideo.id })
        .from(createdVideo)
        .where(and(eq(createdVideo.id, id), eq(createdVideo.userId, userId)))
      return row !== undefined
    },

    /** Retry: `failed` → `queued` with a fresh set of attempts. */
    async requeueFailedForUser(userId: string, id: string, at: Date): Promise<CreatedVideoRow | undefined> {
      const [row] = await db
        .update(createdVideo)
        .set({ state: 'queued', attempts: 0, progress: 0, errorMessage: null, renderAfter: null, updatedAt: at })
        .where(and(eq(createdVideo.id, id), eq(createdVideo.userId, userId), eq(createdVideo.state, 'failed')))
        .returning()
      return row
    },

    async deleteForUser(userId: string, id: string): Promise<CreatedVideoRow | undefined> {
      const [row] = await db
        .delete(createdVideo)
        .where(and(eq(createdVideo.id, id), eq(createdVideo.userId, userId)))
        .returning()
      return row
    },

    /** Whether a post (in any state: its history points at the file) uses this media file. */
    async mediaUsedByPost(mediaId: string): Promise<boolean> {
      const [used] = await db.select({ id: post.id }).from(post).where(eq(post.mediaId, mediaId)).limit(1)
      return used !== undefined
    },

    /** Whether a created video renders from this media file (a rendered video reused from the Library). */
    async mediaUsedByVideo(mediaId: string): Promise<boolean> {
      const [used] = await db
        .select({ id: createdVideo.id })
        .from(createdVideo)
        .where(or(eq(createdVideo.sourceMediaId, mediaId), eq(createdVideo.demoMediaId, mediaId)))
        .limit(1)
      return used !== undefined
    },

    /** Deletes a rendered output's media row; 'in-use' when a post took it meanwhile (ON DELETE RESTRICT). */
    async deleteOutputMedia(userId: string, mediaId: string): Promise<MediaRow | 'in-use' | undefined> {
      try {
        const [row] = await db
          .delete(mediaFile)
          .where(and(eq(mediaFile.id, mediaId), eq(mediaFile.userId, userId)))
          .returning()
        return row
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'in-use'
        throw err
      }
    },

    // --- the render job ------------------------------------------------------------------------------------------

    /**
     * The fair claim (ADR 055): the next render to start, whoever's it is — `queued`, past its back-off, of a person
     * with fewer than `perPerson` renders running, the person whose latest claim is oldest (never claimed: first) —
     * moved `queued` → `rendering`, attempts + 1. The one place a render starts; a processed video never matches.
     * Claims take turns under one transaction-scoped advisory lock, so two workers cannot both see a person below
     * the cap and both start one; the lock is held for this one statement's transaction only.
     */
    async claimNextInternal(at: Date, perPerson: number): Promise<CreatedVideoRow | undefined> {
      return fairRenders.inTurn(db, async (tx) => {
        const [row] = await tx
          .update(createdVideo)
          .set({
            state: 'rendering',
            attempts: sql`${createdVideo.attempts} + 1`,
            progress: 0,
            errorMessage: null,
            renderAfter: null,
            claimedAt: at,
            updatedAt: at,
          })
          .where(and(eq(createdVideo.id, fairRenders.nextId(at, perPerson)), eq(createdVideo.state, 'queued')))
          .returning()
        return row
      })
    },

    /** The video each person would start next, fairest person first: whose render jobs to wake (ADR 055). */
    startableInternal(at: Date, perPerson: number, limit: number): Promise<string[]> {
      return fairRenders.startableIds(db, at, perPerson, limit)
    },

    async findRenderInputsInternal(id: string): Promise<RenderInputs | undefined> {
      const [row] = await db
        .select({ video: createdVideo, source: sourceMedia, demo: demoMedia })
        .from(createdVideo)
        .innerJoin(sourceMedia, eq(sourceMedia.id, createdVideo.sourceMediaId))
        .leftJoin(demoMedia, eq(demoMedia.id, createdVideo.demoMediaId))
        .where(eq(createdVideo.id, id))
      return row
    },

    /** Progress, and the heartbeat that keeps the lease; false when this attempt is no longer the video's. */
    async heartbeatInternal(id: string, attempt: number, progress: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(createdVideo)
        .set({ progress, updatedAt: at })
        .where(rendering(id, attempt))
        .returning({ id: createdVideo.id })
      return rows.length === 1
    },

    /**
     * Back to `queued` after a failed (or stopped) attempt, not started again before `renderAfter` (the back-off);
     * `refundAttempt` when it was a shutdown, not a failure.
     */
    async releaseInternal(
      id: string,
      attempt: number,
      change: { errorMessage: string | null; refundAttempt: boolean; renderAfter: Date | null },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(createdVideo)
        .set({
          state: 'queued',
          progress: 0,
          errorMessage: change.errorMessage,
          renderAfter: change.renderAfter,
          ...(change.refundAttempt ? { attempts: sql`greatest(${createdVideo.attempts} - 1, 0)` } : {}),
          updatedAt: at,
        })
        .where(rendering(id, attempt))
        .returning({ id: createdVideo.id })
      return rows.length === 1
    },

    async failInternal(id: string, attempt: number, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(createdVideo)
        .set({ state: 'failed', errorMessage, updatedAt: at })
        .where(rendering(id, attempt))
        .returning({ id: createdVideo.id })
      return rows.length === 1
    },

    /** The rendered file's media row and the video marked processed, both or neither (see `completeInternal`). */
    async insertMediaInternal(row: NewMediaRow): Promise<MediaRow> {
      const [created] = await db.insert(mediaFile).values(row).returning()
      if (!created) throw new Error('media_file insert returned nothing')
      return created
    },

    async markProcessedInternal(
      id: string,
      attempt: number,
      output: { outputMediaId: string; thumbnailKey: string | null; thumbnailSizeBytes?: number | null },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(createdVideo)
        .set({ state: 'processed', progress: 100, errorMessage: null, processedAt: at, updatedAt: at, ...output })
        .where(rendering(id, attempt))
        .returning({ id: createdVideo.id })
      return rows.length === 1
    },

    // --- the sweep -----------------------------------------------------------------------------------------------

    /** `rendering` but untouched since `before` (its worker died), or `queued` untouched since `queuedBefore`. */
    async staleInternal(before: Date, queuedBefore: Date, limit: number): Promise<CreatedVideoRow[]> {
      return db
        .select()
        .from(createdVideo)
        .where(
          or(
            and(eq(createdVideo.state, 'rendering'), lt(createdVideo.updatedAt, before)),
            and(eq(createdVideo.state, 'queued'), lt(createdVideo.updatedAt, queuedBefore)),
          ),
        )
        .orderBy(asc(createdVideo.updatedAt))
        .limit(limit)
    },

    /** A dead worker's render, still untouched since `before`: queued again, or failed after the last attempt. */
    async settleOrphanInternal(
      id: string,
      attempt: number,
      before: Date,
      outcome: { state: 'queued' } | { state: 'failed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(createdVideo)
        .set(
          outcome.state === 'queued'
            ? { state: 'queued', progress: 0, renderAfter: null, updatedAt: at }
            : { state: 'failed', errorMessage: outcome.errorMessage, updatedAt: at },
        )
        .where(and(rendering(id, attempt), lt(createdVideo.updatedAt, before)))
        .returning({ id: createdVideo.id })
      return rows.length === 1
    },
  }
}

export type VideoQueries = ReturnType<typeof createQueries>

export function createVideosRepository(db: Database) {
  return withTransactions(db, createQueries)
}
export type VideosRepository = ReturnType<typeof createVideosRepository>
