import { z } from 'zod'
import { AUTOMATION_MESSAGES, isLibraryVideo, MESSAGES } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { SlotView } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { defaultsRow } from './automation-settings'
import { writeSlotContent } from './slot-content'

const uuid = z.uuid()

/** Why this planned post cannot be regenerated now (409), or null when it can. */
function refusal(slot: SlotView, now: Date): string | null {
  if (slot.state === 'preparing' || slot.state === 'rendering') {
    return slot.regeneratedFrom ? AUTOMATION_MESSAGES.regenerateBusy : AUTOMATION_MESSAGES.regenerateNotReady
  }
  const post = slot.post
  if (slot.state !== 'scheduled' || !post) return AUTOMATION_MESSAGES.regenerateNotPlanned
  if (post.rejectedAt) return MESSAGES.rejectedCannotBeApproved
  if (post.state !== 'draft' && post.state !== 'scheduled') return MESSAGES.redraftGoneOut
  if (post.scheduledAt <= now) return MESSAGES.redraftTooLate
  return null
}

/**
 * Regenerate (ADR 050): a planned post that has not gone out gets a new hook and caption — the AI writer (offline by
 * default) for the same account and the person's content settings, never the hook it has — and its video (or
 * slideshow) is made again with the new hook burned in, by the slot's own job. Its time stays. Its post waits for
 * approval again at once (an approval was of the old hook), and takes the new caption and video once rendered
 * (render-and-schedule.ts); the steps are announced live (`automation.updated`, the video's progress). Two at once:
 * the slot's conditional move from `scheduled` lets one through, and its one job (singleton key) makes one render.
 */
export function createRegenerator(ctx: AutomationContext) {
  const { deps, announce } = ctx
  const { repo, library, accounts, posts, queue, clock } = deps

  return async function regenerate(userId: string, slotId: string): Promise<void> {
    if (!uuid.safeParse(slotId).success) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    const slot = await repo.findSlotForUser(userId, slotId)
    if (!slot) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    const refused = refusal(slot, clock())
    if (refused) throw new AppError('CONFLICT', refused)
    const post = slot.post!

    const row = (await repo.findSettings(userId)) ?? defaultsRow(userId)
    const account = await accounts.get(userId, slot.accountId)
    let item = null
    if (slot.format === 'video') {
      item = (await library.list(userId)).videos.find((v) => v.id === slot.sourceItemId && isLibraryVideo(v)) ?? null
      if (!item) {
        throw new AppError('CONFLICT', `The video “${slot.sourceTitle}” is no longer in your Library`)
      }
    }
    const content = await writeSlotContent(deps, {
      userId,
      row,
      account,
      item,
      format: slot.format,
      concept: slot.concept,
      tone: slot.tone,
      day: slot.day,
      avoidHooks: [slot.hookText],
    })
    if ('failed' in content) throw new AppError('SERVICE_UNAVAILABLE', content.failed)

    // The old hook is not what the person will approve now: nothing of it goes out unless they approve it again.
    await posts.redraft(userId, post.id, {})
    const begun = await repo.transaction(async ({ repo: tx, jobs }) => {
      if (!(await tx.beginRegenerationForUser(userId, slot, content, clock()))) return false
      await queue.send('automation.slot', { slotId }, { singletonKey: slotId, tx: jobs })
      return true
    })
    if (!begun) throw new AppError('CONFLICT', AUTOMATION_MESSAGES.regenerateBusy)
    announce(userId)
  }
}
