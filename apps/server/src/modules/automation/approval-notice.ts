import type { AutomationRunRow, SlotView } from './automation.repository'
import type { AutomationContext } from './automation-deps'

/** A run's summary while its days are still being planned (written when planning ends). */
export const PLANNING_SUMMARY = 'Planning…'

/**
 * What the "posts await your approval" notice of a planning run says (ADR 048), once the run has planned all its days
 * and its reviewed posts have all settled — each a draft, or failed or cancelled — so one notice tells of every draft
 * the run made, and none is sent while some are still rendering (they would not be there to review yet). Null when
 * there is nothing to tell.
 */
export function approvalNeeded(
  run: Pick<AutomationRunRow, 'summary'>,
  slots: readonly SlotView[],
): { count: number; firstAt: Date; timeZone: string } | null {
  if (run.summary === PLANNING_SUMMARY) return null
  const reviewed = slots.filter((s) => s.needsApproval)
  if (reviewed.some((s) => s.state === 'preparing' || s.state === 'rendering')) return null
  const drafts = reviewed
    .flatMap((s) => (s.state === 'scheduled' && s.post?.state === 'draft' ? [s.post] : []))
    .sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime())
  const first = drafts[0]
  return first ? { count: drafts.length, firstAt: first.scheduledAt, timeZone: first.timeZone } : null
}

/**
 * Tells the person of a run's drafts awaiting approval when `approvalNeeded` says so: called when planning ends and
 * each time one of the run's posts settles. The notice's key is the run, so callers racing (the last two posts
 * settling on two workers) send one; the notify port never throws.
 */
export function createApprovalNotice({ deps }: AutomationContext) {
  return async function noticeIfAwaiting(userId: string, runId: string): Promise<void> {
    if (!deps.notify) return
    try {
      const run = await deps.repo.runWithSlotsInternal(runId)
      const waiting = run ? approvalNeeded(run.run, run.slots) : null
      if (waiting) await deps.notify({ kind: 'approval_needed', userId, runId, ...waiting })
    } catch (err) {
      // The drafts stand and the History shows them; only the notice is lost.
      deps.log.warn(`[automation] the approval notice of run ${runId} failed: ${String(err)}`)
    }
  }
}
