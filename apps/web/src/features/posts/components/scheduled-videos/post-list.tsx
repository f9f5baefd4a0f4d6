import { isEditablePost, type CalendarPost } from '@hookpost/shared/posts'
import { rowButtonClass, rowDangerButtonClass } from '../../../../components/ui/button-styles'
import { useAccountColors } from './account-colors-context'
import { PostProblem } from './post-problem'
import { PostWhen } from './post-when'
import { PostProgressBar } from './post-progress'
import { PostThumbnail } from './post-thumbnail'
import { FormatBadges, InboxNote } from './format-badge'
import { SourceBadge } from './source-badge'
import { StatusBadge } from './status-badge'

/** The List view: the period's posts in time order, with their account, moment, status and actions. */
export function PostList({
  posts,
  zone,
  emptyText,
  onEdit,
  onApprove,
  onMove,
  onRetry,
  onPostNow,
  onDuplicate,
  onDelete,
}: {
  posts: CalendarPost[]
  zone: string
  emptyText: string
  onEdit: (post: CalendarPost) => void
  onApprove: (post: CalendarPost) => void
  onMove: (post: CalendarPost) => void
  onRetry: (post: CalendarPost) => void
  onPostNow: (post: CalendarPost) => void
  onDuplicate: (post: CalendarPost) => void
  onDelete: (post: CalendarPost) => void
}) {
  const colorOf = useAccountColors()
  if (posts.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{emptyText}</p>
  return (
    <ul className="divide-y divide-slate-200" aria-label="Scheduled videos">
      {posts.map((post) => (
        <li
          key={post.id}
          className={`flex flex-wrap items-start gap-x-4 gap-y-2 border-l-4 py-3 pl-3 ${colorOf(post.accountId).stripe}`}
        >
          <PostThumbnail post={post} size="small" />
          <div className="min-w-0 flex-1 basis-48">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{post.title}</p>
              <StatusBadge state={post.state} />
              <SourceBadge post={post} />
              <FormatBadges post={post} />
            </div>
            <p className="flex items-center gap-1.5 text-sm [overflow-wrap:anywhere] text-slate-600">
              <span
                aria-hidden="true"
                className={`h-2.5 w-2.5 shrink-0 rounded-full ${colorOf(post.accountId).swatch}`}
              />
              <span>
                @{post.account.accountUsername}
                <span className="text-slate-500"> · {post.account.accountName}</span>
              </span>
            </p>
            <p className="text-sm text-slate-700">
              <PostWhen post={post} zone={zone} />
            </p>
            <InboxNote state={post.state} className="mt-1 text-sm" />
            <PostProblem post={post} className="mt-1 text-sm" />
            <PostProgressBar postId={post.id} title={post.title} showPercent />
          </div>
          <div className="flex flex-wrap gap-2">
            {post.state === 'draft' ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Approve ${post.title}`}
                onClick={() => onApprove(post)}
              >
                Approve
              </button>
            ) : null}
            {isEditablePost(post.state) ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Edit ${post.title}`}
                aria-haspopup="dialog"
                onClick={() => onEdit(post)}
              >
                Edit
              </button>
            ) : null}
            {post.state === 'scheduled' || post.state === 'draft' ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Move ${post.title} to another day`}
                aria-haspopup="dialog"
                onClick={() => onMove(post)}
              >
                Move to…
              </button>
            ) : null}
            {post.state === 'scheduled' ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Post ${post.title} now`}
                aria-haspopup="dialog"
                onClick={() => onPostNow(post)}
              >
                Post now
              </button>
            ) : null}
            {post.state === 'failed' ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Retry ${post.title}`}
                onClick={() => onRetry(post)}
              >
                Retry
              </button>
            ) : null}
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Duplicate ${post.title}`}
              aria-haspopup="dialog"
              onClick={() => onDuplicate(post)}
            >
              Duplicate
            </button>
            <button
              type="button"
              className={rowDangerButtonClass}
              aria-label={`Delete ${post.title}`}
              aria-haspopup="dialog"
              onClick={() => onDelete(post)}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}
