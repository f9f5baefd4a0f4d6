import type { CalendarPost } from '@hookpost/shared/posts'
import { timeIn } from './calendar'
import { entryName } from './calendar-labels'
import { FormatBadges } from './format-badge'
import { SourceBadge } from './source-badge'
import { StatusBadge } from './status-badge'

/**
 * A calendar entry's button that opens the post's details, in a grid cell and in a phone's agenda row: the title, the
 * time in the calendar's zone, the status and the badges. In a narrow cell (`compact`) the title stays on one line.
 */
export function EntryOpenButton({
  post,
  zone,
  compact,
  onOpen,
}: {
  post: CalendarPost
  zone: string
  compact: boolean
  onOpen: (post: CalendarPost) => void
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      aria-label={entryName(post, zone)}
      aria-haspopup="dialog"
      className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-fuchsia-700"
    >
      <span
        className={`block font-medium text-slate-900 ${compact ? 'truncate' : '[overflow-wrap:anywhere]'}`}
        title={compact ? post.title : undefined}
      >
        {post.title}
      </span>
      <span className={`mt-0.5 flex flex-wrap items-center text-slate-600 ${compact ? 'gap-1' : 'gap-2'}`}>
        <time dateTime={post.scheduledAt}>{timeIn(post.scheduledAt, zone)}</time>
        <StatusBadge state={post.state} />
        <SourceBadge post={post} />
        <FormatBadges post={post} />
      </span>
    </button>
  )
}
