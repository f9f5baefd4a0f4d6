import { MESSAGES, type AutomationRun, type AutomationSlot } from '@hookpost/shared'
import type { AutomationRunRow, SlotView } from './automation.repository'

/** Whether the person approved or edited the slot's waiting post (ADR 050): what a replan keeps unless told not to. */
function touched(slot: SlotView, state: AutomationSlot['state']): { approved: boolean; edited: boolean } {
  const waiting = slot.post && (slot.post.state === 'draft' || slot.post.state === 'scheduled') && state !== 'cancelled'
  return {
    approved: Boolean(waiting && slot.needsApproval && slot.post?.state === 'scheduled'),
    edited: Boolean(waiting && slot.post?.editedAt),
  }
}

/** The planned post as the History shows it; once scheduled, its post says whether it went out. */
export function toSlotDto(slot: SlotView): AutomationSlot {
  let state: AutomationSlot['state'] = slot.state
  let errorMessage = slot.errorMessage
  // Once its post exists, the post says what the person sees: its caption, its time, and whether it went out.
  const post = slot.state === 'scheduled' ? slot.post : null
  if (slot.state === 'scheduled') {
    if (!post) {
      state = 'cancelled'
      errorMessage = 'The post was deleted'
    } else if (post.state === 'uploaded') {
      state = 'posted'
    } else if (post.state === 'draft') {
      state = 'draft'
    } else if (post.state === 'sent_to_inbox') {
      state = 'inbox'
    } else if (post.state === 'skipped' && post.rejectedAt) {
      state = 'rejected'
      errorMessage = post.errorMessage ?? MESSAGES.rejectedReason
    } else if (post.state === 'skipped') {
      state = 'skipped'
      errorMessage = post.errorMessage ?? MESSAGES.draftNotApproved
    } else if (post.state === 'failed' || post.state === 'unconfirmed') {
      state = 'failed'
      errorMessage = post.errorMessage ?? MESSAGES.scheduleFailed
    }
  }
  return {
    id: slot.id,
    scheduledAt: (post?.scheduledAt ?? slot.scheduledAt).toISOString(),
    timeZone: post?.timeZone ?? slot.timeZone,
    format: slot.format,
    sendAsDraft: slot.postMode === 'inbox',
    sourceTitle: slot.sourceTitle,
    hookText: slot.hookText,
    title: post?.title ?? slot.title,
    description: post?.description ?? slot.description,
    state,
    errorMessage,
    videoId: slot.videoId,
    slideshowId: slot.slideshowId,
    postId: slot.post?.id ?? null,
    hookReason: slot.hookReason,
    timeReason: slot.timeReason,
    ...touched(slot, state),
    regenerating: slot.regeneratedFrom !== null && (slot.state === 'preparing' || slot.state === 'rendering'),
  }
}

/** One run as the History shows it, with its planned posts. */
export function toRunDto({ run, slots }: { run: AutomationRunRow; slots: SlotView[] }): AutomationRun {
  return {
    id: run.id,
    trigger: run.trigger,
    startedAt: run.startedAt.toISOString(),
    summary: run.summary,
    slots: slots.map(toSlotDto),
  }
}
