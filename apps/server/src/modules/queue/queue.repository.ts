import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { SENDING_OR_SENT_POST_STATES, type PrivacyLevel, type QueueSlot } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { post, queueEntry, queueSetting, queueSlot } from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'

export type QueueEntryRow = typeof queueEntry.$inferSelect

/** What a held post keeps of its post, to be scheduled again as it was. */
export interface HeldPost {
  heldOrder: Date
  /** issue 29: a video (`mediaId`) or a photo post (`photoSetId`), posted directly or sent as a draft. */
  format: 'video' | 'photo'
  postMode: 'direct' | 'inbox'
  mediaId: string | null
  photoSetId: string | null
  autoAddMusic: boolean
  title: string
  description: string
  privacyLevel: PrivacyLevel
  allowComment: boolean
  allowDuet: boolean
  allowStitch: boolean
  brandContent: boolean
  brandOrganic: boolean
}

/** One line of the queue: an entry with its scheduled post's title and time, or a held entry's own. */
export interface QueueLine {
  id: string
  postId: string | null
  held: boolean
  title: string
  scheduledAt: Date | null
  timeZone: string | null
  order: Date
}

/** Posts in these states hold their time: a slot with one of them in it is taken. */
const SLOT_TAKING_STATES = ['draft', ...SENDING_OR_SENT_POST_STATES] as const

/** Every statement about queues; each is scoped by the user id. */
function createQueries(db: Executor) {
  return {
    async isPaused(userId: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ paused: queueSetting.paused })
        .from(queueSetting)
        .where(and(eq(queueSetting.userId, userId), eq(queueSetting.accountId, accountId)))
      return row?.paused ?? false
    },

    async pausedAccounts(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ accountId: queueSetting.accountId })
        .from(queueSetting)
        .where(and(eq(queueSetting.userId, userId), eq(queueSetting.paused, true)))
      return new Set(rows.map((r) => r.accountId))
    },

    async setPaused(userId: string, accountId: string, paused: boolean, now: Date): Promise<void> {
      await db
        .insert(queueSetting)
        .values({ userId, accountId, paused, updatedAt: now })
        .onConflictDoUpdate({ target: queueSetting.accountId, set: { paused, updatedAt: now } })
    },

    async listSlots(userId: string, accountIds: string[]): Promise<(QueueSlot & { accountId: string })[]> {
      if (accountIds.length === 0) return []
      return db
        .select({ accountId: queueSlot.accountId, weekday: queueSlot.weekday, time: queueSlot.time })
        .from(queueSlot)
        .where(and(eq(queueSlot.userId, userId), inArray(queueSlot.accountId, accountIds)))
        .orderBy(asc(queueSlot.weekday), asc(queueSlot.time))
    },

    async replaceSlots(userId: string, accountId: string, slots: QueueSlot[]): Promise<void> {
      await db.delete(queueSlot).where(and(eq(queueSlot.userId, userId), eq(queueSlot.accountId, accountId)))
      if (slots.length > 0) {
        await db.insert(queueSlot).values(slots.map((s) => ({ userId, accountId, weekday: s.weekday, time: s.time })))
      }
    },

    /** The instants (ms) of the account's posts after `after` that keep their time: those slots are taken. */
    async takenInstants(userId: string, accountId: string, after: Date): Promise<Set<number>> {
      const rows = await db
        .select({ at: post.scheduledAt })
        .from(post)
        .where(
          and(
            eq(post.userId, userId),
            eq(post.accountId, accountId),
            gt(post.scheduledAt, after),
            inArray(post.state, [...SLOT_TAKING_STATES]),
          ),
        )
      return new Set(rows.map((r) => r.at.getTime()))
    },

    /**
     * The queue's lines for these accounts: held entries, and entries whose post is still scheduled (a post that went
     * out, failed or was deleted has left the queue). Ordered by time (a held entry by the time it had).
     */
    async listLines(userId: string, accountIds: string[]): Promise<(QueueLine & { accountId: string })[]> {
      if (accountIds.length === 0) return []
      const rows = await db
        .select({
          id: queueEntry.id,
          accountId: queueEntry.accountId,
          postId: queueEntry.postId,
          held: queueEntry.held,
          heldTitle: queueEntry.title,
          heldOrder: queueEntry.heldOrder,
          postTitle: post.title,
          scheduledAt: post.scheduledAt,
          timeZone: post.timeZone,
        })
        .from(queueEntry)
        .leftJoin(post, eq(post.id, queueEntry.postId))
        .where(
          and(
            eq(queueEntry.userId, userId),
            inArray(queueEntry.accountId, accountIds),
            or(eq(queueEntry.held, true), and(isNotNull(post.id), eq(post.state, 'scheduled'))),
          ),
        )
        .orderBy(asc(sql`coalesce(${post.scheduledAt}, ${queueEntry.heldOrder})`), asc(queueEntry.createdAt))
      return rows.map((r) => ({
        id: r.id,
        accountId: r.accountId,
        postId: r.postId,
        held: r.held,
        title: r.held ? (r.heldTitle ?? '') : (r.postTitle ?? ''),
        scheduledAt: r.held ? null : r.scheduledAt,
        timeZone: r.held ? null : r.timeZone,
        order: (r.held ? r.heldOrder : r.scheduledAt) ?? new Date(0),
      }))
    },

    async insertEntry(userId: string, accountId: string, postId: string): Promise<QueueEntryRow> {
      const [row] = await db.insert(queueEntry).values({ userId, accountId, postId }).returning()
      if (!row) throw new Error('queue_entry insert returned nothing')
      return row
    },

    async findEntry(userId: string, id: string): Promise<QueueEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(queueEntry)
        .where(and(eq(queueEntry.userId, userId), eq(queueEntry.id, id)))
      return row
    },

    /** What holding this entry's post keeps; undefined unless the post is still scheduled. */
    async heldPostFor(userId: string, postId: string): Promise<HeldPost | undefined> {
      const [row] = await db
        .select()
        .from(post)
        .where(and(eq(post.userId, userId), eq(post.id, postId), eq(post.state, 'scheduled')))
      if (!row || (!row.mediaId && !row.photoSetId)) return undefined
      return {
        heldOrder: row.scheduledAt,
        format: row.format,
        postMode: row.postMode,
        mediaId: row.mediaId,
        photoSetId: row.photoSetId,
        autoAddMusic: row.autoAddMusic,
        title: row.title,
        description: row.description,
        privacyLevel: row.privacyLevel,
        allowComment: !row.disableComment,
        allowDuet: !row.disableDuet,
        allowStitch: !row.disableStitch,
        brandContent: row.brandContentToggle,
        brandOrganic: row.brandOrganicToggle,
      }
    },

    /** The entry lets go of its post (about to be deleted) and keeps what it says. */
    async hold(userId: string, id: string, held: HeldPost): Promise<void> {
      await db
        .update(queueEntry)
        .set({ ...held, postId: null, held: true })
        .where(and(eq(queueEntry.userId, userId), eq(queueEntry.id, id)))
    },

    /** The entry is its post again (scheduled anew on resume, or never let go of). */
    async attach(userId: string, id: string, postId: string): Promise<void> {
      await db
        .update(queueEntry)
        .set({
          postId,
          held: false,
          heldOrder: null,
          mediaId: null,
          format: null,
          postMode: null,
          photoSetId: null,
          autoAddMusic: null,
          title: null,
          description: null,
          privacyLevel: null,
          allowComment: null,
          allowDuet: null,
          allowStitch: null,
          brandContent: null,
          brandOrganic: null,
        })
        .where(and(eq(queueEntry.userId, userId), eq(queueEntry.id, id)))
    },

    async setHeldOrder(userId: string, id: string, heldOrder: Date): Promise<void> {
      await db
        .update(queueEntry)
        .set({ heldOrder })
        .where(and(eq(queueEntry.userId, userId), eq(queueEntry.id, id)))
    },

    async deleteEntry(userId: string, id: string): Promise<void> {
      await db.delete(queueEntry).where(and(eq(queueEntry.userId, userId), eq(queueEntry.id, id)))
    },
  }
}

export type QueueQueries = ReturnType<typeof createQueries>

/**
 * A queued post moved to another account leaves its queue (issue 30 item 5, ADR 043): a queue is one account's slots,
 * and pausing that queue would otherwise take off the schedule a post that no longer goes to it. Run in the posts
 * service's transaction (given as `db`), so the post and its entry change together. True when it was queued.
 */
export async function leaveQueue(db: Executor, userId: string, postId: string): Promise<boolean> {
  const left = await db
    .delete(queueEntry)
    .where(and(eq(queueEntry.userId, userId), eq(queueEntry.postId, postId)))
    .returning({ id: queueEntry.id })
  return left.length > 0
}

export function createQueueRepository(db: Database) {
  return withTransactions(db, createQueries)
}
export type QueueRepository = ReturnType<typeof createQueueRepository>
