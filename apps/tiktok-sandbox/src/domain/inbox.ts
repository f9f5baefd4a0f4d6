import type { Sandbox } from '../sandbox'
import type { Publish } from '../state/schema'
import { publishView } from './publish-status'
import { distinctPublicAt } from './publishing'

/**
 * The creator's TikTok inbox (tiktok-api.md §3.3): uploads (inbox/video/init, and content/init with MEDIA_UPLOAD) wait
 * there as SEND_TO_USER_INBOX until the simulated creator posts or discards them on their sandbox page.
 *
 * - Post → PUBLISH_COMPLETE at once, and public (with its post id, listed by the Display API) after the moderation
 *   delay, like a direct post to everyone: in TikTok the creator picks the audience in the app, which the API never sees.
 * - Discard → FAILED with `publish_cancelled`. TikTok documents no fail_reason (nor even a status change) for a draft
 *   the creator throws away; the sandbox reports the closest documented reason so a client treats it as final.
 */
export const DISCARDED_FAIL_REASON = 'publish_cancelled' as const

export type InboxAction = 'post' | 'discard'

/** Drafts waiting in this creator's inbox, newest first. */
export function inboxDrafts(sandbox: Sandbox, openId: string): Publish[] {
  const now = sandbox.now()
  return sandbox.publishesOf(openId).filter((p) => isWaitingInInbox(p, now))
}

export function isWaitingInInbox(publish: Publish, now: number): boolean {
  return publish.mode === 'inbox' && publishView(publish, now).status === 'SEND_TO_USER_INBOX'
}

/** Posts or discards a waiting draft; false when it is not (or no longer) in the inbox. */
export function finishInboxDraft(sandbox: Sandbox, publish: Publish, action: InboxAction): boolean {
  const now = sandbox.now()
  if (!isWaitingInInbox(publish, now)) return false
  if (action === 'post') {
    publish.inboxPostedAt = now
    publish.publicAt = distinctPublicAt(sandbox, publish, now + sandbox.config.moderationMs)
  } else {
    publish.inboxDiscardedAt = now
    publish.failedAt = now
    publish.failReason = DISCARDED_FAIL_REASON
  }
  return true
}
