import { userMessage } from '../../lib/api-client'
import { MessageBanner } from './message-banner'

/** The error of a failed request as a banner: the server's message for a 4xx, the spec's generic sentence otherwise. */
export function RequestError({ error, className = 'mb-4' }: { error: unknown; className?: string }) {
  if (!error) return null
  return (
    <div className={className}>
      <MessageBanner tone="error">{userMessage(error)}</MessageBanner>
    </div>
  )
}
