import { useRef, useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { MessageBanner } from '../../../../components/ui/message-banner'
import type { AccountChoice } from '../../utils/account-colors'
import { AccountFilter } from './account-filter'
import { AccountColorsProvider } from './account-colors-context'
import { CalendarView } from './calendar-view'
import { ListView } from './list-view'
import { PeriodNavigation } from './period-navigation'
import { PostDialogs } from './post-dialogs'
import { ToggleGroup } from './toggle-group'
import { useCalendarPeriod } from './use-calendar-period'
import { useMediaQuery, useNow } from './use-now'
import { usePostActions } from './use-post-actions'
import { useScheduledPosts, type View } from './use-scheduled-posts'
import { useSpotlight, type Spotlight } from './use-spotlight'

/**
 * The Scheduled Videos panel (product.md §2 Schedule tab item 2): the user's posts as a month or week calendar (default) or a
 * list, in the display zone. Live: the cache it reads is kept current by the app's event stream, so a post turning
 * 'Uploaded' shows without a refresh. Scheduled posts move by drag and drop or 'Move to…'; a failed one can be posted
 * again with 'Retry'; any post can be deleted.
 */
export function ScheduledVideos({
  timeZone: zone,
  accounts = [],
  onScheduleOn,
  spotlight = null,
}: {
  timeZone: string
  /** The user's accounts, for the account filter and its colour key (posts' own accounts are added). */
  accounts?: readonly AccountChoice[]
  /**
   * Opens the schedule form preset to a day (issue 21), and to the account the calendar is filtered by, if it is;
   * without it, days are not clickable.
   */
  onScheduleOn?: (day: string, accountId: string | undefined) => void
  /** A post just scheduled: shown, marked and announced; its details open on request (ADR 042). */
  spotlight?: Spotlight | null
}) {
  const now = useNow()
  const wide = useMediaQuery('(min-width: 640px)')
  const [view, setView] = useState<View>('calendar')
  const period = useCalendarPeriod(now, zone)
  const shown = useScheduledPosts({ view, range: period.range, accounts, zone })
  const { calendar: posts, filterAccount } = shown
  const actions = usePostActions(zone)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const spot = useSpotlight({
    spotlight,
    zone,
    period,
    setView,
    filteredAccountId: shown.filteredAccountId,
    setAccountFilter: shown.setAccountFilter,
    summaries: shown.summaries,
    openDetailsOf: actions.openDetailsOf,
  })
  const scheduleOn = onScheduleOn ? (day: string) => onScheduleOn(day, shown.filteredAccountId) : undefined

  return (
    <AccountColorsProvider accountIds={shown.choices.map((c) => c.id)}>
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
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={actions.refreshStatuses}
              disabled={actions.refreshing}
            >
              {actions.refreshing ? 'Refreshing...' : 'Refresh Status'}
            </button>
          </div>
        </div>

        {shown.choices.length > 1 ? (
          <AccountFilter choices={shown.choices} filter={shown.filter} onChange={shown.setAccountFilter} />
        ) : null}

        <div className="mt-4 empty:hidden">
          {actions.notice ? (
            <MessageBanner tone={actions.notice.tone} onDismiss={actions.clearNotice}>
              {actions.notice.text}
            </MessageBanner>
          ) : null}
        </div>
        {view === 'calendar' && posts.isError && posts.data ? (
          <div className="mt-4">
            <MessageBanner tone="error">{MESSAGES.fetchPostsFailed}</MessageBanner>
          </div>
        ) : null}

        {/* The List is not a period: the month's and week's navigation belongs to the calendar. */}
        {view === 'calendar' ? <PeriodNavigation period={period} /> : null}

        <div className="mt-3" aria-busy={view === 'calendar' && posts.isFetching && posts.isPlaceholderData}>
          {view === 'list' ? (
            <ListView
              pages={shown.pages}
              posts={shown.listPosts}
              zone={zone}
              emptyText={filterAccount ? `No videos for ${filterAccount.accountName} yet` : 'No videos scheduled yet'}
              actions={actions}
            />
          ) : (
            <CalendarView
              posts={posts}
              summaries={shown.summaries}
              accountId={shown.filteredAccountId}
              period={period}
              wide={wide}
              zone={zone}
              onOpen={actions.openDetails}
              onMoveByDays={actions.moveByDays}
              onScheduleOn={scheduleOn}
              highlightedId={spot.highlightedId}
            />
          )}
        </div>

        <p role="status" className="sr-only">
          {spot.announcement}
        </p>

        <PostDialogs
          actions={actions}
          detailsPost={shown.findPost(actions.detailsId)}
          actionPost={shown.findPost(actions.action?.postId)}
          zone={zone}
          now={now}
          fallbackFocus={headingRef}
        />
      </section>
    </AccountColorsProvider>
  )
}
