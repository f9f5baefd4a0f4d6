import { secondaryButtonClass } from './button-styles'
import { MessageBanner } from './message-banner'

/** A list that failed to load: the spec's message and a way to ask again. */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  className = 'mt-4 space-y-3',
}: {
  message: string
  onRetry: () => void
  retrying?: boolean
  className?: string
}) {
  return (
    <div className={className}>
      <MessageBanner tone="error">{message}</MessageBanner>
      <button type="button" className={secondaryButtonClass} disabled={retrying} onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
