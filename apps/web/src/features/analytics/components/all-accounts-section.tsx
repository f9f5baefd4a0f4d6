import type { AccountComparison, AccountsOverview } from '@hookpost/shared/analytics'
import { dateTimeIn } from '../../../lib/format'
import { formatCount } from '../utils/format'
import { ScrollRegion, tdClass, thClass } from './figures-table'
import { Cards, type Card } from './overview-section'

const COLUMNS = ['Followers', 'Views', 'Likes', 'Comments', 'Shares', 'Posts published', 'Updated'] as const

function followers(value: number | null): string {
  return value === null ? '—' : formatCount(value)
}

/** The newest of the accounts' syncs: when the figures on screen were last read from TikTok. */
export function newestSync(accounts: readonly Pick<AccountComparison, 'syncedAt'>[]): string | null {
  let newest: string | null = null
  for (const { syncedAt } of accounts) {
    if (syncedAt && (newest === null || Date.parse(syncedAt) > Date.parse(newest))) newest = syncedAt
  }
  return newest
}

/**
 * All accounts (issue 30 item 10): the sums over every account of the person — followers now, what their posts
 * gained in the period and the posts they published — then one row per account to compare them, each opening that
 * account's own figures. The table scrolls sideways inside its own region on a phone, its account column held.
 */
export function AllAccountsSection({
  overview,
  timeZone,
  onOpenAccount,
}: {
  overview: AccountsOverview
  /** The tab's one zone (the person's): when each account was updated. */
  timeZone: string
  onOpenAccount: (accountId: string) => void
}) {
  const { totals, accounts } = overview
  const cards: Card[] = [
    { label: 'Followers now', value: followers(totals.followers) },
    { label: 'Views', value: formatCount(totals.views) },
    { label: 'Likes', value: formatCount(totals.likes) },
    { label: 'Comments', value: formatCount(totals.comments) },
    { label: 'Shares', value: formatCount(totals.shares) },
    { label: 'Posts published', value: formatCount(totals.posts) },
  ]
  const newest = newestSync(accounts)

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        {newest ? `Updated ${dateTimeIn(newest, timeZone)}` : 'Not updated from TikTok yet'}
      </p>
      <Cards
        title="All your accounts in this period (views, likes, comments and shares gained by all posts)"
        cards={cards}
      />
      <ScrollRegion label="Accounts compared" className="border border-slate-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Each account’s figures in this period</caption>
          <thead>
            <tr>
              <th scope="col" className={`${thClass} left-0 z-10`}>
                Account
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={thClass}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.map((account) => (
              <tr key={account.accountId}>
                <th scope="row" className="sticky left-0 bg-white px-3 py-1.5 text-left font-normal">
                  <button
                    type="button"
                    onClick={() => onOpenAccount(account.accountId)}
                    className="max-w-40 truncate rounded-sm text-left font-medium text-fuchsia-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 sm:max-w-xs"
                    title={`${account.accountName} (@${account.accountUsername})`}
                  >
                    {account.accountName} (@{account.accountUsername})
                  </button>
                </th>
                <td className={tdClass}>{followers(account.followers)}</td>
                <td className={tdClass}>{formatCount(account.views)}</td>
                <td className={tdClass}>{formatCount(account.likes)}</td>
                <td className={tdClass}>{formatCount(account.comments)}</td>
                <td className={tdClass}>{formatCount(account.shares)}</td>
                <td className={tdClass}>{formatCount(account.posts)}</td>
                <td className={tdClass}>{account.syncedAt ? dateTimeIn(account.syncedAt, timeZone) : 'Not yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  )
}
