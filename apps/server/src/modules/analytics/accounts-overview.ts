import type { AccountComparison, AccountsOverview } from '@hookpost/shared'
import type { AccountComparisonRow } from './accounts-overview.repository'
import type { AnalyticsRange } from './analytics-range'

/**
 * The all-accounts overview from each account's row: the rows as the comparison table shows them, and their sums.
 * Followers add up over the accounts whose count is known; with none known the sum is unknown too (null), not 0.
 */
export function buildAccountsOverview(
  range: Pick<AnalyticsRange, 'from' | 'to' | 'timeZone'>,
  rows: readonly AccountComparisonRow[],
): AccountsOverview {
  const accounts: AccountComparison[] = rows.map((row) => ({ ...row, syncedAt: row.syncedAt?.toISOString() ?? null }))
  const known = rows.filter((row) => row.followers !== null)
  const sum = (pick: (row: AccountComparisonRow) => number) => rows.reduce((total, row) => total + pick(row), 0)
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    totals: {
      followers: known.length === 0 ? null : known.reduce((total, row) => total + (row.followers ?? 0), 0),
      views: sum((r) => r.views),
      likes: sum((r) => r.likes),
      comments: sum((r) => r.comments),
      shares: sum((r) => r.shares),
      posts: sum((r) => r.posts),
    },
    accounts,
  }
}
