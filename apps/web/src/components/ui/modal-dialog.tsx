import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { CrossIcon } from './cross-icon'

const PLACEMENT_CLASSES = {
  center: 'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg rounded-lg',
  start: 'my-0 mr-auto ml-0 h-dvh max-h-dvh w-72 max-w-[85vw] rounded-r-lg',
} as const

/**
 * A native modal `<dialog>`, mounted while open. `showModal()` gives us what a modal needs from the browser itself: the
 * rest of the page becomes inert (focus cannot leave), Escape closes it, and it sits in the top layer. Closing by Escape
 * fires `close`, which calls `onClose`; the parent then unmounts it. Focus goes back to the control that opened it, or
 * to `fallbackFocus` when that control is gone (the row of a deleted account).
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  initialFocus,
  fallbackFocus,
  preventClose = false,
  placement = 'center',
  children,
}: {
  labelledBy: string
  describedBy?: string
  onClose: () => void
  initialFocus?: RefObject<HTMLElement | null>
  fallbackFocus?: RefObject<HTMLElement | null>
  /** While saving, Escape does nothing (the request is on its way either way). */
  preventClose?: boolean
  /** `start`: a drawer along the left edge, full height (the dashboard's menu on a phone). */
  placement?: 'center' | 'start'
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null))

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    initialFocus?.current?.focus()
  }, [initialFocus])

  useEffect(
    () => () => {
      // Runs after the dialog left the DOM, so the page is no longer inert.
      if (opener?.isConnected) opener.focus()
      else fallbackFocus?.current?.focus()
    },
    [opener, fallbackFocus],
  )

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        if (preventClose) event.preventDefault()
      }}
      onClose={onClose}
      className={`${PLACEMENT_CLASSES[placement]} overflow-y-auto bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      {children}
    </dialog>
  )
}

/** The × in a dialog's top-right corner (the dialog's content box is `relative`). */
export function ModalCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label="Close"
      className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
    >
      <CrossIcon className="h-5 w-5" />
    </button>
  )
}
