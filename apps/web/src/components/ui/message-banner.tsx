import type { ReactNode } from 'react'
import { CrossIcon } from './cross-icon'

const tones = {
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
} as const

/** The shared message banner (product.md §2 "Shared"). Errors are announced assertively, the rest politely. */
export function MessageBanner({
  tone,
  children,
  onDismiss,
}: {
  tone: keyof typeof tones
  children: ReactNode
  onDismiss?: () => void
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm ${tones[tone]}`}
    >
      <div className="min-w-0 break-words">{children}</div>
      {onDismiss ? <DismissButton onDismiss={onDismiss} /> : null}
    </div>
  )
}

/** The × that dismisses a banner (this one, and the Schedule tab's success banner). */
export function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  return (
    <button
      type="button"
      onClick={onDismiss}
      aria-label="Dismiss message"
      className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
    >
      <CrossIcon className="h-4 w-4" />
    </button>
  )
}
