import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import type { ContentTone, HookConcept } from '@hookpost/shared'
import type { Database } from '../../db/client'
import {
  automationDay,
  automationRun,
  automationSettings,
  automationSlot,
  post,
  postHook,
  postStats,
} from '../../db/schema'
import { withTransactions, type Executor } from '../../db/transactional'
import { regenerationQueries } from './regeneration.repository'
import { replanQueries } from './replan.repository'
import { slotViews, toSlotView, type AutomationSlotRow, type SlotView } from './slot-view.repository'

export type AutomationSettingsRow = typeof automationSettings.$inferSelect
export type NewAutomationSettingsRow = typeof automationSettings.$inferInsert
export type AutomationRunRow = typeof automationRun.$inferSelect
export type NewAutomationSlotRow = typeof automationSlot.$inferInsert
export type { AutomationSlotRow, SlotView } from './slot-view.repository'

/** Every statement about the person's automation; each is scoped by the user id, except the workers' (…Internal). */
function createQueries(db: Executor) {
  return {
    ...replanQueries(db),
    ...regenerationQueries(db),
    async findSettings(userId: string): Promise<AutomationSettingsRow | undefined> {
      const [row] = await db.select().from(automationSettings).where(eq(automationSettings.userId, userId))
      return row
    },

    async upsertSettings(row: NewAutomationSettingsRow): Promise<AutomationSettingsRow> {
      const { userId: _userId, ...changes } = row
      const [saved] = await db
        .insert(automationSettings)
        .values(row)
        .onConflictDoUpdate({ target: automationSettings.userId, set: changes })
        .returning()
      if (!saved) throw new Error('automation_settings upsert returned nothing')
      return saved
    },

    async enabledUserIdsInternal(): Promise<string[]> {
      const rows = await db
        .select({ userId: automationSettings.userId })
        .from(automationSettings)
        .where(eq(automationSettings.isEnabled, true))
      return rows.map((r) => r.userId)
    },

    async insertRun(row: typeof automationRun.$inferInsert): Promise<AutomationRunRow> {
      const [created] = await db.insert(automationRun).values(row).returning()
      if (!created) throw new Error('automation_run insert returned nothing')
      return created
    },

    async setRunSummary(runId: string, summary: string): Promise<void> {
      await db.update(automationRun).set({ summary }).where(eq(automationRun.id, runId))
    },

    /** The days of this account already planned between `from` and `to` ('YYYY-MM-DD', both included). */
    async plannedDays(userId: string, accountId: string, from: string, to: string): Promise<Set<string>> {
      const rows = await db
        .select({ day: automationDay.day })
        .from(automationDay)
        .where(
          and(
            eq(automationDay.userId, userId),
            eq(automationDay.accountId, accountId),
            sql`${automationDay.day} between ${from} and ${to}`,
          ),
        )
      return new Set(rows.map((r) => r.day))
    },

    /** Claims a day for planning; false when it is already planned (by an earlier run, or another worker now). */
    async claimDay(row: typeof automationDay.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(automationDay).values(row).onConflictDoNothing().returning()
      return inserted.length > 0
    },

    async insertSlots(rows: NewAutomationSlotRow[]): Promise<AutomationSlotRow[]> {
      if (rows.length === 0) return []
      return db.insert(automationSlot).values(rows).returning()
    },

    /** When each Library item was last planned for this person (least recently used goes first). */
    async lastUsed(userId: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ item: automationSlot.sourceItemId, at: sql<Date>`max(${automationSlot.createdAt})` })
        .from(automationSlot)
        .where(
          and(
            eq(automationSlot.userId, userId),
            eq(automationSlot.format, 'video'),
            ne(automationSlot.state, 'cancelled'),
          ),
        )
        .groupBy(automationSlot.sourceItemId)
      return new Map(rows.map((r) => [r.item, new Date(r.at)]))
    },

    /** When each gallery image was last drawn for a slideshow of this person's (the newest 500 slideshows looked at). */
    async imagesLastUsed(userId: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ imageIds: automationSlot.imageIds, at: automationSlot.createdAt })
        .from(automationSlot)
        .where(
          and(
            eq(automationSlot.userId, userId),
            eq(automationSlot.format, 'slideshow'),
            ne(automationSlot.state, 'cancelled'),
          ),
        )
        .orderBy(desc(automationSlot.createdAt))
        .limit(500)
      const used = new Map<string, Date>()
      for (const row of rows) for (const id of row.imageIds) if (!used.has(id)) used.set(id, row.at)
      return used
    },

    /** How many posts were planned for the account, cancelled ones not counted: where 'alternate' is in its turns. */
    async slotCount(userId: string, accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(automationSlot)
        .where(
          and(
            eq(automationSlot.userId, userId),
            eq(automationSlot.accountId, accountId),
            ne(automationSlot.state, 'cancelled'),
          ),
        )
      return row?.n ?? 0
    },

    /** Posts of the account in (from, to], and planned posts not yet scheduled in that span: TikTok's daily cap. */
    async postsInSpan(accountId: string, from: Date, to: Date): Promise<number> {
      const [posts] = await db
        .select({ n: count() })
        .from(post)
        .where(
          and(
            eq(post.accountId, accountId),
            gt(post.scheduledAt, from),
            lte(post.scheduledAt, to),
            // Neither a failed post nor a skipped draft reached TikTok.
            notInArray(post.state, ['failed', 'skipped']),
          ),
        )
      const [planned] = await db
        .select({ n: count() })
        .from(automationSlot)
        .where(
          and(
            eq(automationSlot.accountId, accountId),
            gt(automationSlot.scheduledAt, from),
            lte(automationSlot.scheduledAt, to),
            inArray(automationSlot.state, ['preparing', 'rendering']),
          ),
        )
      return (posts?.n ?? 0) + (planned?.n ?? 0)
    },

    /**
     * The hook bandit's evidence (issue 19): every scored post of the account with the concept and tone it carried
     * (post_stats joined to post_hook; posts without a concept or tone count for the part they have).
     */
    async hookResults(
      userId: string,
      accountId: string,
    ): Promise<{ concept: HookConcept | null; tone: ContentTone | null; relativeViews: number }[]> {
      const rows = await db
        .select({ concept: postHook.concept, tone: postHook.tone, relativeViews: postStats.relativeViews })
        .from(postStats)
        .innerJoin(postHook, eq(postHook.postId, postStats.postId))
        .where(
          and(
            eq(postStats.userId, userId),
            eq(postStats.accountId, accountId),
            eq(postHook.userId, userId),
            isNotNull(postStats.relativeViews),
            gt(postStats.relativeViews, 0),
          ),
        )
      return rows.map((r) => ({ concept: r.concept, tone: r.tone, relativeViews: r.relativeViews! }))
    },

    /** A run with every planned post of it, as the History reads them (what its approval notice counts, ADR 048). */
    async runWithSlotsInternal(runId: string): Promise<{ run: AutomationRunRow; slots: SlotView[] } | undefined> {
      const [run] = await db.select().from(automationRun).where(eq(automationRun.id, runId))
      if (!run) return undefined
      return { run, slots: (await slotViews(db).where(eq(automationSlot.runId, runId))).map(toSlotView) }
    },

    async findSlotInternal(slotId: string): Promise<SlotView | undefined> {
      const [row] = await slotViews(db).where(eq(automationSlot.id, slotId))
      return row ? toSlotView(row) : undefined
    },

    /**
     * Takes a `preparing` slot to make its video: only if nobody holds it, or the holder's lease (`claimedAt` before
     * `staleBefore`) ran out. Returns the slot, or nothing when it is not this worker's to prepare.
     */
    async claimForPreparingInternal(
      slotId: string,
      now: Date,
      staleBefore: Date,
    ): Promise<AutomationSlotRow | undefined> {
      const [row] = await db
        .update(automationSlot)
        .set({ claimedAt: now, updatedAt: now })
        .where(
          and(
            eq(automationSlot.id, slotId),
            eq(automationSlot.state, 'preparing'),
            or(isNull(automationSlot.claimedAt), lt(automationSlot.claimedAt, staleBefore)),
          ),
        )
        .returning()
      return row
    },

    /** preparing → rendering, with its video; false when the slot was cancelled (or moved on) meanwhile. */
    async setVideoInternal(slotId: string, videoId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({ videoId, state: 'rendering', updatedAt: now })
        .where(and(eq(automationSlot.id, slotId), eq(automationSlot.state, 'preparing')))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /** preparing → rendering, with its slideshow; false when the slot was cancelled (or moved on) meanwhile. */
    async setSlideshowInternal(slotId: string, slideshowId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({ slideshowId, state: 'rendering', updatedAt: now })
        .where(and(eq(automationSlot.id, slotId), eq(automationSlot.state, 'preparing')))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /** rendering → scheduled (at the post's time); false when the slot was cancelled meanwhile. */
    async markScheduledInternal(slotId: string, scheduledAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({ state: 'scheduled', scheduledAt, updatedAt: now })
        .where(and(eq(automationSlot.id, slotId), eq(automationSlot.state, 'rendering')))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /** Ends a slot that could not go on, with why; only from a state it was in (a cancel wins over a failure). */
    async failInternal(slotId: string, from: AutomationSlotRow['state'], message: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(automationSlot)
        .set({ state: 'failed', errorMessage: message, updatedAt: now })
        .where(and(eq(automationSlot.id, slotId), eq(automationSlot.state, from)))
        .returning({ id: automationSlot.id })
      return rows.length > 0
    },

    /** Slots a worker should look at again: preparing (unclaimed or lease run out) or rendering, untouched since `before`. */
    async staleSlotIdsInternal(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: automationSlot.id })
        .from(automationSlot)
        .where(and(inArray(automationSlot.state, ['preparing', 'rendering']), lt(automationSlot.updatedAt, before)))
        .orderBy(asc(automationSlot.updatedAt))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /** The History: the newest runs, each with its slots (by time) and what their videos and posts say now. */
    async recentRuns(userId: string, limit: number): Promise<{ run: AutomationRunRow; slots: SlotView[] }[]> {
      const runs = await db
        .select()
        .from(automationRun)
        .where(eq(automationRun.userId, userId))
        .orderBy(desc(automationRun.startedAt), desc(automationRun.id))
        .limit(limit)
      if (runs.length === 0) return []
      const slots = (
        await slotViews(db)
          .where(
            and(
              eq(automationSlot.userId, userId),
              inArray(
                automationSlot.runId,
                runs.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(automationSlot.scheduledAt), asc(automationSlot.id))
      ).map(toSlotView)
      return runs.map((run) => ({ run, slots: slots.filter((s) => s.runId === run.id) }))
    },
  }
}

export type AutomationQueries = ReturnType<typeof createQueries>

export function createAutomationRepository(db: Database) {
  return withTransactions(db, createQueries)
}
export type AutomationRepository = ReturnType<typeof createAutomationRepository>
