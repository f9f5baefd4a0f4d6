import { and, eq, inArray } from 'drizzle-orm'
import { automationRun, automationSettings, automationSlot } from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { slotViews, toSlotView, type AutomationSlotRow, type SlotView } from './slot-view.repository'

/**
 * Regenerate's and Run Now's statements (ADR 050): a planned post given a new hook, put back when that fails, and the
 * lock that makes a double Run Now one post. Part of the automation repository (automation.repository.ts).
 */
export function regenerationQueries(db: Executor) {
  return {
    async findSlotForUser(userId: string, slotId: string): Promise<SlotView | undefined> {
      const [row] = await slotViews(db).where(and(eq(automationSlot.id, slotId), eq(automationSlot.userId, userId)))
      return row ? toSlotView(row) : undefined
    },

    /**
     * Regenerate (ADR 050): a scheduled slot goes back to `preparing` with its new hook and caption, remembering what
     * it had, so its job makes the new video. Conditional on `scheduled`: of two regenerates at once, one wins and
     * the other finds it preparing. It needs approval from now on (the person has not seen the new hook).
     */
    async beginRegenerationForUser(
      userId: string,
      slot: AutomationSlotRow,
      content: Pick<AutomationSlotRow, 'hookText' | 'title' | 'description' | 'slides' | 'sourceTitle'>,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({
          ...content,
          state: 'preparing',
          needsApproval: true,
          errorMessage: null,
          claimedAt: null,
          regeneratedFrom: {
            hookText: slot.hookText,
            title: slot.title,
            description: slot.description,
            slides: slot.slides,
            videoId: slot.videoId,
            slideshowId: slot.slideshowId,
          },
          updatedAt: now,
        })
        .where(
          and(
            eq(automationSlot.id, slot.id),
            eq(automationSlot.userId, userId),
            eq(automationSlot.state, 'scheduled'),
            eq(automationSlot.hookText, slot.hookText),
          ),
        )
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /** The new video (or slideshow) is on the post: the slot is scheduled again and forgets what it had. */
    async finishRegenerationInternal(slotId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({ state: 'scheduled', regeneratedFrom: null, updatedAt: now })
        .where(and(eq(automationSlot.id, slotId), eq(automationSlot.state, 'rendering')))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /**
     * The new hook could not be made into the post (its render failed, its video left the Library, its post went out
     * or its time passed meanwhile): the slot is put back as it was, scheduled with its post, saying why.
     */
    async undoRegenerationInternal(
      slot: AutomationSlotRow,
      from: AutomationSlotRow['state'],
      message: string,
      now: Date,
    ): Promise<boolean> {
      const before = slot.regeneratedFrom
      if (!before) return false
      const rows = await db
        .update(automationSlot)
        .set({
          state: 'scheduled',
          hookText: before.hookText,
          title: before.title,
          description: before.description,
          slides: before.slides,
          videoId: before.videoId,
          slideshowId: before.slideshowId,
          regeneratedFrom: null,
          errorMessage: message,
          updatedAt: now,
        })
        .where(and(eq(automationSlot.id, slot.id), eq(automationSlot.state, from)))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /**
     * Holds the person's settings row until the transaction ends (SELECT … FOR UPDATE): Run Now's check for a post it
     * is still making and its insert are one step, so a double click makes one post (ADR 050).
     */
    async lockSettingsForUser(userId: string): Promise<void> {
      await db
        .select({ userId: automationSettings.userId })
        .from(automationSettings)
        .where(eq(automationSettings.userId, userId))
        .for('update')
    },

    /** Whether a Run Now post of the person's is still being made (its video or slideshow not rendered yet). */
    async runNowInProgress(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: automationSlot.id })
        .from(automationSlot)
        .innerJoin(automationRun, eq(automationRun.id, automationSlot.runId))
        .where(
          and(
            eq(automationSlot.userId, userId),
            eq(automationRun.trigger, 'run_now'),
            inArray(automationSlot.state, ['preparing', 'rendering']),
          ),
        )
        .limit(1)
      return row !== undefined
    },
  }
}
