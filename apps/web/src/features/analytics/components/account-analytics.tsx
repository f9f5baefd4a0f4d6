import { useState, type ReactNode } from 'react'
import type { AnalyticsQuery, StatsSyncStatus, TopPostsSort } from '@hookpost/shared/analytics'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { useBestTimes } from '../../../lib/best-times'
import { useLeaderboard } from '../api/get-leaderboard'
import { useAnalyticsOverview } from '../api/get-overview'
import { useTopPosts } from '../api/get-top-posts'
import { analyticsSearch } from '../utils/period'
import { AnalyticsSection } from './analytics-section'
import { BestTimesSection } from './best-times-section'
import { LeaderboardSection } from './leaderboard-section'
import { OverviewSection } from './overview-section'
import { SyncBanner } from './sync-banner'
import { TopPostsSection } from './top-posts-section'

/**
 * One account's figures for the period: its sync state and 'Refresh stats', totals and growth, views per day, top
 * posts and their first week, the hook leaderboard and the best times to post — every date, time and hour in the
 * tab's one zone (`query.tz`, the person's).
 */
export function AccountAnalytics({
  query,
  now,
  reconnect,
}: {
  query: AnalyticsQuery
  now: Date
  reconnect: (accountId: string, status: StatsSyncStatus) => ReactNode
}) {
  const [sort, setSort] = useState<TopPostsSort>('views')
  const overview = useAnalyticsOverview(query)
  const topPosts = useTopPosts(query, sort)
  const leaderboard = useLeaderboard(query)
  const bestTimes = useBestTimes(query.accountId, query.tz)

  return (
    <div className="space-y-6">
      <SyncBanner key={query.accountId} accountId={query.accountId} timeZone={query.tz} reconnect={reconnect} />
      <AnalyticsSection
        title="Overview"
        query={overview}
        action={
          <a href={`/api/analytics/export.csv?${analyticsSearch(query)}`} download className={secondaryButtonClass}>
            Download CSV
          </a>
        }
      >
        {(data) => <OverviewSection overview={data} />}
      </AnalyticsSection>
      <AnalyticsSection title="Top posts" query={topPosts}>
        {(posts) => <TopPostsSection posts={posts} sort={sort} onSort={setSort} timeZone={query.tz} now={now} />}
      </AnalyticsSection>
      <AnalyticsSection title="Hook leaderboard" query={leaderboard}>
        {(data) => <LeaderboardSection leaderboard={data} />}
      </AnalyticsSection>
      <AnalyticsSection title="Best time to post" query={bestTimes}>
        {(data) => <BestTimesSection bestTimes={data} />}
      </AnalyticsSection>
    </div>
  )
}
