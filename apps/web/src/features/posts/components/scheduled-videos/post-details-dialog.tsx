import { useId, useRef, type RefObject } from 'react'
import { isEditablePost, PRIVACY_LABELS, type CalendarPost } from '@hookpost/shared/posts'
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/button-styles'
import { buttonClass } from '../../../../components/ui/form'
import { LoadError } from '../../../../components/ui/load-error'
import { ModalDialog } from '../../../../components/ui/modal-dialog'
import { Spinner } from '../../../../components/ui/spinner'
import { userMessage } from '../../../../lib/api-client'
import { usePost } from '../../api/edit-post'
import { PostProblem } from './post-problem'
import { PostProgressBar } from './post-progress'
import { PostThumbnail } from './post-thumbnail'
import { PostTiktokStats } from './post-tiktok-stats'
import { PostWhen } from './post-when'
import { FormatBadges, InboxNote } from './format-badge'
import { SourceBadge } from './source-badge'
import { StatusBadge } from './status-badge'

/**
 * Who can see it and the caption: details the calendar does not hold, fetched when the dialog opens (issue 20) and
 * kept current by the live events.
 */
function PostDetails({ postId }: { postId: string }) {
  const details = usePost(postId)
  if (details.data) {
    const { privacyLevel, description } = details.data
    return (
      <>
        <dt className="font-medium text-slate-600">Who can see it</dt>
        <dd className="text-slate-900">{PRIVACY_LABELS[privacyLevel]}</dd>
        {description ? (
          <>
            <dt className="font-medium text-slate-600">Caption</dt>
            <dd className="line-clamp-4 whitespace-pre-line [overflow-wrap:anywhere] text-slate-900">{description}</dd>
          </>
        ) : null}
      </>
    )
  }
  return (
    <>
      <dt className="sr-only">Details</dt>
      <dd className="col-span-2">
        {details.isError ? (
          <LoadError
            className="space-y-2"
            message={userMessage(details.error)}
            retrying={details.isFetching}
            onRetry={() => void details.refetch()}
          />
        ) : (
          <Spinner label="Loading details..." className="h-5 w-5" />
        )}
      </dd>
    </>
  )
}

/**
 * What opening a calendar entry shows: the post, and what can be done with it. What the calendar holds shows at once;
 * the details load.
 */
export function PostDetailsDialog({
  post,
  zone,
  onEdit,
  onApprove,
  approving,
  onMove,
  onRetry,
  onPostNow,
  onDuplicate,
  onDelete,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  zone: string
  onEdit: () => void
  onApprove: () => void
  approving: boolean
  onMove: () => void
  /** A failed post: post it again now (TikTok published nothing of it). */
  onRetry: () => void
  /** A scheduled post: post it now instead of at its time. */
  onPostNow: () => void
  /** A new post like this one, at a time chosen next. */
  onDuplicate: () => void
  onDelete: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={onClose} initialFocus={closeRef} fallbackFocus={fallbackFocus}>
      <div className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {post.title}
          </h2>
          <span className="flex flex-wrap gap-1">
            <StatusBadge state={post.state} />
            <SourceBadge post={post} />
            <FormatBadges post={post} />
          </span>
        </div>
        <div className="flex items-start gap-4">
          <PostThumbnail post={post} size="large" />
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-600">When</dt>
            <dd className="text-slate-900">
              <PostWhen post={post} zone={zone} />
            </dd>
            <dt className="font-medium text-slate-600">Account</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">
              {post.account.accountName} (@{post.account.accountUsername})
            </dd>
            <PostDetails postId={post.id} />
          </dl>
        </div>
        <PostTiktokStats post={post} />
        <InboxNote state={post.state} className="text-sm" />
        <PostProblem post={post} className="text-sm" />
        <PostProgressBar postId={post.id} title={post.title} showPercent />
        <div className="flex flex-wrap justify-end gap-2">
          {post.state === 'draft' ? (
            <button type="button" className={buttonClass} onClick={onApprove} disabled={approving}>
              {approving ? 'Approving...' : 'Approve'}
            </button>
          ) : null}
          {isEditablePost(post.state) ? (
            <button type="button" className={secondaryButtonClass} onClick={onEdit} aria-haspopup="dialog">
              {post.state === 'draft' ? 'Review and edit' : 'Edit'}
            </button>
          ) : null}
          {post.state === 'scheduled' || post.state === 'draft' ? (
            <button type="button" className={secondaryButtonClass} onClick={onMove} aria-haspopup="dialog">
              Move to…
            </button>
          ) : null}
          {post.state === 'scheduled' ? (
            <button type="button" className={secondaryButtonClass} onClick={onPostNow} aria-haspopup="dialog">
              Post now
            </button>
          ) : null}
          {post.state === 'failed' ? (
            <button type="button" className={secondaryButtonClass} onClick={onRetry}>
              Retry
            </button>
          ) : null}
          <button type="button" className={secondaryButtonClass} onClick={onDuplicate} aria-haspopup="dialog">
            Duplicate
          </button>
          <button type="button" className={dangerButtonClass} onClick={onDelete} aria-haspopup="dialog">
            Delete
          </button>
          <button ref={closeRef} type="button" className={secondaryButtonClass} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
