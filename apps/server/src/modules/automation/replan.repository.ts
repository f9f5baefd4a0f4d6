import { and, eq, inArray, isNotNull, notExists, notInArray, or, sql } from 'drizzle-orm'
import { automationDay, automationSlot, post } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import type { AutomationSlotRow } from './slot-view.repository'

/** Post states that have not started to go out: turning automation off (or replanning) deletes those posts. */
const WAITING_POST_STATES = ['draft', 'scheduled'] as const

/** Slot states whose post has not gone out yet (a draft or a waiting post): what turning automation off cancels. */
const PENDING_STATES = ['preparing', 'rendering', 'scheduled'] as const

/**
 * The waiting post of the slot in the outer query that the person approved (a reviewed post now `scheduled`) or edited
 * (ADR 050): what a replan keeps unless told to replace it.
 */
function touchedPost(db: Executor) {
  return db
    .select({ one: sql`1` })
    .from(post)
    .where(
      and(
        eq(post.automationSlotId, automationSlot.id),
        inArray(post.state, [...WAITING_POST_STATES]),
        or(isNotNull(post.editedAt), and(eq(automationSlot.needsApproval, true), eq(post.state, 'scheduled'))),
      ),
    )
}

/**
 * What turning automation off, or planning again with changed settings, does to the planned posts that have not gone
 * out (ADR 017, ADR 050). Part of the automation repository (automation.repository.ts).
 */
export function replanQueries(db: Executor) {
  return {
    /**
     * Cancels the person's planned posts that have not gone out: preparing, rendering, and scheduled ones whose post
     * is still waiting (or was deleted). With `keepTouched` (ADR 050), those whose post the person approved or edited
     * stay as they are. Returns the cancelled ones, with their videos and waiting posts, for the caller to clean up.
     */
    async cancelPending(
      userId: string,
      message: string,
      now: Date,
      { keepTouched }: { keepTouched: boolean } = { keepTouched: false },
    ): Promise<AutomationSlotRow[]> {
      const notGoneOut = notExists(
        db
          .select({ one: sql`1` })
          .from(post)
          .where(and(eq(post.automationSlotId, automationSlot.id), notInArray(post.state, [...WAITING_POST_STATES]))),
      )
      return db
        .update(automationSlot)
        .set({ state: 'cancelled', errorMessage: message, updatedAt: now })
        .where(
          and(
            eq(automationSlot.userId, userId),
            inArray(automationSlot.state, [...PENDING_STATES]),
            notGoneOut,
            keepTouched ? notExists(touchedPost(db)) : undefined,
          ),
        )
        .returning()
    },

    /** Waiting posts of these slots (to delete with their jobs). */
    async waitingPostIds(userId: string, slotIds: string[]): Promise<string[]> {
      if (slotIds.length === 0) return []
      const rows = await db
        .select({ id: post.id })
        .from(post)
        .where(
          and(
            eq(post.userId, userId),
            inArray(post.automationSlotId, slotIds),
            inArray(post.state, [...WAITING_POST_STATES]),
          ),
        )
      return rows.map((r) => r.id)
    },

    /**
     * Forgets planned days none of whose posts went out (or began to), so they are planned again with the new
     * settings. Days that are under way keep their plan.
     */
    async releaseUnstartedDays(userId: string): Promise<number> {
      const rows = await db
        .delete(automationDay)
        .where(
          and(
            eq(automationDay.userId, userId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(automationSlot)
                .innerJoin(post, eq(post.automationSlotId, automationSlot.id))
                .where(
                  and(
                    eq(automationSlot.userId, automationDay.userId),
                    eq(automationSlot.accountId, automationDay.accountId),
                    eq(automationSlot.day, automationDay.day),
                    notInArray(post.state, [...WAITING_POST_STATES]),
                  ),
                ),
            ),
            // A day holding a post kept from the cancel (approved or edited, ADR 050) keeps its plan, as one under way.
            notExists(
              db
                .select({ one: sql`1` })
                .from(automationSlot)
                .where(
                  and(
                    eq(automationSlot.userId, automationDay.userId),
                    eq(automationSlot.accountId, automationDay.accountId),
                    eq(automationSlot.day, automationDay.day),
                    inArray(automationSlot.state, [...PENDING_STATES]),
                  ),
                ),
            ),
          ),
        )
        .returning({ day: automationDay.day })
      return rows.length
    },
  }
}
