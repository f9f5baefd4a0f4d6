import {
  AUTOMATION_MESSAGES,
  formatUsesSlideshows,
  formatUsesVideos,
  type AutomationOverview,
  type AutomationRun,
  type AutomationSettings,
  type AutomationSlotState,
} from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import { ApiRequestError } from '../../../lib/api-client'
import { dateTimeIn } from '../../../lib/format'

/** One thing Run Now lacks: the spec's words (product.md §8) and what to do about it. */
export interface RunNowBlocker {
  message: string
  fix: string
}

/**
 * Why Run Now cannot plan with the saved settings, in the order the server checks (product.md §5: Run Now needs an
 * account, a video and a day, and automation on). Empty when it can. `accountIds`: the person's accounts once known,
 * so a saved account that was deleted since counts as none.
 */
export function runNowBlockers(saved: AutomationSettings, accountIds: readonly string[] | null): RunNowBlocker[] {
  const blockers: RunNowBlocker[] = []
  if (!saved.enabled) {
    blockers.push({ message: AUTOMATION_MESSAGES.disabled, fix: 'Turn automation on and save your settings.' })
  }
  if (!saved.accountId || (accountIds !== null && !accountIds.includes(saved.accountId))) {
    blockers.push({ message: AUTOMATION_MESSAGES.noAccount, fix: 'Choose one in Advanced Settings and save.' })
  }
  if (formatUsesVideos(saved.format) && saved.videoIds.length === 0) {
    blockers.push({ message: AUTOMATION_MESSAGES.noVideos, fix: 'Pick at least one in Video Selection and save.' })
  }
  if (formatUsesSlideshows(saved.format) && saved.slideshowImageIds.length === 0) {
    blockers.push({
      message: AUTOMATION_MESSAGES.noSlideshowImages,
      fix: 'Pick at least one image for slideshows in Video Selection and save.',
    })
  }
  if (saved.days.length === 0) {
    blockers.push({ message: AUTOMATION_MESSAGES.noDays, fix: 'Pick at least one in Schedule Settings and save.' })
  }
  return blockers
}

/** Planned by automation and not gone out: what saving changed settings cancels and plans again. */
const WAITING: readonly AutomationSlotState[] = ['preparing', 'rendering', 'draft', 'scheduled']

/**
 * How many of the posts automation planned (by Run Now or otherwise) are still waiting to go out, and how many of those
 * the person approved or edited (ADR 050: a save keeps them unless told to replace them).
 */
export function waitingPosts(runs: AutomationOverview['runs']): { posts: number; touched: number } {
  const waiting = runs.flatMap((run) => run.slots.filter((s) => WAITING.includes(s.state)))
  return { posts: waiting.length, touched: waiting.filter((s) => s.approved || s.edited).length }
}

/** The Run Now the answer just made: its newest run, when that is a Run Now. */
export function newRunNow(next: AutomationOverview): AutomationRun | null {
  const latest = next.runs[0]
  return latest?.trigger === 'run_now' ? latest : null
}

/**
 * What Run Now's post is doing, said live as its slot moves on (ADR 050): being made, rendered, posted or sent, waiting
 * for approval (and until when), or why it did not go out. `now`: to tell a post being sent from one approved for later.
 */
export function runNowProgress(run: AutomationRun, now: Date): string {
  const slot = run.slots[0]
  if (!slot) return run.summary
  const what = slot.format === 'slideshow' ? 'slideshow' : 'video'
  const at = `${dateTimeIn(slot.scheduledAt, slot.timeZone)} (${slot.timeZone})`
  switch (slot.state) {
    case 'preparing':
      return slot.regenerating
        ? `Run Now: making a new hook and ${what}…`
        : `Run Now: making the ${what} with its hook…`
    case 'rendering':
      return `Run Now: rendering the ${what}…`
    case 'scheduled':
      if (Date.parse(slot.scheduledAt) > now.getTime() + 60_000) return `Run Now: approved; it goes out at ${at}.`
      return slot.sendAsDraft ? 'Run Now: sending it to your TikTok inbox…' : 'Run Now: posting it to TikTok…'
    case 'posted':
      return 'Run Now: posted to TikTok.'
    case 'inbox':
      return `Run Now: ${MESSAGES.sentToInbox}.`
    case 'draft':
      return `Run Now: your post awaits your approval. Review it in the History below; approved, it goes out at ${at}.`
    case 'failed':
    case 'skipped':
    case 'rejected':
    case 'cancelled':
      return `Run Now: not posted. ${slot.errorMessage ?? run.summary}`
  }
}

/** A 400 says why in the spec's words ('Automation is disabled', 'No TikTok account selected', …). */
export function runFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status < 500 ? error.message : AUTOMATION_MESSAGES.runFailed
}
