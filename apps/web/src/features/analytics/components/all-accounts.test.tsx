import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyAnalyticsEvent } from '../api/analytics-key'
import {
  ACCOUNT_ID,
  analyticsApi,
  makeAccountsOverview,
  makeComparison,
  renderWithQueryClient,
  SECOND_ACCOUNT_ID,
} from '../testing/test-utils'
import { ALL_ACCOUNTS } from '../utils/account-choice'
import { AnalyticsPanel, ANALYTICS_ACCOUNT_CHOICE } from './analytics-panel'

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  vi.unstubAllGlobals()
})

const NOW = new Date('2026-04-15T10:00:00.000Z')
const ZONE = 'Europe/Berlin'
const ITEMS = [
  { id: ACCOUNT_ID, label: 'Ana Cooks (@anacooks) · Sandbox', sandbox: true },
  { id: SECOND_ACCOUNT_ID, label: 'Bo Bakes (@bobakes)' },
]

function panel(items = ITEMS) {
  return (
    <AnalyticsPanel
      accounts={{ status: 'success', items, retrying: false, onRetry: () => undefined }}
      noAccounts={<p>Connect an account first</p>}
      reconnect={() => null}
      timeZone={ZONE}
      now={NOW}
    />
  )
}

const accountSelect = () => screen.getByLabelText('TikTok account') as HTMLSelectElement
const allAccounts = () => screen.getByRole('region', { name: 'All accounts' })

/** A totals card's value by its label. */
function cardValue(container: HTMLElement, label: string): string | null | undefined {
  const term = within(container)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT')
  return term?.nextElementSibling?.textContent
}

describe('Analytics: All accounts', () => {
  it('with several accounts starts on All accounts, and one account chosen asks only for its own figures', async () => {
    const api = analyticsApi()
    const user = userEvent.setup()
    renderWithQueryClient(
      panel([
        { id: 'other', label: 'Bo Bakes (@bobakes)' },
        { id: ACCOUNT_ID, label: 'Ana Cooks (@anacooks)' },
      ]),
    )
    const select = screen.getByLabelText('TikTok account') as HTMLSelectElement
    expect(select.value).toBe(ALL_ACCOUNTS)
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All accounts', 'Bo Bakes (@bobakes)', 'Ana Cooks (@anacooks)'])
    await waitFor(() => expect(api.gets('accounts')).toHaveLength(1))
    expect(api.calls.every((c) => c.pathname === '/api/analytics/accounts')).toBe(true)
    const before = api.calls.length
    await user.selectOptions(select, ACCOUNT_ID)
    await screen.findByText('12,345')
    expect(api.calls.slice(before).every((c) => c.search.get('accountId') === ACCOUNT_ID)).toBe(true)
  })

  it('sums every account and compares them in a table, from one request in the person’s zone', async () => {
    const api = analyticsApi()
    renderWithQueryClient(panel())
    expect(accountSelect().value).toBe(ALL_ACCOUNTS)
    const region = allAccounts()
    await within(region).findByRole('table', { name: 'Each account’s figures in this period' })
    expect(api.gets('accounts')).toHaveLength(1)
    expect(Object.fromEntries(api.gets('accounts')[0]!.search)).toEqual({
      from: '2026-03-19',
      to: '2026-04-15',
      tz: ZONE,
    })
    // No per-account request: the overview is one request whatever the number of accounts.
    expect(api.calls.filter((c) => c.pathname !== '/api/analytics/accounts')).toEqual([])

    expect(cardValue(region, 'Followers now')).toBe('1,540')
    expect(cardValue(region, 'Views')).toBe('13,345')
    expect(cardValue(region, 'Likes')).toBe('1,334')
    expect(cardValue(region, 'Comments')).toBe('60')
    expect(cardValue(region, 'Shares')).toBe('9')
    expect(cardValue(region, 'Posts published')).toBe('5')
    // Bo's figures were read last, at 09:30 UTC: 11:30 AM in Berlin.
    expect(within(region).getByText('Updated Wed, Apr 15, 2026, 11:30 AM')).toBeTruthy()

    const table = within(region).getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Ana Cooks (@anacooks)',
      'Bo Bakes (@bobakes)',
    ])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['300', '1,000', '100', '4', '2', '2', 'Wed, Apr 15, 2026, 11:30 AM'])
    // Simulated figures are a per-account note; All accounts shows none.
    expect(screen.queryByText(/TikTok sandbox account/)).toBeNull()
  })

  it('opens an account from its row, and the choice — All accounts too — outlives a reload', async () => {
    const api = analyticsApi()
    const user = userEvent.setup()
    const first = renderWithQueryClient(panel())
    await user.click(await within(allAccounts()).findByRole('button', { name: 'Bo Bakes (@bobakes)' }))
    expect(accountSelect().value).toBe(SECOND_ACCOUNT_ID)
    await waitFor(() => expect(api.gets('overview').at(-1)?.search.get('accountId')).toBe(SECOND_ACCOUNT_ID))
    first.unmount()

    // A reload: a new page with a new cache, the same browser.
    const second = renderWithQueryClient(panel())
    expect(accountSelect().value).toBe(SECOND_ACCOUNT_ID)
    await user.selectOptions(accountSelect(), ALL_ACCOUNTS)
    second.unmount()
    renderWithQueryClient(panel())
    expect(accountSelect().value).toBe(ALL_ACCOUNTS)
  })

  it('a remembered account that is gone falls back to All accounts', () => {
    analyticsApi()
    window.localStorage.setItem(`hookpost.choice.${ANALYTICS_ACCOUNT_CHOICE}`, 'a-deleted-account')
    renderWithQueryClient(panel())
    expect(accountSelect().value).toBe(ALL_ACCOUNTS)
  })

  it('follows any account’s sync by itself: the sums and "Updated" move on without a click', async () => {
    const api = analyticsApi()
    const { queryClient } = renderWithQueryClient(panel())
    const region = allAccounts()
    await within(region).findByText('Updated Wed, Apr 15, 2026, 11:30 AM')
    expect(screen.queryByRole('button', { name: 'Refresh stats' })).toBeNull()

    api.data.accounts = makeAccountsOverview({
      totals: { followers: 1545, views: 14000, likes: 1400, comments: 61, shares: 9, posts: 5 },
      accounts: [
        makeComparison({ views: 13000, syncedAt: '2026-04-15T09:58:00.000Z' }),
        makeComparison({ accountId: SECOND_ACCOUNT_ID, accountName: 'Bo Bakes', accountUsername: 'bobakes' }),
      ],
    })
    act(() => applyAnalyticsEvent(queryClient, { type: 'analytics.synced', accountId: ACCOUNT_ID }))
    expect(await within(region).findByText('Updated Wed, Apr 15, 2026, 11:58 AM')).toBeTruthy()
    expect(cardValue(region, 'Views')).toBe('14,000')
    expect(api.gets('accounts')).toHaveLength(2)
  })
})
