import type { AccountsOverviewQuery } from '@hookpost/shared/analytics'
import { useAccountsOverview } from '../api/get-accounts-overview'
import { AllAccountsSection } from './all-accounts-section'
import { AnalyticsSection } from './analytics-section'

/**
 * "All accounts" in the account choice: one request for every account's figures (GET /api/analytics/accounts),
 * fetched again whenever any account's stats sync finishes (`analytics.synced`, analytics-key.ts).
 */
export function AllAccountsAnalytics({
  query,
  onOpenAccount,
}: {
  query: AccountsOverviewQuery
  onOpenAccount: (accountId: string) => void
}) {
  const overview = useAccountsOverview(query)
  return (
    <AnalyticsSection title="All accounts" query={overview}>
      {(data) => <AllAccountsSection overview={data} timeZone={query.tz} onOpenAccount={onOpenAccount} />}
    </AnalyticsSection>
  )
}
