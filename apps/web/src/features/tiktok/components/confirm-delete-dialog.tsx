import { useId, useRef, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { dangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { ModalDialog } from '../../../components/ui/modal-dialog'

/** Spec §5's delete confirmation, as an accessible dialog. Cancel has focus first: the safe choice is one Enter away. */
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
  const id = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      initialFocus={cancelRef}
      fallbackFocus={fallbackFocus}
      preventClose={deleting}
    >
      <div className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words text-slate-900">
          Delete {accountName}?
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          {MESSAGES.deleteAccountConfirm}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={onClose} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} onClick={onConfirm} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete account'}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
