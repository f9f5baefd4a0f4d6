import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost } from '@hookpost/shared/posts'

/**
 * Failed posts say why (product.md §2: 'Error: {error_message}'); an unconfirmed one says what to check; a skipped draft says
 * it was not approved in time.
 */
export function PostProblem({ post, className = '' }: { post: CalendarPost; className?: string }) {
  if (post.state === 'failed' && post.errorMessage) {
    return <p className={`text-red-700 [overflow-wrap:anywhere] ${className}`}>Error: {post.errorMessage}</p>
  }
  if (post.state === 'unconfirmed') {
    return <p className={`text-yellow-900 ${className}`}>{post.errorMessage ?? MESSAGES.unconfirmed}</p>
  }
  if (post.state === 'skipped') {
    return <p className={`text-yellow-900 ${className}`}>{post.errorMessage ?? MESSAGES.draftNotApproved}</p>
  }
  return null
}
