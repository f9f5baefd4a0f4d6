import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost } from '@hookpost/shared/posts'
import { todayInZone } from '@hookpost/shared/time'
import { rowButtonClass, secondaryButtonClass } from '../../../../components/ui/button-styles'
import { MessageBanner } from '../../../../components/ui/message-banner'
import { Spinner } from '../../../../components/ui/spinner'
import { ApiRequestError, userMessage } from '../../../../lib/api-client'
import { useDeletePost } from '../../api/delete-post'
import { useRetryPost } from '../../api/retry-post'
import { pagesToList, usePostPages, usePosts } from '../../api/get-posts'
import { useRefreshPostStatuses } from '../../api/refresh-status'
import { useReschedulePost } from '../../api/reschedule-post'
import { useApprovePost } from '../../api/edit-post'
import { usePostNow } from '../../api/post-now'
import { accountChoices, accountColor, type AccountChoice } from '../../utils/account-colors'
import { DuplicatePostDialog } from '../duplicate-post-dialog'
import { EditPostDialog } from '../edit-post-dialog'
import {
  dateTimeIn,
  dayInOwnZoneAfterShift,
  monthTitle,
  monthWeeks,
  periodBounds,
  periodRange,
  planMove,
  postsByDay,
  shiftPeriod,
  weekDays,
  weekTitle,
  type CalendarSpan,
} from './calendar'
import { Agenda } from './agenda'
import { CalendarTable } from './calendar-table'
import { DeletePostDialog } from './delete-post-dialog'
import { MovePostDialog } from './move-post-dialog'
import { PostDetailsDialog } from './post-details-dialog'
import { PostNowDialog } from './post-now-dialog'
import { PostList } from './post-list'
import { useMediaQuery, useNow } from './use-now'
import { useNotice } from '../../../../lib/use-notice'
import { LoadError } from '../../../../components/ui/load-error'

type View = 'calendar' | 'list'
type Action = { kind: 'move' | 'delete' | 'edit' | 'duplicate' | 'post-now'; postId: string }
/** The account filter's value: every account, or one account's id. */
const ALL_ACCOUNTS = ''

function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md shadow-sm">
      {options.map((option, i) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`border px-3 py-1.5 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
            i === 0 ? 'rounded-l-md' : '-ml-px'
          } ${i === options.length - 1 ? 'rounded-r-md' : ''} ${
            option.value === value
              ? 'border-fuchsia-700 bg-fuchsia-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path
        d={
          direction === 'left'
            ? 'M12.8 4.2a1 1 0 0 1 0 1.4L8.4 10l4.4 4.4a1 1 0 0 1-1.4 1.4l-5.1-5.1a1 1 0 0 1 0-1.4l5.1-5.1a1 1 0 0 1 1.4 0Z'
            : 'M7.2 15.8a1 1 0 0 1 0-1.4l4.4-4.4-4.4-4.4a1 1 0 1 1 1.4-1.4l5.1 5.1a1 1 0 0 1 0 1.4l-5.1 5.1a1 1 0 0 1-1.4 0Z'
        }
      />
    </svg>
  )
}

/**
 * The Scheduled Videos panel (spec §2 Schedule tab item 2): the user's posts as a month or week calendar (default) or a
 * list, in the display zone. Live: the cache it reads is kept current by the app's event stream, so a post turning
 * 'Uploaded' shows without a refresh. Scheduled posts move by drag and drop or 'Move to…'; a failed one can be posted
 * again with 'Retry'; any post can be deleted.
 */
export function ScheduledVideos({
  timeZone: zone,
  accounts = [],
  onScheduleOn,
}: {
  timeZone: string
  /** The user's accounts, for the account filter and its colour key (posts' own accounts are added). */
  accounts?: readonly AccountChoice[]
  /**
   * Opens the schedule form preset to a day (issue 21), and to the account the calendar is filtered by, if it is;
   * without it, days are not clickable.
   */
  onScheduleOn?: (day: string, accountId: string | undefined) => void
}) {
  const now = useNow()
  const today = todayInZone(now, zone)
  const wide = useMediaQuery('(min-width: 640px)')
  const [view, setView] = useState<View>('calendar')
  const [span, setSpan] = useState<CalendarSpan>('month')
  /** The day whose month or week is shown; null follows today. */
  const [anchor, setAnchor] = useState<string | null>(null)
  const shown = anchor ?? today
  const { first, last } = periodBounds(span, shown)
  const range = useMemo(() => periodRange(first, last, zone), [first, last, zone])
  const posts = usePosts(range)
  const [accountFilter, setAccountFilter] = useState(ALL_ACCOUNTS)
  const allCalendarPosts = useMemo(() => posts.data ?? [], [posts.data])
  // The List view is not a period: all the posts, upcoming first, a page at a time (fetched once it is shown).
  const pages = usePostPages(view === 'list')
  const allListPosts = useMemo(() => pagesToList(pages.data), [pages.data])
  const choices = useMemo(
    () => accountChoices(accounts, [...allCalendarPosts, ...allListPosts]),
    [accounts, allCalendarPosts, allListPosts],
  )
  // A filter on an account that is gone (deleted) shows everything again.
  const filter = choices.some((c) => c.id === accountFilter) ? accountFilter : ALL_ACCOUNTS
  const filterAccount = choices.find((c) => c.id === filter)
  // Filtered here, not by the server: the month and the loaded List pages are already in the cache, kept live.
  const calendarPosts = useMemo(
    () => (filter === ALL_ACCOUNTS ? allCalendarPosts : allCalendarPosts.filter((p) => p.accountId === filter)),
    [allCalendarPosts, filter],
  )
  const listPosts = useMemo(
    () => (filter === ALL_ACCOUNTS ? allListPosts : allListPosts.filter((p) => p.accountId === filter)),
    [allListPosts, filter],
  )
  const days = useMemo(() => postsByDay(calendarPosts, zone), [calendarPosts, zone])
  const scheduleOn = onScheduleOn
    ? (day: string) => onScheduleOn(day, filter === ALL_ACCOUNTS ? undefined : filter)
    : undefined
  const list = view === 'list' ? listPosts : calendarPosts

  const reschedule = useReschedulePost()
  const remove = useDeletePost()
  const approve = useApprovePost()
  const retry = useRetryPost()
  const postNow = usePostNow()
  const refresh = useRefreshPostStatuses()
  const [notice, setNotice] = useNotice()
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const [action, setAction] = useState<Action | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const filterId = useId()

  const title = span === 'month' ? monthTitle(first) : weekTitle(first, last)
  const showsToday = today >= first && today <= last
  const findPost = (id: string | undefined | null) =>
    id ? (list.find((p) => p.id === id) ?? [...allCalendarPosts, ...allListPosts].find((p) => p.id === id)) : undefined
  const detailsPost = findPost(detailsId)
  const actionPost = findPost(action?.postId)

  /** Sends the move, or returns why it is refused before sending anything. */
  function moveTo(post: CalendarPost, date: string): string | null {
    const plan = planMove(post, date, new Date())
    if (!plan.ok) return plan.message
    setNotice(null)
    reschedule.mutate(
      { post, body: plan.body, scheduledAt: plan.scheduledAt },
      {
        onSuccess: (saved) =>
          setNotice({ tone: 'success', text: `“${saved.title}” moved to ${dateTimeIn(saved.scheduledAt, zone)}.` }),
        onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      },
    )
    return null
  }

  function moveByDays(post: CalendarPost, shift: number) {
    const refusal = moveTo(post, dayInOwnZoneAfterShift(post, shift))
    if (refusal) setNotice({ tone: 'error', text: refusal })
  }

  function confirmDelete(post: CalendarPost) {
    remove.mutate(post.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.videoDeleted }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          // 409: it is being published right now; the server says so in the spec's words.
          text: error instanceof ApiRequestError && error.status === 409 ? error.message : MESSAGES.videoDeleteFailed,
        }),
      onSettled: () => {
        setAction(null)
        setDetailsId(null)
      },
    })
  }

  function approvePost(post: CalendarPost) {
    setNotice(null)
    approve.mutate(post.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.postApproved }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => setDetailsId(null),
    })
  }

  function retryPost(post: CalendarPost) {
    setNotice(null)
    retry.mutate(post.id, {
      onSuccess: (saved) => setNotice({ tone: 'success', text: `“${saved.title}” is being posted again now.` }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => setDetailsId(null),
    })
  }

  function postNowConfirmed(post: CalendarPost) {
    setNotice(null)
    postNow.mutate(post.id, {
      // Its progress and its end ('Uploaded', or why not) arrive over the live events.
      onSuccess: (saved) => setNotice({ tone: 'success', text: `“${saved.title}” is being posted now.` }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => {
        setAction(null)
        setDetailsId(null)
      },
    })
  }

  function refreshStatuses() {
    setNotice(null)
    refresh.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.statusesRefreshed }),
      onError: () => setNotice({ tone: 'error', text: MESSAGES.statusesRefreshFailed }),
    })
  }

  const emptyText = `No videos ${span === 'month' ? 'in' : 'in the week of'} ${title}`
  let content: ReactNode
  if (view === 'list') {
    content = pages.isPending ? (
      <div className="flex justify-center py-12">
        <Spinner label="Loading scheduled videos..." />
      </div>
    ) : pages.isError && !pages.data ? (
      <LoadError
        className="space-y-3 py-4"
        message={MESSAGES.fetchPostsFailed}
        retrying={pages.isFetching}
        onRetry={() => void pages.refetch()}
      />
    ) : (
      <>
        <PostList
          posts={listPosts}
          zone={zone}
          emptyText={filterAccount ? `No videos for ${filterAccount.accountName} yet` : 'No videos scheduled yet'}
          onEdit={(post) => setAction({ kind: 'edit', postId: post.id })}
          onApprove={approvePost}
          onMove={(post) => setAction({ kind: 'move', postId: post.id })}
          onRetry={retryPost}
          onPostNow={(post) => setAction({ kind: 'post-now', postId: post.id })}
          onDuplicate={(post) => setAction({ kind: 'duplicate', postId: post.id })}
          onDelete={(post) => setAction({ kind: 'delete', postId: post.id })}
        />
        {pages.isFetchNextPageError ? <MessageBanner tone="error">{MESSAGES.fetchPostsFailed}</MessageBanner> : null}
        {pages.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? 'Loading more...' : 'Load more videos'}
            </button>
          </div>
        ) : null}
      </>
    )
  } else if (posts.isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner label="Loading scheduled videos..." />
      </div>
    )
  } else if (posts.isError && !posts.data) {
    content = (
      <LoadError
        className="space-y-3 py-4"
        message={MESSAGES.fetchPostsFailed}
        retrying={posts.isFetching}
        onRetry={() => void posts.refetch()}
      />
    )
  } else if (wide) {
    content = (
      <CalendarTable
        weeks={span === 'month' ? monthWeeks(first) : [weekDays(first)]}
        postsByDay={days}
        today={today}
        zone={zone}
        caption={`Scheduled videos, ${title}`}
        onOpen={(post) => setDetailsId(post.id)}
        onMoveByDays={moveByDays}
        onScheduleOn={scheduleOn}
      />
    )
  } else {
    const agendaDays =
      span === 'week'
        ? weekDays(first)
        : monthWeeks(first)
            .flat()
            .filter((day): day is string => day !== null && (days.has(day) || day === today))
    content = (
      <Agenda
        days={agendaDays}
        postsByDay={days}
        today={today}
        zone={zone}
        emptyText={emptyText}
        onOpen={(post) => setDetailsId(post.id)}
        onScheduleOn={scheduleOn}
      />
    )
  }

  return (
    <section
      aria-labelledby="scheduled-videos-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="scheduled-videos-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Scheduled Videos
          </h2>
          <p className="text-sm text-slate-600">Times in {zone}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            label="View"
            value={view}
            onChange={setView}
            options={[
              { value: 'list', label: 'List' },
              { value: 'calendar', label: 'Calendar' },
            ]}
          />
          <button type="button" className={secondaryButtonClass} onClick={refreshStatuses} disabled={refresh.isPending}>
            {refresh.isPending ? 'Refreshing...' : 'Refresh Status'}
          </button>
        </div>
      </div>

      {choices.length > 1 ? (
        <div className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-2">
          <div>
            <label htmlFor={filterId} className="block text-sm font-medium text-slate-800">
              Account
            </label>
            <select
              id={filterId}
              value={filter}
              onChange={(event) => setAccountFilter(event.target.value)}
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-1.5 text-base focus:outline-2 focus:outline-fuchsia-600 sm:text-sm"
            >
              <option value={ALL_ACCOUNTS}>All accounts</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.accountName} (@{choice.accountUsername})
                </option>
              ))}
            </select>
          </div>
          {/* The colour key: each account's colour with its name (the entries carry the name too). */}
          <ul aria-label="Account colours" className="flex flex-wrap gap-x-3 gap-y-1 pb-1.5 text-sm text-slate-700">
            {choices.map((choice) => (
              <li
                key={choice.id}
                className={`flex items-center gap-1.5 ${filter === choice.id ? 'font-semibold text-slate-900' : ''}`}
              >
                <span
                  aria-hidden="true"
                  className={`h-3 w-3 shrink-0 rounded-full ${accountColor(choice.id).swatch}`}
                />
                {choice.accountName}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-4 empty:hidden">
        {notice ? (
          <MessageBanner tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </MessageBanner>
        ) : null}
      </div>
      {view === 'calendar' && posts.isError && posts.data ? (
        <div className="mt-4">
          <MessageBanner tone="error">{MESSAGES.fetchPostsFailed}</MessageBanner>
        </div>
      ) : null}

      {/* The List is not a period: the month's and week's navigation belongs to the calendar. */}
      {view === 'calendar' ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1">
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Previous ${span}`}
              onClick={() => setAnchor(shiftPeriod(span, shown, -1))}
            >
              <ChevronIcon direction="left" />
            </button>
            <h3
              className="px-1 text-center text-base font-semibold whitespace-nowrap text-slate-900"
              aria-live="polite"
            >
              {title}
            </h3>
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Next ${span}`}
              onClick={() => setAnchor(shiftPeriod(span, shown, 1))}
            >
              <ChevronIcon direction="right" />
            </button>
            <button
              type="button"
              className={`${rowButtonClass} ml-1`}
              onClick={() => setAnchor(null)}
              disabled={anchor === null || showsToday}
            >
              Today
            </button>
          </div>
          <ToggleGroup
            label="Calendar range"
            value={span}
            onChange={setSpan}
            options={[
              { value: 'month', label: 'Month' },
              { value: 'week', label: 'Week' },
            ]}
          />
        </div>
      ) : null}

      <div className="mt-3" aria-busy={view === 'calendar' && posts.isFetching && posts.isPlaceholderData}>
        {content}
      </div>

      {detailsPost ? (
        <PostDetailsDialog
          post={detailsPost}
          zone={zone}
          onEdit={() => setAction({ kind: 'edit', postId: detailsPost.id })}
          onApprove={() => approvePost(detailsPost)}
          approving={approve.isPending}
          onMove={() => setAction({ kind: 'move', postId: detailsPost.id })}
          onRetry={() => retryPost(detailsPost)}
          onPostNow={() => setAction({ kind: 'post-now', postId: detailsPost.id })}
          onDuplicate={() => setAction({ kind: 'duplicate', postId: detailsPost.id })}
          onDelete={() => setAction({ kind: 'delete', postId: detailsPost.id })}
          onClose={() => setDetailsId(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
      {action?.kind === 'move' && actionPost ? (
        <MovePostDialog
          post={actionPost}
          now={now}
          onMove={(date) => {
            const refusal = moveTo(actionPost, date)
            if (!refusal) {
              setAction(null)
              setDetailsId(null)
            }
            return refusal
          }}
          onClose={() => setAction(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
      {action?.kind === 'edit' && actionPost ? (
        <EditPostDialog
          postId={actionPost.id}
          onDone={(text) => {
            setNotice({ tone: 'success', text })
            setDetailsId(null)
          }}
          onClose={() => setAction(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
      {action?.kind === 'duplicate' && actionPost ? (
        <DuplicatePostDialog
          post={actionPost}
          onDone={(created) => {
            setNotice({
              tone: 'success',
              text: `Duplicated: “${created.title}” is scheduled for ${dateTimeIn(created.scheduledAt, zone)}.`,
            })
            setDetailsId(null)
          }}
          onClose={() => setAction(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
      {action?.kind === 'post-now' && actionPost ? (
        <PostNowDialog
          post={actionPost}
          zone={zone}
          posting={postNow.isPending}
          onConfirm={() => postNowConfirmed(actionPost)}
          onClose={() => setAction(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
      {action?.kind === 'delete' && actionPost ? (
        <DeletePostDialog
          post={actionPost}
          deleting={remove.isPending}
          onConfirm={() => confirmDelete(actionPost)}
          onClose={() => setAction(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
    </section>
  )
}
