import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { dangerButtonClass, secondaryButtonClass } from './button-styles'
import { buttonClass } from './form'
import { ModalDialog } from './modal-dialog'

/**
 * A confirmation before something destructive (product.md §5's delete confirmations), as an accessible dialog. Cancel has
 * focus first: the safe choice is one Enter away. While `busy` it cannot be closed and both buttons wait.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busyLabel = 'Deleting...',
  busy,
  onConfirm,
  alternative,
  onClose,
  fallbackFocus,
}: {
  title: ReactNode
  text: ReactNode
  confirmLabel: string
  busyLabel?: string
  busy: boolean
  onConfirm: () => void
  /** A second way through that loses less (e.g. "Save, keep them"), after the destructive one. */
  alternative?: { label: string; onClick: () => void }
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
      preventClose={busy}
    >
      <div className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          {text}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} onClick={onConfirm} disabled={busy}>
            {busy && !alternative ? busyLabel : confirmLabel}
          </button>
          {alternative ? (
            <button type="button" className={buttonClass} onClick={alternative.onClick} disabled={busy}>
              {busy ? busyLabel : alternative.label}
            </button>
          ) : null}
        </div>
      </div>
    </ModalDialog>
  )
}
