import { HOOK_OVERLAY_DEFAULTS, MESSAGES, type CreatedVideo, type Slideshow } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { AutomationSlotRow, SlotView } from './automation.repository'
import type { AutomationContext } from './automation-deps'
import { createApprovalNotice } from './approval-notice'
import { slideshowInput } from './slideshow-planning'

/**
 * The steps of a planned post after planning: make its video (or slideshow), then schedule its post once that is
 * rendered. Nothing waits on a render: the slot's job is sent again a few seconds later until the render is done.
 */
export function createPlannedPostSteps(ctx: AutomationContext) {
  const { deps, tuning, announce } = ctx
  const { repo, library, videos, slideshows, posts, queue, clock } = deps
  const noticeIfAwaiting = createApprovalNotice(ctx)

  const later = (slotId: string) =>
    queue.send('automation.slot', { slotId }, { singletonKey: slotId, delaySeconds: tuning.renderPollSeconds })

  /** A planned post settled (a draft made, or failed): announced, and its run's drafts told once all are (ADR 048). */
  async function settled(slot: Pick<AutomationSlotRow, 'userId' | 'runId' | 'needsApproval'>): Promise<void> {
    announce(slot.userId)
    if (slot.needsApproval) await noticeIfAwaiting(slot.userId, slot.runId)
  }

  /**
   * A planned post that cannot go on: it fails, with why — unless it was being regenerated (ADR 050), when it goes back
   * to the hook and video its post still has, saying why the new one could not be made, and the new one is removed.
   */
  async function fail(slot: AutomationSlotRow, from: AutomationSlotRow['state'], message: string): Promise<void> {
    if (!slot.regeneratedFrom) {
      if (await repo.failInternal(slot.id, from, message, clock())) await settled(slot)
      return
    }
    const undone = await repo.undoRegenerationInternal(slot, from, `A new hook could not be made: ${message}`, clock())
    if (!undone) return
    await removeReplaced(slot.userId, slot, slot.regeneratedFrom)
    announce(slot.userId)
  }

  /** What a regenerated slot made that its post does not use (`keep`: what the post does use). */
  async function removeReplaced(
    userId: string,
    made: Pick<AutomationSlotRow, 'videoId' | 'slideshowId'>,
    keep: Pick<AutomationSlotRow, 'videoId' | 'slideshowId'>,
  ): Promise<void> {
    if (made.videoId && made.videoId !== keep.videoId) {
      await videos.remove(userId, made.videoId).catch((err: unknown) => {
        deps.log.warn(`[automation] kept replaced video ${made.videoId}: ${String(err)}`)
      })
    }
    if (made.slideshowId && made.slideshowId !== keep.slideshowId) {
      await slideshows.remove(userId, made.slideshowId).catch((err: unknown) => {
        deps.log.warn(`[automation] kept replaced slideshow ${made.slideshowId}: ${String(err)}`)
      })
    }
  }

  /** A refusal that is the person's to fix (gone, invalid), as opposed to a fault worth retrying. */
  const permanent = (err: unknown): err is AppError =>
    err instanceof AppError && err.code !== 'INTERNAL' && err.code !== 'SERVICE_UNAVAILABLE'

  /** Makes the planned post's video or slideshow (a worker claims it first, so only one makes it). */
  async function makePost(slot: AutomationSlotRow): Promise<void> {
    const now = clock()
    const claimed = await repo.claimForPreparingInternal(slot.id, now, new Date(now.getTime() - tuning.claimLeaseMs))
    if (!claimed) return
    return claimed.format === 'slideshow' ? makeSlideshow(claimed) : makeVideo(claimed)
  }

  /**
   * Makes the planned post's slideshow: its written slides on the drawn backgrounds, styled as the slideshow studio
   * styles written slides; the slideshows module renders it to a photo set (its own job).
   */
  async function makeSlideshow(slot: AutomationSlotRow): Promise<void> {
    let made: Slideshow
    try {
      made = await slideshows.create(
        slot.userId,
        slideshowInput({ title: slot.sourceTitle, slides: slot.slides, imageIds: slot.imageIds }),
      )
    } catch (err) {
      if (!permanent(err)) throw err
      const message =
        err.code === 'NOT_FOUND' ? 'An image chosen for slideshows is no longer in your gallery' : err.message
      return fail(slot, 'preparing', message)
    }
    if (!(await repo.setSlideshowInternal(slot.id, made.id, clock()))) {
      // Cancelled while the slideshow was being made: it is not wanted.
      await slideshows.remove(slot.userId, made.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
    await later(slot.id)
  }

  /** Makes the planned post's video: its Library video with the hook on it (centre, white, 32 px, bold). */
  async function makeVideo(slot: AutomationSlotRow): Promise<void> {
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
      if (!permanent(err)) throw err
      const message =
        err.code === 'NOT_FOUND' ? `The video “${slot.sourceTitle}” is no longer in your Library` : err.message
      return fail(slot, 'preparing', message)
    }
    if (!(await repo.setVideoInternal(slot.id, video.id, clock()))) {
      // Cancelled while the video was being made: it is not wanted.
      await videos.remove(slot.userId, video.id).catch(() => undefined)
      return
    }
    announce(slot.userId)
    await later(slot.id)
  }

  /**
   * What the post sends once rendered: the video's output, or the slideshow (its latest photo set); `wait` while it
   * renders, or why it cannot be posted.
   */
  function renderedSource(
    slot: SlotView,
  ):
    | { source: { mediaId: string } | { slideshowId: string; photoSetId: string } }
    | { wait: true }
    | { failed: string } {
    const what = slot.format === 'slideshow' ? 'slideshow' : 'video'
    const render = slot.format === 'slideshow' ? slot.slideshow : slot.video
    if (!render) return { failed: `The ${what} was deleted before it could be posted` }
    if (render.state === 'failed') {
      return { failed: `The ${what} could not be rendered${render.errorMessage ? `: ${render.errorMessage}` : ''}` }
    }
    if (slot.format === 'slideshow') {
      return slot.slideshow?.state === 'processed' && slot.slideshow.photoSetId && slot.slideshowId
        ? { source: { slideshowId: slot.slideshowId, photoSetId: slot.slideshow.photoSetId } }
        : { wait: true }
    }
    return slot.video?.state === 'processed' && slot.video.outputMediaId
      ? { source: { mediaId: slot.video.outputMediaId } }
      : { wait: true }
  }

  /** Once its video or slideshow is rendered, schedules the planned post (never before its time, never twice). */
  async function schedulePost(slot: SlotView): Promise<void> {
    const now = clock()
    const rendered = renderedSource(slot)
    if ('failed' in rendered) return fail(slot, 'rendering', rendered.failed)
    if ('wait' in rendered) {
      await later(slot.id)
      return
    }
    if (slot.post && slot.regeneratedFrom) return applyRegenerated(slot, slot.post.id, rendered.source)
    // Scheduled already (a retry after the post was made): only the slot's state is left to write.
    if (slot.post) {
      if (await repo.markScheduledInternal(slot.id, slot.scheduledAt, now)) await settled(slot)
      return
    }
    // A render that finished after the planned time posts a minute from now instead of never (a draft then has a
    // minute to be approved, or is skipped). Run Now's post (planned for now, ADR 050) goes out as soon as it is made:
    // a few seconds ahead, since a post is scheduled only in the future.
    const at = new Date(Math.max(slot.scheduledAt.getTime(), now.getTime() + (slot.runNow ? 5_000 : 60_000)))
    try {
      await posts.scheduleAt(slot.userId, {
        accountId: slot.accountId,
        // A photo post of the slideshow (issue 29), or the rendered video.
        ...('slideshowId' in rendered.source
          ? { format: 'photo' as const, slideshowId: rendered.source.slideshowId }
          : { format: 'video' as const, mediaId: rendered.source.mediaId }),
        // "Send as drafts": to the creator's TikTok inbox, where they add a sound and post it.
        postMode: slot.postMode,
        title: slot.title,
        description: slot.description,
        ...(slot.privacyLevel ? { privacyLevel: slot.privacyLevel } : {}),
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
      // A refusal (the drafts cap, a plan's limit, a rule) is said in the History; a fault is retried for a while.
      const refused = permanent(err) && err.code !== 'RATE_LIMITED'
      const late = now.getTime() > slot.scheduledAt.getTime() + tuning.giveUpAfterMs
      if (!refused && !late) throw err
      const message = err instanceof AppError ? err.message : MESSAGES.scheduleFailed
      return fail(slot, 'rendering', message)
    }
    if (!(await repo.markScheduledInternal(slot.id, at, clock()))) {
      // Cancelled while the post was being made: take it back.
      const view = await repo.findSlotInternal(slot.id)
      if (view?.post) await posts.remove(slot.userId, view.post.id).catch(() => undefined)
      return
    }
    await settled(slot)
  }
  /**
   * Regenerate's last step (ADR 050): the new caption and video (or photos) go on the post, which waits for approval
   * again; the earlier video is removed. Should the post have gone out, been rejected or passed its time meanwhile,
   * the slot goes back to what the post has.
   */
  async function applyRegenerated(
    slot: SlotView,
    postId: string,
    source: { mediaId: string } | { slideshowId: string; photoSetId: string },
  ): Promise<void> {
    const previous = slot.regeneratedFrom!
    // Already on it: a retry after the post took it and before the slot was written.
    const onPost =
      'mediaId' in source ? slot.post?.mediaId === source.mediaId : slot.post?.photoSetId === source.photoSetId
    if (!onPost) {
      try {
        await posts.redraft(slot.userId, postId, {
          title: slot.title,
          description: slot.description,
          ...('mediaId' in source ? { mediaId: source.mediaId } : { photoSetId: source.photoSetId }),
        })
      } catch (err) {
        if (!permanent(err)) throw err
        return fail(slot, 'rendering', err.message)
      }
    }
    // The post has the new video now, so the old one goes first: once the slot reads finished, nothing of the old
    // version is left to see (a retry after a crash here finds it gone and goes on).
    await removeReplaced(slot.userId, previous, slot)
    if (!(await repo.finishRegenerationInternal(slot.id, clock()))) return
    await settled(slot)
  }

  return { makePost, schedulePost }
}
