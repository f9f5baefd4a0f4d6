import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { post } from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'
import { IN_FLIGHT_STATES } from './post-state-machine'
import { postReads, type PostRow, type UploadColumns } from './post-views.repository'
import { sweepQueries } from './sweep.repository'

/**
 * The publisher's statements about posts: the `…Internal` ones, by post id alone (the publisher serves every user).
 * Every state change is one conditional UPDATE: the row, not memory, decides who may act (several worker processes
 * may run), and a change that lost a race affects no row and returns undefined/false.
 *
 * The publishing claim is fenced by `attempts`: each claim increments it, and every later step of that attempt checks
 * it, so a worker that lost its claim (a sweep gave the post to another) cannot write over the new attempt.
 * `uploaded_bytes` doubles as the "init may have been sent" mark: null after a claim, set to 0 in its own statement
 * immediately before video/init is sent. A `publishing` post without publish_id and with uploaded_bytes null never
 * reached TikTok and may be published again; with uploaded_bytes set, TikTok may have accepted it.
 *
 * A `publishing` post with a publish_id is being uploaded: its upload_url (sealed) is stored with the publish_id, the
 * upload writes a heartbeat, and a resumed upload claims the post again with a new attempt (ADR 019). The URL is
 * forgotten as soon as the upload is over, either way.
 */
function attemptQueries(db: Executor) {
  const touched = (at: Date) => ({ updatedAt: at })
  /** The upload is over: TikTok's upload_url (a credential for this post) is not kept. */
  const uploadOver = { uploadUrlEnc: null }

  return {
    // --- the publisher's claim and the steps of one attempt -----------------------------------------------------

    /**
     * `scheduled` and due → `publishing`, attempts + 1, for the posts among `ids` that still are: the one place a post
     * starts to go out (ADR 026: the posts that fall due together are claimed in one statement). A post moved to a later
     * time, claimed by another worker, turned into a draft or deleted is not returned. The rows are locked in id order
     * first, so two workers claiming overlapping sets wait for each other instead of deadlocking; the second one then
     * finds them `publishing` and leaves them.
     */
    async claimDueInternal(ids: string[], now: Date): Promise<PostRow[]> {
      if (ids.length === 0) return []
      const due = and(inArray(post.id, ids), eq(post.state, 'scheduled'), lte(post.scheduledAt, now))
      const locked = db.select({ id: post.id }).from(post).where(due).orderBy(asc(post.id)).for('update')
      return db
        .update(post)
        .set({
          state: 'publishing',
          attempts: sql`${post.attempts} + 1`,
          claimedAt: now,
          uploadedBytes: null,
          errorMessage: null,
          ...touched(now),
        })
        .where(and(inArray(post.id, locked), due))
        .returning()
    },

    /**
     * Marks that video/init is about to be sent (see above) for claimed attempts whose requests leave now; returns the
     * ids marked (an attempt that lost its claim is not).
     */
    async markInitSendingInternal(claims: { id: string; attempt: number }[], at: Date): Promise<Set<string>> {
      if (claims.length === 0) return new Set()
      const rows = await db
        .update(post)
        .set({ uploadedBytes: 0, ...touched(at) })
        .where(
          and(
            or(...claims.map((c) => and(eq(post.id, c.id), eq(post.attempts, c.attempt)))),
            eq(post.state, 'publishing'),
            isNull(post.publishId),
          ),
        )
        .returning({ id: post.id })
      return new Set(rows.map((r) => r.id))
    },

    /**
     * TikTok accepted the init: its publish_id is stored before anything else happens, in the same statement as what
     * resuming its upload needs.
     */
    async storePublishIdInternal(
      id: string,
      attempt: number,
      publishId: string,
      upload: UploadColumns,
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ publishId, ...upload, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.attempts, attempt), isNull(post.publishId)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** Upload progress; also the heartbeat that tells the sweep this attempt is alive. False: the attempt was lost. */
    async recordProgressInternal(id: string, attempt: number, bytes: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ uploadedBytes: bytes, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** The heartbeat of attempts waiting for an upload place; returns the ids still theirs. */
    async touchAttemptsInternal(claims: { id: string; attempt: number }[], at: Date): Promise<Set<string>> {
      if (claims.length === 0) return new Set()
      const rows = await db
        .update(post)
        .set(touched(at))
        .where(
          and(
            or(...claims.map((c) => and(eq(post.id, c.id), eq(post.attempts, c.attempt)))),
            eq(post.state, 'publishing'),
          ),
        )
        .returning({ id: post.id })
      return new Set(rows.map((r) => r.id))
    },

    async markProcessingInternal(id: string, attempt: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'processing_on_tiktok', ...uploadOver, ...touched(at) })
        .where(
          and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt), isNotNull(post.publishId)),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /**
     * Back to `scheduled` after a failure TikTok certainly did not accept (no publish_id). `refundAttempt` for a rate
     * limit, which is pacing rather than a failure.
     */
    async releaseInternal(
      id: string,
      attempt: number,
      change: { errorMessage: string | null; refundAttempt: boolean },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({
          state: 'scheduled',
          uploadedBytes: null,
          errorMessage: change.errorMessage,
          ...(change.refundAttempt ? { attempts: sql`greatest(${post.attempts} - 1, 0)` } : {}),
          ...touched(at),
        })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt), isNull(post.publishId)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** Ends this attempt as `failed` or `unconfirmed` (before TikTok finished with it). */
    async endAttemptInternal(
      id: string,
      attempt: number,
      end: { state: 'failed' | 'unconfirmed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ ...end, ...uploadOver, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.state, 'publishing'), eq(post.attempts, attempt)))
        .returning({ id: post.id })
      return rows.length === 1
    },

    // --- TikTok's answers about an accepted publish (keyed by publish_id) -------------------------------------------

    /** A status fetch happened: the sweep's heartbeat for posts being polled. */
    async touchStatusInternal(id: string, publishId: string, at: Date): Promise<void> {
      await db
        .update(post)
        .set({ lastStatusAt: at, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.publishId, publishId)))
    },

    /**
     * TikTok's final word. Accepted while the publisher is on it and for `unconfirmed` (a late answer still counts);
     * once `uploaded`, only a missing public post id may be filled in.
     */
    async settleInternal(
      id: string,
      publishId: string,
      outcome:
        | { state: 'uploaded'; tiktokPostId: string | null; publishedAt: Date }
        | { state: 'failed'; errorMessage: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(post)
        .set(
          outcome.state === 'uploaded'
            ? {
                state: 'uploaded',
                tiktokPostId: outcome.tiktokPostId,
                publishedAt: outcome.publishedAt,
                errorMessage: null,
                lastStatusAt: at,
                ...uploadOver,
                ...touched(at),
              }
            : { state: 'failed', errorMessage: outcome.errorMessage, lastStatusAt: at, ...uploadOver, ...touched(at) },
        )
        .where(
          and(
            eq(post.id, id),
            eq(post.publishId, publishId),
            inArray(post.state, ['publishing', 'processing_on_tiktok', 'sent_to_inbox', 'unconfirmed']),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /**
     * SEND_TO_USER_INBOX: the draft waits for the creator in TikTok (issue 29). From the states the publisher follows
     * (and `unconfirmed`: a late answer still counts), once.
     */
    async markSentToInboxInternal(id: string, publishId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'sent_to_inbox', errorMessage: null, lastStatusAt: at, ...uploadOver, ...touched(at) })
        .where(
          and(
            eq(post.id, id),
            eq(post.publishId, publishId),
            eq(post.postMode, 'inbox'),
            inArray(post.state, ['publishing', 'processing_on_tiktok', 'unconfirmed']),
          ),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    async setTiktokPostIdInternal(id: string, publishId: string, tiktokPostId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ tiktokPostId, lastStatusAt: at, ...touched(at) })
        .where(
          and(eq(post.id, id), eq(post.publishId, publishId), eq(post.state, 'uploaded'), isNull(post.tiktokPostId)),
        )
        .returning({ id: post.id })
      return rows.length === 1
    },

    /** TikTok took the video but never said it was posted. */
    async unconfirmInternal(id: string, publishId: string, errorMessage: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(post)
        .set({ state: 'unconfirmed', errorMessage, ...uploadOver, ...touched(at) })
        .where(and(eq(post.id, id), eq(post.publishId, publishId), inArray(post.state, [...IN_FLIGHT_STATES])))
        .returning({ id: post.id })
      return rows.length === 1
    },
  }
}

export function createPublishingRepository(db: Database) {
  return withTransactions(db, (db) => ({ ...postReads(db), ...attemptQueries(db), ...sweepQueries(db) }))
}
export type PublishingRepository = ReturnType<typeof createPublishingRepository>
