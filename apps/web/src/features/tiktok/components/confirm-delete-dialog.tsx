import type { RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'

/** product.md §5's confirmation before deleting an account (and its scheduled videos). */
export function ConfirmDeleteDialog({
  accountName,
  deleting,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  accountName: string
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      title={`Delete ${accountName}?`}
      text={MESSAGES.deleteAccountConfirm}
      confirmLabel="Delete account"
      busy={deleting}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
