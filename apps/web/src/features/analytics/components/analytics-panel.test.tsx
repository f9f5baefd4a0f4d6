import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_MESSAGES } from '@hookpost/shared/analytics'
import { MESSAGES } from '@hookpost/shared/messages'
import { applyAnalyticsEvent } from '../api/analytics-key'
import {
  ACCOUNT_ID,
  analyticsApi,
  makeBestTimes,
  makeOverview,
  makeSync,
  makeTopPost,
  renderWithQueryClient,
} from '../testing/test-utils'
import { AnalyticsPanel, zoneNote, type AnalyticsPanelProps } from './analytics-panel'

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  vi.unstubAllGlobals()
})

const NOW = new Date('2026-04-15T10:00:00.000Z')
const ZONE = 'Europe/Berlin'

function setup(props: Partial<AnalyticsPanelProps> = {}) {
  const user = userEvent.setup()
  const reconnect = vi.fn((_accountId: string, status: string) => (
    <button type="button">{status === 'not_connected' ? 'Connect this account' : 'Reconnect this account'}</button>
  ))
  const result = renderWithQueryClient(
    <AnalyticsPanel
      accounts={{
        status: 'success',
        items: [{ id: ACCOUNT_ID, label: 'Ana Cooks (@anacooks) · Sandbox' }],
        retrying: false,
        onRetry: () => undefined,
      }}
      noAccounts={<p>Connect an account first</p>}
      reconnect={reconnect}
      timeZone={ZONE}
      now={NOW}
      {...props}
    />,
  )
  return { ...result, user, reconnect }
}

const section = (name: string) => screen.getByRole('region', { name })
/** A totals card by its label (the same words head the table's columns). */
async function card(container: HTMLElement, label: string): Promise<HTMLElement> {
  await within(container).findAllByText(label)
  const term = within(container)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT')
  if (!term?.parentElement) throw new Error(`no card ${label}`)
  return term.parentElement
}

describe('Analytics: account and period', () => {
  it('preselects the only account and asks for the last 28 days in the person’s zone, said once', async () => {
    const api = analyticsApi()
    setup()
    expect((screen.getByLabelText('TikTok account') as HTMLSelectElement).value).toBe(ACCOUNT_ID)
    expect((screen.getByRole('radio', { name: 'Last 28 days' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getAllByText(/Europe\/Berlin/).map((el) => el.textContent)).toEqual([zoneNote(ZONE)])
    expect(screen.getByText('Mar 19 – Apr 15, 2026')).toBeTruthy()
    await screen.findByRole('heading', { name: 'Overview' })
    await waitFor(() => expect(api.gets('overview')).toHaveLength(1))
    const search = api.gets('overview')[0]!.search
    expect(Object.fromEntries(search)).toEqual({
      accountId: ACCOUNT_ID,
      from: '2026-03-19',
      to: '2026-04-15',
      tz: ZONE,
    })
    await waitFor(() => expect(api.gets('best-times')).toHaveLength(1))
    expect(Object.fromEntries(api.gets('best-times')[0]!.search)).toEqual({ accountId: ACCOUNT_ID, tz: ZONE })
    // One account: nothing else to choose, no "All accounts".
    expect(screen.queryByRole('option', { name: 'All accounts' })).toBeNull()
  })

  it('says there is no account yet, with the way to connect one', () => {
    analyticsApi()
    setup({ accounts: { status: 'success', items: [], retrying: false, onRetry: () => undefined } })
    expect(screen.getByRole('heading', { name: MESSAGES.noAccountsConnected })).toBeTruthy()
    expect(screen.getByText('Connect an account first')).toBeTruthy()
  })

  it('presets change the range; a custom range starts from it and is checked before anything is fetched', async () => {
    const api = analyticsApi()
    const { user } = setup()
    await screen.findByText('12,345')
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }))
    await waitFor(() => expect(api.gets('overview').at(-1)?.search.get('from')).toBe('2026-04-09'))

    await user.click(screen.getByRole('radio', { name: 'Custom' }))
    const from = screen.getByLabelText('From') as HTMLInputElement
    const to = screen.getByLabelText('To') as HTMLInputElement
    expect([from.value, to.value]).toEqual(['2026-04-09', '2026-04-15'])

    const before = api.gets('overview').length
    fireEvent.change(from, { target: { value: '2026-04-20' } })
    expect(screen.getByText(ANALYTICS_MESSAGES.rangeInvalid)).toBeTruthy()
    expect(from.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(from, { target: { value: '2024-01-01' } })
    expect(screen.getByText(ANALYTICS_MESSAGES.rangeTooLong)).toBeTruthy()
    expect(api.gets('overview')).toHaveLength(before)

    fireEvent.change(from, { target: { value: '2026-04-01' } })
    await waitFor(() =>
      expect(Object.fromEntries(api.gets('overview').at(-1)!.search)).toMatchObject({
        from: '2026-04-01',
        to: '2026-04-15',
      }),
    )
    expect(screen.queryByText(ANALYTICS_MESSAGES.rangeInvalid)).toBeNull()
  })
})

describe('Analytics: overview', () => {
  it('shows the totals with growth against the previous period, and the chart’s figures as a table', async () => {
    analyticsApi()
    setup()
    const overview = section('Overview')
    const views = await card(overview, 'Views')
    expect(within(views).getByText('12,345')).toBeTruthy()
    expect(within(views).getByText('Up 23% on the previous period')).toBeTruthy()
    const likes = await card(overview, 'Likes')
    expect(within(likes).getByText('Down 18% on the previous period')).toBeTruthy()
    const followers = await card(overview, 'New followers')
    // No follower count for the previous period: nothing to compare.
    expect(within(followers).queryByText(/previous period/)).toBeNull()
    expect(within(overview).getByText('10.5%')).toBeTruthy()

    const table = within(overview).getByRole('table', { name: /per day/ })
    const row = within(table).getByRole('row', { name: /Sat, Apr 11, 2026/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,845', '185', '2', '1', '1,200'])
    const last = within(table).getByRole('row', { name: /Wed, Apr 15, 2026/ })
    expect(within(last).getAllByRole('cell').at(-1)?.textContent).toBe('—')
  })

  it('offers the period’s posts as a CSV download', async () => {
    analyticsApi()
    setup()
    const link = await within(section('Overview')).findByRole('link', { name: 'Download CSV' })
    expect(link.hasAttribute('download')).toBe(true)
    const href = new URL(link.getAttribute('href')!, 'http://localhost')
    expect(href.pathname).toBe('/api/analytics/export.csv')
    expect(Object.fromEntries(href.searchParams)).toEqual({
      accountId: ACCOUNT_ID,
      from: '2026-03-19',
      to: '2026-04-15',
      tz: ZONE,
    })
  })

  it('says when the period has no published posts', async () => {
    analyticsApi({
      overview: makeOverview({
        totals: { posts: 0, views: 0, likes: 0, comments: 0, shares: 0, engagementRate: null },
        growth: { views: 0, likes: 0, comments: 0, shares: 0, followers: 0 },
        series: [{ date: '2026-04-15', views: 0, likes: 0, comments: 0, shares: 0, followers: null }],
      }),
      topPosts: [],
    })
    setup()
    expect(await within(section('Overview')).findByText(ANALYTICS_MESSAGES.noPosts)).toBeTruthy()
    expect(await within(section('Top posts')).findByText(ANALYTICS_MESSAGES.noPosts)).toBeTruthy()
  })

  it('a section that fails says so and tries again', async () => {
    const api = analyticsApi({}, { overview: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    const { user } = setup()
    const overview = section('Overview')
    expect(await within(overview).findByText(ANALYTICS_MESSAGES.fetchFailed)).toBeTruthy()
    // The other sections do not depend on it.
    const list = await within(section('Top posts')).findByRole('list', { name: 'Top posts' })
    expect(within(list).getByText('Three dinners in 15 minutes')).toBeTruthy()
    delete api.fail.overview
    await user.click(within(overview).getByRole('button', { name: 'Try again' }))
    expect(await within(overview).findByText('12,345')).toBeTruthy()
    expect(within(overview).queryByText(ANALYTICS_MESSAGES.fetchFailed)).toBeNull()
  })
})

describe('Analytics: top posts', () => {
  it('lists each post with its figures and a link to it on TikTok in a new tab', async () => {
    analyticsApi()
    setup()
    const list = await within(section('Top posts')).findByRole('list', { name: 'Top posts' })
    const item = within(list).getAllByRole('listitem')[0]!
    expect(within(item).getByText('Three dinners in 15 minutes')).toBeTruthy()
    expect(within(item).getByText('3,210')).toBeTruthy()
    expect(within(item).getByText('10.4%')).toBeTruthy()
    expect(within(item).getByText('1.8× typical')).toBeTruthy()
    const link = within(item).getByRole('link', {
      name: 'Open “Three dinners in 15 minutes” on TikTok (opens in a new tab)',
    })
    expect(link.getAttribute('href')).toBe('https://www.tiktok.com/@anacooks/video/7300000000000000001')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('falls back to a placeholder when TikTok’s cover fails to load (or there is none)', async () => {
    analyticsApi({ topPosts: [makeTopPost(), makeTopPost({ postId: 'p2', title: 'No cover', coverUrl: null })] })
    setup()
    const list = await within(section('Top posts')).findByRole('list', { name: 'Top posts' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(second!.querySelector('img')).toBeNull()
    const img = first!.querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://p16.tiktokcdn.example/cover1.jpg')
    fireEvent.error(img)
    expect(first!.querySelector('img')).toBeNull()
  })

  it('sorts by engagement rate on request', async () => {
    const api = analyticsApi()
    const { user } = setup()
    await within(section('Top posts')).findByRole('list', { name: 'Top posts' })
    expect(api.gets('top-posts')[0]?.search.get('sort')).toBe('views')
    await user.click(screen.getByRole('radio', { name: 'Engagement rate' }))
    await waitFor(() => expect(api.gets('top-posts').at(-1)?.search.get('sort')).toBe('engagement'))
  })

  it('gives each post’s first week as a table: views after each day, "not yet" for days still to come', async () => {
    analyticsApi()
    setup()
    const table = await within(section('Top posts')).findByRole('table', { name: /after 1 to 7 days/ })
    const row = within(table).getByRole('row', { name: /Three dinners/ })
    // Published 112 h before NOW: days 1–4 are known, 5–7 are not reached yet.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['900', '2,000', '2,000', '2,000', '—Not yet', '—Not yet', '—Not yet'])
  })
})

describe('Analytics: hook leaderboard', () => {
  it('ranks per dimension with sample sizes, marks low-sample rows and says views relative to typical', async () => {
    analyticsApi()
    const { user } = setup()
    const board = section('Hook leaderboard')
    const table = await within(board).findByRole('table', { name: 'Hook leaderboard by hook concept' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Question',
      `POV${ANALYTICS_MESSAGES.lowSample}`,
      'List',
    ])
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8', '2,400', '1.8× typical'])
    expect(within(rows[2]!).getByText('0.7× typical')).toBeTruthy()

    await user.click(within(board).getByRole('tab', { name: 'Overlay style' }))
    expect(within(board).getByText(ANALYTICS_MESSAGES.noHookData)).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(within(board).getByRole('tab', { name: 'Hook text' }).getAttribute('aria-selected')).toBe('true')
    expect(within(board).getByText(ANALYTICS_MESSAGES.lowSample)).toBeTruthy()
    await user.click(within(board).getByRole('tab', { name: 'Source video' }))
    const source = within(board).getByRole('table', { name: 'Hook leaderboard by source video' })
    expect(within(source).getByText('—')).toBeTruthy()
  })
})

describe('Analytics: best time to post', () => {
  it('is a weekday × hour table with every cell’s figures, a legend and the suggestions', async () => {
    analyticsApi()
    setup()
    const best = section('Best time to post')
    const table = await within(best).findByRole('table', { name: /Views by weekday and hour/ })
    // In the tab's one zone, said once at the top: the caption does not name another.
    expect(table.querySelector('caption')?.textContent).toBe(
      'Views by weekday and hour, from 12 posts, in your time zone',
    )
    const headers = within(table).getAllByRole('columnheader')
    expect(headers).toHaveLength(24)
    expect(headers[18]?.textContent).toContain('6 PM')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'MonMonday',
      'TueTuesday',
      'WedWednesday',
      'ThuThursday',
      'FriFriday',
      'SatSaturday',
      'SunSunday',
    ])
    const tuesday = within(rows[1]!).getAllByRole('cell')
    expect(tuesday).toHaveLength(24)
    expect(tuesday[18]?.textContent).toContain('2.3×, 4 posts')
    expect(tuesday[18]?.getAttribute('data-level')).toBe('4')
    expect(tuesday[3]?.textContent).toBe('No posts')
    expect(within(rows[4]!).getAllByRole('cell')[9]?.getAttribute('data-level')).toBe('1')

    expect(within(best).getByText('Far above typical (2× or more)')).toBeTruthy()
    const suggestions = within(best).getByRole('heading', { name: 'Suggested times' }).nextElementSibling as HTMLElement
    expect(
      within(suggestions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tuesday at 6 PM: 2.3× typical (4 posts)', 'Sunday at 8 PM: 1.4× typical (5 posts)'])
  })

  it('says why there are no suggestions when there are too few posts', async () => {
    analyticsApi({
      bestTimes: makeBestTimes({
        posts: 0,
        enough: false,
        message: ANALYTICS_MESSAGES.notEnoughForBestTimes,
        suggestions: [],
      }),
    })
    setup()
    const best = section('Best time to post')
    expect(await within(best).findByText(ANALYTICS_MESSAGES.notEnoughForBestTimes)).toBeTruthy()
    expect(within(best).queryByRole('table')).toBeNull()
    expect(within(best).queryByRole('heading', { name: 'Suggested times' })).toBeNull()
  })
})

describe('Analytics: sync state and Refresh stats', () => {
  it('shows progress until analytics.synced for this account arrives, then fetches the figures again', async () => {
    const api = analyticsApi()
    const { user, queryClient } = setup()
    expect(await screen.findByText(/^Updated Wed, Apr 15, 2026, 11:00 AM$/)).toBeTruthy()
    await screen.findByText('12,345')

    await user.click(screen.getByRole('button', { name: 'Refresh stats' }))
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/analytics/sync',
      body: { accountId: ACCOUNT_ID },
    })
    expect(await screen.findByText('Refreshing stats…')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Refresh stats' }) as HTMLButtonElement).disabled).toBe(true)
    const overviewsBefore = api.gets('overview').length

    // Another account's sync finishing changes nothing here.
    act(() => applyAnalyticsEvent(queryClient, { type: 'analytics.synced', accountId: 'someone-else' }))
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByText('Refreshing stats…')).toBeTruthy()

    api.data.sync = makeSync({ syncedAt: '2026-04-15T09:58:00.000Z' })
    api.data.overview = makeOverview({ growth: { views: 13000, likes: 1300, comments: 60, shares: 8, followers: 41 } })
    act(() => applyAnalyticsEvent(queryClient, { type: 'analytics.synced', accountId: ACCOUNT_ID }))
    expect(await screen.findByText('13,000')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Refreshing stats…')).toBeNull())
    expect(screen.getByText(/^Updated Wed, Apr 15, 2026, 11:58 AM$/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Refresh stats' }) as HTMLButtonElement).disabled).toBe(false)
    expect(api.gets('overview').length).toBeGreaterThan(overviewsBefore)
  })

  it('says why a refresh failed', async () => {
    analyticsApi(
      {},
      { 'post-sync': { status: 409, body: { code: 'CONFLICT', message: ANALYTICS_MESSAGES.reconnectRequired } } },
    )
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Refresh stats' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(ANALYTICS_MESSAGES.syncFailed)
    expect(alert.textContent).toContain(ANALYTICS_MESSAGES.reconnectRequired)
    expect(screen.queryByText('Refreshing stats…')).toBeNull()
  })

  it.each([
    ['missing_scope', ANALYTICS_MESSAGES.missingScope, 'Reconnect this account'],
    ['reconnect_required', ANALYTICS_MESSAGES.reconnectRequired, 'Reconnect this account'],
    ['not_connected', ANALYTICS_MESSAGES.notConnected, 'Connect this account'],
  ] as const)(
    '%s: says what is wrong and offers to reconnect instead of refreshing',
    async (status, message, button) => {
      analyticsApi({ sync: makeSync({ status, message, syncedAt: null }) })
      const { reconnect } = setup()
      const banner = (await screen.findByText(message)).closest('[role="status"]') as HTMLElement
      expect(within(banner).getByRole('button', { name: button })).toBeTruthy()
      expect(reconnect).toHaveBeenCalledWith(ACCOUNT_ID, status)
      expect(screen.queryByRole('button', { name: 'Refresh stats' })).toBeNull()
      expect(screen.getByText('Not updated from TikTok yet')).toBeTruthy()
    },
  )

  it('the first sync shows as progress in its own words', async () => {
    analyticsApi({ sync: makeSync({ status: 'pending', message: null, syncedAt: null, syncing: true }) })
    setup()
    const note = await screen.findByText(ANALYTICS_MESSAGES.pending)
    expect(note.closest('[role="status"]')).toBeTruthy()
    expect(screen.getAllByText(ANALYTICS_MESSAGES.pending)).toHaveLength(1)
    expect((screen.getByRole('button', { name: 'Refresh stats' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
