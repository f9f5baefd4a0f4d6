import type { CalendarPost } from '@hookpost/shared/posts'
import { useAccountColors } from './account-colors-context'

/**
 * The account an entry goes to, as text beside its colour (issue 21): colour is never the only cue. Outside the entry's
 * button, whose name is the post's, so a screen reader reads it as the entry's next line.
 */
export function AccountName({ post, className = '' }: { post: CalendarPost; className?: string }) {
  const colorOf = useAccountColors()
  return (
    <p className={`flex min-w-0 items-center gap-1 text-slate-600 ${className}`}>
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${colorOf(post.accountId).swatch}`} />
      <span className="truncate" title={`${post.account.accountName} (@${post.account.accountUsername})`}>
        {post.account.accountName}
      </span>
    </p>
  )
}
