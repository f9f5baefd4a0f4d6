import {
  AUTOMATION_MESSAGES,
  formatUsesSlideshows,
  formatUsesVideos,
  type AutomationOverview,
  type AutomationSettings,
  type AutomationSlotState,
} from '@hookpost/shared/automation'
import { ApiRequestError } from '../../../lib/api-client'

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

/** How many of the posts automation planned (by Run Now or otherwise) are still waiting to go out. */
export function waitingPosts(runs: AutomationOverview['runs']): number {
  return runs.reduce((n, run) => n + run.slots.filter((s) => WAITING.includes(s.state)).length, 0)
}

/** Said once Run Now has planned: the newest run's summary. */
export function ranMessage(next: AutomationOverview): string {
  const latest = next.runs[0]
  return latest ? latest.summary : 'Automation ran'
}

/** A 400 says why in the spec's words ('Automation is disabled', 'No TikTok account selected', …). */
export function runFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status < 500 ? error.message : AUTOMATION_MESSAGES.runFailed
}
