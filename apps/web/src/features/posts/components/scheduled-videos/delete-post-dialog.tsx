import type { RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost } from '@hookpost/shared/posts'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'

/** product.md §5's confirmation before deleting a scheduled video. */
export function DeletePostDialog({
  post,
  deleting,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      title={`Delete “${post.title}”?`}
      text={MESSAGES.deletePostConfirm}
      confirmLabel="Delete video"
      busy={deleting}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
