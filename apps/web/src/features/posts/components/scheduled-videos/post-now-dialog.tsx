import type { RefObject } from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { dateTimeWithZone } from '../../../../lib/format'

/**
 * Before 'Post now' (issue 21): it goes to TikTok at once instead of at its time, and cannot be taken back. The server
 * publishes it through the usual engine, once; its progress then shows on the calendar and the list, live.
 */
export function PostNowDialog({
  post,
  zone,
  posting,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  zone: string
  posting: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      title={`Post “${post.title}” now?`}
      text={`It goes to TikTok now instead of ${dateTimeWithZone(post.scheduledAt, zone)}, to @${post.account.accountUsername}. This cannot be undone; its progress shows here.`}
      confirmLabel="Post now"
      busyLabel="Posting..."
      busy={posting}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
