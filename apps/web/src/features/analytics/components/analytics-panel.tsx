import { useId, useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import {
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  type StatsSyncStatus,
  type TopPostsSort,
} from '@hookpost/shared/analytics'
import { MESSAGES } from '@hookpost/shared/messages'
import { AccountSelect } from '../../../components/ui/account-select'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { useBestTimes } from '../../../lib/best-times'
import { useLeaderboard } from '../api/get-leaderboard'
import { useAnalyticsOverview } from '../api/get-overview'
import { useTopPosts } from '../api/get-top-posts'
import {
  analyticsSearch,
  presetRange,
  rangeLabel,
  rangeProblem,
  type DateRange,
  type PeriodChoice,
} from '../utils/period'
import { BestTimesSection } from './best-times-section'
import { LeaderboardSection } from './leaderboard-section'
import { OverviewSection } from './overview-section'
import { PeriodPicker } from './period-picker'
import { SyncBanner } from './sync-banner'
import { TopPostsSection } from './top-posts-section'

/** One of the person's TikTok accounts, as the app composes them from the accounts list. */
export interface AnalyticsAccount {
  id: string
  /** 'Ana Cooks (@anacooks) · Sandbox' */
  label: string
  /** Lives in the TikTok sandbox: its figures are simulated, and the tab says so. */
  sandbox?: boolean
}

export interface AnalyticsAccounts {
  status: 'pending' | 'error' | 'success'
  items: readonly AnalyticsAccount[]
  retrying: boolean
  onRetry: () => void
}

export interface AnalyticsPanelProps {
  /** The person's TikTok accounts (the tiktok feature's list, composed in app/). */
  accounts: AnalyticsAccounts
  /** What to offer when there is no account yet (a way to connect one). */
  noAccounts: ReactNode
  /** The way out of a state only TikTok can fix: a (Re)connect button for the account (tiktok feature). */
  reconnect: (accountId: string, status: StatsSyncStatus) => ReactNode
  /** The zone the period's days are in: the browser's. */
  timeZone: string
  /** The current time (tests fix it). */
  now: Date
}

/** A section of the tab: a heading, and its content once its query answered (a spinner before, a retry on failure). */
function Section<T>({
  title,
  query,
  children,
  action,
}: {
  title: string
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
  action?: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={`Loading ${title.toLowerCase()}…`} />
          </div>
        ) : query.isError ? (
          <LoadError
            className="space-y-3"
            message={ANALYTICS_MESSAGES.fetchFailed}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          children(query.data)
        )}
      </div>
    </section>
  )
}

function AccountAnalytics({
  query,
  timeZone,
  now,
  reconnect,
}: {
  query: AnalyticsQuery
  timeZone: string
  now: Date
  reconnect: AnalyticsPanelProps['reconnect']
}) {
  const [sort, setSort] = useState<TopPostsSort>('views')
  const overview = useAnalyticsOverview(query)
  const topPosts = useTopPosts(query, sort)
  const leaderboard = useLeaderboard(query)
  const bestTimes = useBestTimes(query.accountId)

  return (
    <div className="space-y-6">
      <SyncBanner key={query.accountId} accountId={query.accountId} timeZone={timeZone} reconnect={reconnect} />
      <Section
        title="Overview"
        query={overview}
        action={
          <a href={`/api/analytics/export.csv?${analyticsSearch(query)}`} download className={secondaryButtonClass}>
            Download CSV
          </a>
        }
      >
        {(data) => <OverviewSection overview={data} />}
      </Section>
      <Section title="Top posts" query={topPosts}>
        {(posts) => <TopPostsSection posts={posts} sort={sort} onSort={setSort} timeZone={timeZone} now={now} />}
      </Section>
      <Section title="Hook leaderboard" query={leaderboard}>
        {(data) => <LeaderboardSection leaderboard={data} />}
      </Section>
      <Section title="Best time to post" query={bestTimes}>
        {(data) => <BestTimesSection bestTimes={data} />}
      </Section>
    </div>
  )
}

/**
 * The Analytics tab (issue 19): one account's figures for a period — its sync state and 'Refresh stats', totals and
 * growth, views per day, top posts and their first week, the hook leaderboard and the best times to post — with a CSV
 * of the period's posts.
 */
export function AnalyticsPanel({ accounts, noAccounts, reconnect, timeZone, now }: AnalyticsPanelProps) {
  const [chosen, setChosen] = useState('')
  const [choice, setChoice] = useState<PeriodChoice>('28')
  const [custom, setCustom] = useState<DateRange>(() => presetRange('28', now, timeZone))

  if (accounts.status === 'pending') {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading TikTok accounts..." />
      </div>
    )
  }
  if (accounts.status === 'error') {
    return (
      <LoadError
        message={MESSAGES.fetchAccountsFailed}
        retrying={accounts.retrying}
        onRetry={accounts.onRetry}
        className="space-y-3"
      />
    )
  }
  if (accounts.items.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-6 text-center">
        <h2 className="font-semibold text-slate-900">{MESSAGES.noAccountsConnected}</h2>
        <div className="mt-2 text-sm text-slate-700">{noAccounts}</div>
      </div>
    )
  }

  // One account: nothing to choose. A chosen account that went away (deleted elsewhere): choose again.
  const only = accounts.items.length === 1 ? accounts.items[0]?.id : undefined
  const accountId = accounts.items.some((a) => a.id === chosen) ? chosen : (only ?? '')
  const range = choice === 'custom' ? custom : presetRange(choice, now, timeZone)
  const problem = choice === 'custom' ? rangeProblem(custom) : null
  const query: AnalyticsQuery | null =
    accountId && !problem ? { accountId, from: range.from, to: range.to, tz: timeZone } : null

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 lg:flex-row lg:items-start lg:gap-8">
        <div className="w-full max-w-md">
          <AccountSelect accounts={accounts.items} value={accountId} error={undefined} onChange={setChosen} />
        </div>
        <PeriodPicker
          choice={choice}
          custom={custom}
          problem={problem}
          range={problem ? null : rangeLabel(range)}
          timeZone={timeZone}
          onChoose={(next) => {
            // Custom starts from the period on screen, so adjusting one end is one change.
            if (next === 'custom' && choice !== 'custom') setCustom(range)
            setChoice(next)
          }}
          onCustomChange={setCustom}
        />
      </div>
      {!accountId ? (
        <p className="text-sm text-slate-700">{ANALYTICS_MESSAGES.accountRequired}</p>
      ) : query ? (
        <>
          {accounts.items.find((a) => a.id === accountId)?.sandbox ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {ANALYTICS_MESSAGES.sandboxFigures}
            </p>
          ) : null}
          <AccountAnalytics query={query} timeZone={timeZone} now={now} reconnect={reconnect} />
        </>
      ) : null}
    </div>
  )
}
