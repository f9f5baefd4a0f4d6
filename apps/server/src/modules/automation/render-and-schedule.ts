import { HOOK_OVERLAY_DEFAULTS, MESSAGES, type CreatedVideo } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { AutomationSlotRow, SlotView } from './automation.repository'
import type { AutomationContext } from './automation-deps'

/** The steps of a planned post after planning: make its video, then schedule its post once the video is rendered. */
export function createPlannedPostSteps({ deps, tuning, announce }: AutomationContext) {
  const { repo, library, videos, posts, queue, clock } = deps

  /** Makes the planned post's video: its Library video with the hook on it (centre, white, 32 px, bold). */
  async function makeVideo(slot: AutomationSlotRow): Promise<void> {
    const now = clock()
    const claimed = await repo.claimForPreparingInternal(slot.id, now, new Date(now.getTime() - tuning.claimLeaseMs))
    if (!claimed) return
    let video: CreatedVideo
    try {
      const media = await library.use(slot.userId, slot.sourceItemId)
      video = await videos.create(slot.userId, {
        title: slot.title,
        description: slot.description,
        sourceMediaId: media.id,
        demoMediaId: null,
        layout: 'sequence',
        textOverlays: [{ id: 'automation-hook', text: slot.hookText, ...HOOK_OVERLAY_DEFAULTS }],
      })
    } catch (err) {
      if (!(err instanceof AppError) || err.code === 'INTERNAL' || err.code === 'SERVICE_UNAVAILABLE') throw err
      const message =
        err.code === 'NOT_FOUND' ? `The video “${slot.sourceTitle}” is no longer in your Library` : err.message
      if (await repo.failInternal(slot.id, 'preparing', message, clock())) announce(slot.userId)
      return
    }
    if (!(await repo.setVideoInternal(slot.id, video.id, clock()))) {
      // Cancelled while the video was being made: it is not wanted.
      await videos.remove(slot.userId, video.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
    await queue.send(
      'automation.slot',
      { slotId: slot.id },
      { singletonKey: slot.id, delaySeconds: tuning.renderPollSeconds },
    )
  }

  /** Once its video is rendered, schedules the planned post (never before its time, never twice). */
  async function schedulePost(slot: SlotView): Promise<void> {
    const now = clock()
    const video = slot.video
    if (!video) {
      if (await repo.failInternal(slot.id, 'rendering', 'The video was deleted before it could be posted', now)) {
        announce(slot.userId)
      }
      return
    }
    if (video.state === 'failed') {
      const message = `The video could not be rendered${video.errorMessage ? `: ${video.errorMessage}` : ''}`
      if (await repo.failInternal(slot.id, 'rendering', message, now)) announce(slot.userId)
      return
    }
    if (video.state !== 'processed' || !video.outputMediaId) {
      await queue.send(
        'automation.slot',
        { slotId: slot.id },
        { singletonKey: slot.id, delaySeconds: tuning.renderPollSeconds },
      )
      return
    }
    // Scheduled already (a retry after the post was made): only the slot's state is left to write.
    if (slot.post) {
      if (await repo.markScheduledInternal(slot.id, slot.scheduledAt, now)) announce(slot.userId)
      return
    }
    // A render that finished after the planned time posts a minute from now instead of never (a draft then has a
    // minute to be approved, or is skipped).
    const at = new Date(Math.max(slot.scheduledAt.getTime(), now.getTime() + 60_000))
    try {
      await posts.scheduleAt(slot.userId, {
        accountId: slot.accountId,
        mediaId: video.outputMediaId,
        title: slot.title,
        description: slot.description,
        privacyLevel: slot.privacyLevel,
        allowComment: slot.allowComment,
        allowDuet: slot.allowDuet,
        allowStitch: slot.allowStitch,
        commercial: { enabled: false, yourBrand: false, brandedContent: false },
        timeZone: slot.timeZone,
        scheduledAt: at,
        source: 'automation',
        automationSlotId: slot.id,
        // "Review before posting": it waits for the person's approval, and is skipped if none comes by its time.
        draft: slot.needsApproval,
      })
    } catch (err) {
      const permanent =
        err instanceof AppError && !['INTERNAL', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED'].includes(err.code)
      const late = now.getTime() > slot.scheduledAt.getTime() + tuning.giveUpAfterMs
      if (!permanent && !late) throw err
      const message = err instanceof AppError ? err.message : MESSAGES.scheduleFailed
      if (await repo.failInternal(slot.id, 'rendering', message, now)) announce(slot.userId)
      return
    }
    if (!(await repo.markScheduledInternal(slot.id, at, clock()))) {
      // Cancelled while the post was being made: take it back.
      const view = await repo.findSlotInternal(slot.id)
      if (view?.post) await posts.remove(slot.userId, view.post.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
  }
  return { makeVideo, schedulePost }
}
