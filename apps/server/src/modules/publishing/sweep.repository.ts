import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { post } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { IN_FLIGHT_STATES } from './post-state-machine'
import type { PostRow } from './post-views.repository'

/**
 * The sweep's statements (and the skip of drafts nobody approved): what a dead worker, a vanished job or a draft past
 * its time left behind. Conditional UPDATEs, like every step of the publisher (publishing.repository.ts).
 */
export function sweepQueries(db: Executor) {
  const touched = (at: Date) => ({ updatedAt: at })

  return {
    /**
     * Drafts nobody approved by their time → `skipped` with why (ADR 018). Conditional on `draft` and due, so the job
     * at the draft's time, the sweep and a second worker can all try: one of them changes it, and an approval that
     * came first wins. Returns the ids it skipped.
     */
    async skipDueDraftsInternal(
      now: Date,
      errorMessage: string,
      options: { ids?: string[]; limit: number },
    ): Promise<string[]> {
      if (options.ids?.length === 0) return []
      const due = and(eq(post.state, 'draft'), lte(post.scheduledAt, now))
      const ids = db
        .select({ id: post.id })
        .from(post)
        .where(options.ids ? and(due, inArray(post.id, options.ids)) : due)
        .limit(options.limit)
      const rows = await db
        .update(post)
        .set({ state: 'skipped', errorMessage, ...touched(now) })
        .where(and(inArray(post.id, ids), eq(post.state, 'draft'), lte(post.scheduledAt, now)))
        .returning({ id: post.id })
      return rows.map((r) => r.id)
    },

    // --- the sweep --------------------------------------------------------------------------------------------------

    async dueScheduledIdsInternal(dueBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: post.id })
        .from(post)
        .where(and(eq(post.state, 'scheduled'), lte(post.scheduledAt, dueBefore)))
        .orderBy(asc(post.scheduledAt))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /**
     * Posts the publisher owns but nobody has touched since `before` (since `uploadBefore` for uploads, which write a
     * heartbeat): their worker died, or their job vanished.
     */
    async staleInFlightInternal(before: Date, uploadBefore: Date, limit: number): Promise<PostRow[]> {
      return db
        .select()
        .from(post)
        .where(
          or(
            and(inArray(post.state, [...IN_FLIGHT_STATES]), lt(post.updatedAt, before)),
            and(eq(post.state, 'publishing'), isNotNull(post.publishId), lt(post.updatedAt, uploadBefore)),
          ),
        )
        .orderBy(asc(post.updatedAt))
        .limit(limit)
    },

    /**
     * An upload whose worker fell silent before `orphanedBefore` is taken over by a new attempt: the old worker, if it
     * lives on, can no longer write (every step checks its attempt), and its heartbeat tells it to stop.
     */
    async claimUploadInternal(id: string, orphanedBefore: Date, at: Date): Promise<PostRow | undefined> {
      const [row] = await db
        .update(post)
        .set({ attempts: sql`${post.attempts} + 1`, claimedAt: at, ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNotNull(post.publishId),
            lt(post.updatedAt, orphanedBefore),
          ),
        )
        .returning()
      return row
    },

    /** A dead attempt that certainly never sent video/init: the post may go out again. */
    async releaseOrphanInternal(id: string, before: Date, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'scheduled', ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
            isNull(post.uploadedBytes),
            lt(post.updatedAt, before),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** A dead attempt that may have sent video/init without recording the answer: never post it again by ourselves. */
    async unconfirmOrphanInternal(id: string, before: Date, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'unconfirmed', errorMessage, ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
            isNotNull(post.uploadedBytes),
            lt(post.updatedAt, before),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },
  }
}
