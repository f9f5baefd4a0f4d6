import type { Publish } from '../state/schema'

export type PublishStatus =
  'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED'

export interface PublishView {
  status: PublishStatus
  failReason: string | null
  /** 19-digit ids as strings; serialised as JSON numbers by the status endpoint. */
  publicPostIds: string[]
}

/**
 * The status of a publish at `now`, computed from the timestamps on the record (tiktok-api.md §3.7, §7 state machine):
 * PROCESSING_UPLOAD until the 201 and through processing → PUBLISH_COMPLETE (or FAILED with a reason); the post id
 * appears only after moderation and never for SELF_ONLY. Inbox uploads: → SEND_TO_USER_INBOX until the creator posts
 * (→ PUBLISH_COMPLETE) or discards (→ FAILED) the draft.
 */
export function publishView(publish: Publish, now: number): PublishView {
  const processing: PublishStatus = publish.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD'
  if (publish.failedAt !== null && publish.failedAt <= now) {
    return { status: 'FAILED', failReason: publish.failReason ?? 'internal', publicPostIds: [] }
  }
  if (publish.stuck || publish.processedAt === null || now < publish.processedAt) {
    return { status: processing, failReason: null, publicPostIds: [] }
  }
  if (publish.failReason !== null) return { status: 'FAILED', failReason: publish.failReason, publicPostIds: [] }
  // An inbox draft waits for the creator (domain/inbox.ts); once posted it completes and goes public like a post.
  if (publish.mode === 'inbox' && publish.inboxPostedAt === null) {
    return { status: 'SEND_TO_USER_INBOX', failReason: null, publicPostIds: [] }
  }
  const isPublic = publish.publicAt !== null && now >= publish.publicAt
  return { status: 'PUBLISH_COMPLETE', failReason: null, publicPostIds: isPublic ? [publish.postId] : [] }
}

/** Still able to change on its own (used to fail in-flight publishes when authorization is removed). */
export function isInFlight(publish: Publish, now: number): boolean {
  const { status } = publishView(publish, now)
  return status === 'PROCESSING_UPLOAD' || status === 'PROCESSING_DOWNLOAD'
}

/** Visible through the Display API (public posts, tiktok-api.md §5.1) from this time on, or null. */
export function publicSince(publish: Publish, now: number): number | null {
  const view = publishView(publish, now)
  return view.publicPostIds.length > 0 ? publish.publicAt : null
}
