import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { isEditablePost, lastSchedulableDate, PRIVACY_LABELS, type CalendarPost } from '@hookpost/shared/posts'
import { instantToZoned, todayInZone } from '@hookpost/shared/time'
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/button-styles'
import { buttonClass, fieldControlClass } from '../../../../components/ui/form'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { LoadError } from '../../../../components/ui/load-error'
import { ModalDialog } from '../../../../components/ui/modal-dialog'
import { Spinner } from '../../../../components/ui/spinner'
import { userMessage } from '../../../../lib/api-client'
import { usePost } from '../../api/edit-post'
import { dateTimeIn, timeIn } from './calendar'
import { PostProgressBar } from './post-progress'
import { SourceBadge } from './source-badge'
import { StatusBadge } from './status-badge'

/** 'Tue, Apr 7, 2026, 2:30 PM (Europe/Berlin)', plus the post's own zone when it is another one. */
export function PostWhen({ post, zone }: { post: CalendarPost; zone: string }) {
  return (
    <>
      <time dateTime={post.scheduledAt}>{dateTimeIn(post.scheduledAt, zone)}</time>{' '}
      <span className="text-slate-500">({zone})</span>
      {post.timeZone !== zone ? (
        <span className="block text-slate-500">
          {timeIn(post.scheduledAt, post.timeZone)} in {post.timeZone}
        </span>
      ) : null}
    </>
  )
}

/**
 * Failed posts say why (spec §2: 'Error: {error_message}'); an unconfirmed one says what to check; a skipped draft says
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
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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

/**
 * The keyboard- and phone-friendly way to do what dragging does: pick another day. The time of day stays, in the post's
 * own zone (the zone it was scheduled in).
 */
export function MovePostDialog({
  post,
  now,
  onMove,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  now: Date
  /** Returns the reason when the move is refused before anything is sent. */
  onMove: (date: string) => string | null
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [date, setDate] = useState(() => instantToZoned(new Date(post.scheduledAt), post.timeZone).date)
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const refusal = onMove(date)
    if (refusal) {
      setError(refusal)
      inputRef.current?.focus()
    }
  }

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      initialFocus={inputRef}
      fallbackFocus={fallbackFocus}
    >
      <form className="space-y-4 p-4 sm:p-6" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          Move “{post.title}”
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          It keeps its time, {timeIn(post.scheduledAt, post.timeZone)} ({post.timeZone}).
        </p>
        <div>
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            New date
          </label>
          <input
            ref={inputRef}
            id={`${id}-date`}
            type="date"
            required
            min={todayInZone(now, post.timeZone)}
            max={lastSchedulableDate(now, post.timeZone)}
            value={date}
            onChange={(event) => {
              setDate(event.target.value)
              setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={fieldControlClass(Boolean(error))}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={!date}>
            Move
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

/** Spec §5's confirmation before deleting a scheduled video. */
export function DeletePostDialog({
  post,
  deleting,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      title={`Delete “${post.title}”?`}
      text={MESSAGES.deletePostConfirm}
      confirmLabel="Delete video"
      busy={deleting}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}

/**
 * Before 'Post now' (issue 21): it goes to TikTok at once instead of at its time, and cannot be taken back. The server
 * publishes it through the usual engine, once; its progress then shows on the calendar and the list, live.
 */
export function PostNowDialog({
  post,
  zone,
  posting,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  zone: string
  posting: boolean
  onConfirm: () => void
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  return (
    <ConfirmDialog
      title={`Post “${post.title}” now?`}
      text={`It goes to TikTok now instead of ${dateTimeIn(post.scheduledAt, zone)} (${zone}), to @${post.account.accountUsername}. This cannot be undone; its progress shows here.`}
      confirmLabel="Post now"
      busyLabel="Posting..."
      busy={posting}
      onConfirm={onConfirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
