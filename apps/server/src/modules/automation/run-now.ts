import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto'
import { AUTOMATION_MESSAGES, slotFormat, todayInZone } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { mulberry32 } from '../../lib/random'
import type { NewAutomationSlotRow } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { accountOrNull, readiness, zoneFor } from './automation-settings'
import { createPlannedPostWriter } from './planned-post'
import { planningSources } from './planning-sources'

/** Why Run Now's post has its time (the History's "why this time"). */
export const RUN_NOW_TIME_REASON = 'Run Now: made now, to go out as soon as it is ready'
const RUN_NOW_REVIEW_REASON = 'Run Now: made now for your review; it goes out at this time once you approve it'

/** '14:05 (Europe/Paris)' */
function timeIn(at: Date, zone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(at)
  return `${time} (${zone})`
}

/** What the History says of a Run Now (its post says how far it got). */
function runNowSummary(slot: Omit<NewAutomationSlotRow, 'runId'>, sendAsDrafts: boolean): string {
  if (slot.state === 'failed') return 'Run Now could not make a post'
  if (slot.needsApproval) {
    return `Made 1 post now for your review: approve it and it goes out at ${timeIn(slot.scheduledAt, slot.timeZone)}`
  }
  return sendAsDrafts
    ? 'Made 1 post now: it goes to your TikTok inbox as soon as its video is ready'
    : 'Made 1 post now: it is posted as soon as its video is ready'
}

/**
 * Run Now (ADR 050): one post made now with the saved settings — a hook and caption written, its video (or slideshow)
 * rendered, and the post published (or sent to the TikTok inbox) as soon as that is done, through the same slot job
 * and publishing engine as every planned post. With "Review before posting" it is a draft due `runNowReviewMs` from
 * now. A double click makes one post: the check for a Run Now post still being made and the insert run under a lock
 * on the person's settings row; the second is refused (409) with what is under way.
 */
export function createRunNow(ctx: AutomationContext) {
  const { deps, tuning, announce } = ctx
  const { repo, queue, clock } = deps
  const seed = deps.seed ?? (() => cryptoRandomInt(2 ** 31))
  const prepareSlot = createPlannedPostWriter(ctx)

  return async function runNow(userId: string): Promise<void> {
    const row = await repo.findSettings(userId)
    const account = await accountOrNull(deps, userId, row?.accountId ?? null)
    const notReady = readiness(row, account)
    if (notReady || !row || !account) throw new AppError('BAD_REQUEST', notReady ?? AUTOMATION_MESSAGES.disabled)
    const refusal = await deps.plans?.newPostsRefusal(userId)
    if (refusal) throw refusal
    // Before writing anything: the common double click is told at once (the lock below settles a true race).
    if (await repo.runNowInProgress(userId)) throw new AppError('CONFLICT', AUTOMATION_MESSAGES.runNowBusy)

    const sources = await planningSources(deps, userId, row)
    if (sources.missing) throw new AppError('BAD_REQUEST', sources.missing)
    const now = clock()
    const zone = await zoneFor(deps, userId, account)
    const sequence = row.format === 'alternate' ? await repo.slotCount(userId, account.id) : 0
    const review = row.reviewBeforePosting
    const slot = await prepareSlot({
      userId,
      row,
      account,
      zone,
      day: todayInZone(now, zone),
      at: review ? new Date(now.getTime() + tuning.runNowReviewMs) : now,
      timeReason: review ? RUN_NOW_REVIEW_REASON : RUN_NOW_TIME_REASON,
      hookResults: () => repo.hookResults(userId, account.id),
      items: sources.items,
      selection: sources.selection,
      lastUsed: sources.lastUsed,
      rng: mulberry32(seed()),
      // A draft's audience is chosen by the creator in TikTok.
      privacyLevel: row.sendAsDrafts ? null : row.privacyLevel,
      format: slotFormat(row.format, sequence),
      images: sources.images,
    })

    await repo.transaction(async ({ repo: tx, jobs }) => {
      await tx.lockSettingsForUser(userId)
      if (await tx.runNowInProgress(userId)) throw new AppError('CONFLICT', AUTOMATION_MESSAGES.runNowBusy)
      const run = await tx.insertRun({
        id: randomUUID(),
        userId,
        trigger: 'run_now',
        summary: runNowSummary(slot, row.sendAsDrafts),
        startedAt: now,
      })
      const [inserted] = await tx.insertSlots([{ ...slot, runId: run.id }])
      if (inserted?.state === 'preparing') {
        await queue.send('automation.slot', { slotId: inserted.id }, { singletonKey: inserted.id, tx: jobs })
      }
    })
    announce(userId)
  }
}
