import { eq } from 'drizzle-orm'
import { automationRun, automationSlot, createdVideo, post, slideshow } from '../../db/schema'
import type { Executor } from '../../db/transactional'

export type AutomationSlotRow = typeof automationSlot.$inferSelect
type PostRow = typeof post.$inferSelect

/** A slot with what its video and post say now (the History and the advance step read both). */
export interface SlotView extends AutomationSlotRow {
  /** Made by Run Now (ADR 050: since then one post for now, published as soon as it is made). */
  runNow: boolean
  video: {
    state: 'queued' | 'rendering' | 'processed' | 'failed'
    outputMediaId: string | null
    errorMessage: string | null
  } | null
  /** Its slideshow's render (format `slideshow`), like `video`: the photo set a photo post sends once processed. */
  slideshow: {
    state: 'queued' | 'rendering' | 'processed' | 'failed'
    photoSetId: string | null
    errorMessage: string | null
  } | null
  /** Its post, once scheduled: what the person may have edited (caption, time) and how far it went. */
  post: {
    id: string
    state: PostRow['state']
    errorMessage: string | null
    /** Set when the person rejected the draft (ADR 048). */
    rejectedAt: Date | null
    /** Set when the person edited it (ADR 050): kept, unless they say otherwise, when settings plan again. */
    editedAt: Date | null
    /** What it sends: Regenerate puts the new video (or photos) here once rendered (ADR 050). */
    mediaId: string | null
    photoSetId: string | null
    title: string
    description: string
    scheduledAt: Date
    timeZone: string
  } | null
}

export function slotViews(db: Executor) {
  return db
    .select({
      slot: automationSlot,
      runTrigger: automationRun.trigger,
      videoState: createdVideo.state,
      videoOutput: createdVideo.outputMediaId,
      videoError: createdVideo.errorMessage,
      slideshowState: slideshow.state,
      slideshowPhotoSet: slideshow.photoSetId,
      slideshowError: slideshow.errorMessage,
      postId: post.id,
      postState: post.state,
      postError: post.errorMessage,
      postRejectedAt: post.rejectedAt,
      postEditedAt: post.editedAt,
      postMediaId: post.mediaId,
      postPhotoSetId: post.photoSetId,
      postTitle: post.title,
      postDescription: post.description,
      postScheduledAt: post.scheduledAt,
      postTimeZone: post.timeZone,
    })
    .from(automationSlot)
    .innerJoin(automationRun, eq(automationRun.id, automationSlot.runId))
    .leftJoin(createdVideo, eq(createdVideo.id, automationSlot.videoId))
    .leftJoin(slideshow, eq(slideshow.id, automationSlot.slideshowId))
    .leftJoin(post, eq(post.automationSlotId, automationSlot.id))
}

type SlotViewRow = Awaited<ReturnType<ReturnType<typeof slotViews>['where']>>[number]

export function toSlotView(row: SlotViewRow): SlotView {
  return {
    ...row.slot,
    runNow: row.runTrigger === 'run_now',
    video: row.videoState
      ? { state: row.videoState, outputMediaId: row.videoOutput, errorMessage: row.videoError }
      : null,
    slideshow: row.slideshowState
      ? { state: row.slideshowState, photoSetId: row.slideshowPhotoSet, errorMessage: row.slideshowError }
      : null,
    post:
      row.postId && row.postState && row.postTitle !== null && row.postScheduledAt && row.postTimeZone
        ? {
            id: row.postId,
            state: row.postState,
            errorMessage: row.postError,
            rejectedAt: row.postRejectedAt,
            editedAt: row.postEditedAt,
            mediaId: row.postMediaId,
            photoSetId: row.postPhotoSetId,
            title: row.postTitle,
            description: row.postDescription ?? '',
            scheduledAt: row.postScheduledAt,
            timeZone: row.postTimeZone,
          }
        : null,
  }
}
