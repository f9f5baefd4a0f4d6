import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import { ScheduledVideos } from './scheduled-videos'
import type { ApiReply } from '../../../../testing/api-mock'
import type { Spotlight } from './use-spotlight'
import { installDialogPolyfill, makeOutcome, makePost, postsApi, renderWithClient } from './test-utils'

const ZONE = 'Europe/Berlin'
// Wednesday 15 April 2026, 12:00 in Berlin.
const NOW = new Date('2026-04-15T10:00:00.000Z')

beforeAll(installDialogPolyfill)
beforeEach(() => {
  // Only the clock: timers stay real, so React Query and user-event run as usual.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderPanel(zone = ZONE) {
  return renderWithClient(<ScheduledVideos timeZone={zone} />)
}

function grid() {
  return screen.getByRole('table', { name: /^Scheduled videos, / })
}

/** The calendar cell of a day, found by its spoken label ('Monday, April 20'). */
function cell(label: string): HTMLElement {
  const name = within(grid()).getByText(new RegExp(`^${label}(, today)?$`))
  const td = name.closest('td')
  if (!td) throw new Error(`no cell for ${label}`)
  return td
}

async function waitForGrid() {
  return within(await screen.findByRole('table', { name: /^Scheduled videos, / }))
}

describe('Scheduled Videos panel: calendar', () => {
  it('shows the month Sun–Sat with blanks before the 1st, today highlighted, counts and "No videos"', async () => {
    postsApi([
      makePost({ title: 'Morning tip', scheduledAt: '2026-04-20T07:00:00.000Z' }),
      makePost({ title: 'Evening tip', scheduledAt: '2026-04-20T17:30:00.000Z' }),
      makePost({ title: 'Recap', scheduledAt: '2026-04-22T08:00:00.000Z' }),
    ])
    renderPanel()
    expect(screen.getByRole('heading', { name: 'Scheduled Videos' })).toBeTruthy()
    expect(screen.getByText('Times in Europe/Berlin')).toBeTruthy()
    // Calendar is the default view.
    expect(screen.getByRole('button', { name: 'Calendar' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy()

    const table = await waitForGrid()
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ])
    const firstWeek = table.getAllByRole('row')[1]!
    const firstCells = within(firstWeek).getAllByRole('cell')
    expect(firstCells.slice(0, 3).every((td) => td.textContent === '')).toBe(true)
    expect(within(firstCells[3]!).getByText('Wednesday, April 1')).toBeTruthy()

    const today = cell('Wednesday, April 15')
    expect(today.getAttribute('aria-current')).toBe('date')
    expect(within(today).getByText('Wednesday, April 15, today')).toBeTruthy()
    expect(grid().querySelectorAll('[aria-current="date"]')).toHaveLength(1)

    const monday = cell('Monday, April 20')
    await within(monday).findByText('2 videos')
    const entries = within(within(monday).getByRole('list')).getAllByRole('listitem')
    // In time order, each with its title, time in Berlin and status.
    expect(entries.map((li) => within(li).getByRole('button', { name: /tip,/ }).getAttribute('aria-label'))).toEqual([
      'Morning tip, 9:00 AM, Scheduled',
      'Evening tip, 7:30 PM, Scheduled',
    ])
    expect(within(cell('Wednesday, April 22')).getByText('1 video')).toBeTruthy()
    expect(within(cell('Tuesday, April 21')).getByText('No videos')).toBeTruthy()
  })

  it('colours and names each status, and says why a post failed', async () => {
    postsApi([
      makePost({ title: 'Waiting', state: 'scheduled', scheduledAt: '2026-04-16T08:00:00.000Z' }),
      makePost({ title: 'Sending', state: 'publishing', scheduledAt: '2026-04-16T09:00:00.000Z' }),
      makePost({ title: 'On TikTok', state: 'processing_on_tiktok', scheduledAt: '2026-04-16T10:00:00.000Z' }),
      makePost({ title: 'Done', state: 'uploaded', scheduledAt: '2026-04-16T11:00:00.000Z' }),
      makePost({
        title: 'Broken',
        state: 'failed',
        errorMessage: 'TikTok rejected the video: it is too short.',
        scheduledAt: '2026-04-16T12:00:00.000Z',
      }),
      makePost({ title: 'Unsure', state: 'unconfirmed', scheduledAt: '2026-04-16T13:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    const day = cell('Thursday, April 16')
    await within(day).findByText('6 videos: 1 scheduled, 2 processing, 1 uploaded, 1 failed, 1 unconfirmed')
    // The cell carries the day's first three (ADR 053); "+3 more" brings the rest of the day.
    expect(within(day).queryByText('Done')).toBeNull()
    const more = within(day).getByRole('button', { name: '+3 more videos on Thursday, April 16' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    await user.click(more)
    await within(day).findByText('Done')
    expect(more.getAttribute('aria-expanded')).toBe('true')
    expect(more.textContent).toContain('Show fewer')
    const badge = (title: string) => {
      const entry = within(day).getByText(title).closest('li')!
      const status = entry.querySelector('[data-status]')!
      return { label: status.textContent, status: status.getAttribute('data-status'), className: status.className }
    }
    expect(badge('Waiting')).toMatchObject({ label: 'Scheduled', className: expect.stringContaining('purple') })
    expect(badge('Sending')).toMatchObject({ label: 'Processing', className: expect.stringContaining('blue') })
    expect(badge('On TikTok')).toMatchObject({ label: 'Processing', className: expect.stringContaining('blue') })
    expect(badge('Done')).toMatchObject({ label: 'Uploaded', className: expect.stringContaining('green') })
    expect(badge('Broken')).toMatchObject({ label: 'Failed', className: expect.stringContaining('red') })
    expect(badge('Unsure')).toMatchObject({ label: 'Unconfirmed', className: expect.stringContaining('yellow') })
    expect(within(day).getByText('Error: TikTok rejected the video: it is too short.')).toBeTruthy()
    // Only scheduled entries can be dragged.
    expect(within(day).getAllByRole('button', { name: /^Drag .* to another day$/ })).toHaveLength(1)
    expect(within(day).getByRole('button', { name: 'Drag Waiting to another day' })).toBeTruthy()
  })

  it('shows times and days in the display zone, across the spring DST change', async () => {
    const { gets } = postsApi([
      makePost({ title: 'Before DST', scheduledAt: '2026-03-28T12:00:00.000Z' }),
      makePost({ title: 'After DST', scheduledAt: '2026-03-30T12:00:00.000Z' }),
      // 22:30 UTC on 31 March is 00:30 on 1 April in Berlin: April's grid, not March's.
      makePost({ title: 'Just after midnight', scheduledAt: '2026-03-31T22:30:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    expect(within(cell('Wednesday, April 1')).getByText('Just after midnight')).toBeTruthy()
    expect(within(cell('Wednesday, April 1')).getByText('12:30 AM')).toBeTruthy()
    expect(gets()[0]?.search.get('from')).toBe('2026-03-31T22:00:00.000Z')
    expect(gets()[0]?.search.get('to')).toBe('2026-04-30T22:00:00.000Z')

    await user.click(screen.getByRole('button', { name: 'Previous month' }))
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy()
    await within(grid()).findByText('Before DST')
    expect(within(cell('Saturday, March 28')).getByText('1:00 PM')).toBeTruthy()
    expect(within(cell('Monday, March 30')).getByText('2:00 PM')).toBeTruthy()
    expect(within(grid()).queryByText('Just after midnight')).toBeNull()
    expect(gets().at(-1)?.search.get('from')).toBe('2026-02-28T23:00:00.000Z')

    // The same instants in New York.
    cleanup()
    renderWithClient(<ScheduledVideos timeZone="America/New_York" />)
    await waitForGrid()
    expect(screen.getByText('Times in America/New_York')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Previous month' }))
    await within(grid()).findByText('Just after midnight')
    expect(within(cell('Tuesday, March 31')).getByText('6:30 PM')).toBeTruthy()
    expect(within(cell('Saturday, March 28')).getByText('8:00 AM')).toBeTruthy()
  })

  it('has a week view with previous and next week, Sunday first', async () => {
    postsApi([
      makePost({ title: 'This week', scheduledAt: '2026-04-17T08:00:00.000Z' }),
      makePost({ title: 'Next week', scheduledAt: '2026-04-21T08:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(screen.getByRole('button', { name: 'Week' }))
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('heading', { name: /^Apr 12\s*–\s*18, 2026$/ })).toBeTruthy()
    await within(grid()).findByText('This week')
    const cells = within(grid()).getAllByRole('cell')
    expect(cells).toHaveLength(7)
    expect(within(cells[0]!).getByText('Sunday, April 12')).toBeTruthy()
    expect(cells[3]!.getAttribute('aria-current')).toBe('date')
    expect(within(grid()).queryByText('Next week')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Next week' }))
    expect(screen.getByRole('heading', { name: /^Apr 19\s*–\s*25, 2026$/ })).toBeTruthy()
    await within(grid()).findByText('Next week')
    expect(grid().querySelector('[aria-current="date"]')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Today' }))
    await within(grid()).findByText('This week')
  })

  it('collapses the month to a list of days on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    postsApi([makePost({ title: 'Phone post', scheduledAt: '2026-04-20T07:00:00.000Z' })])
    renderPanel()
    await screen.findByText('Phone post')
    expect(screen.queryByRole('table')).toBeNull()
    const days = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)
    expect(days).toEqual(['Wednesday, April 15 (today)', 'Monday, April 20'])
  })

  it('says when the posts cannot be fetched, and tries again', async () => {
    let fail = true
    postsApi([makePost({ title: 'Back again', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      get list() {
        return fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : undefined
      },
    })
    const user = userEvent.setup()
    renderPanel()
    expect(await screen.findByText(MESSAGES.fetchPostsFailed)).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back again')).toBeTruthy()
  })
})

describe('Scheduled Videos panel: list view', () => {
  it('lists upcoming posts first, then past ones, with account, moment, zone, status and error', async () => {
    const { gets, pageGets } = postsApi([
      makePost({ title: 'Later', scheduledAt: '2026-06-22T08:00:00.000Z' }),
      makePost({ title: 'Second', scheduledAt: '2026-04-22T08:00:00.000Z', timeZone: 'America/New_York' }),
      makePost({
        title: 'First',
        state: 'failed',
        errorMessage: 'Reconnect required',
        scheduledAt: '2026-04-02T08:00:00.000Z',
        account: { accountName: 'Bo Bakes', accountUsername: 'bobakes', sandbox: true },
      }),
    ])
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    expect(pageGets()).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'List' }))
    const list = await screen.findByRole('list', { name: 'Scheduled videos' })
    const items = within(list).getAllByRole('listitem')
    // Not the month: every post, the next one first (another month's too), then what is past.
    expect(items.map((li) => within(li).getAllByText(/First|Second|Later/)[0]?.textContent)).toEqual([
      'Second',
      'Later',
      'First',
    ])
    const [second, , first] = items as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(first).getByText('@bobakes')).toBeTruthy()
    expect(first.textContent).toContain('Thu, Apr 2, 2026, 10:00 AM')
    expect(first.textContent).toContain('(Europe/Berlin)')
    expect(within(first).getByText('Failed')).toBeTruthy()
    expect(within(first).getByText('Error: Reconnect required')).toBeTruthy()
    expect(within(first).queryByRole('button', { name: /^Move/ })).toBeNull()
    // A post scheduled in another zone also says its own time there.
    expect(second.textContent).toContain('Wed, Apr 22, 2026, 10:00 AM')
    expect(second.textContent).toContain('4:00 AM in America/New_York')
    expect(within(second).getByRole('button', { name: 'Move Second to another day' })).toBeTruthy()
    // The month's navigation belongs to the calendar.
    expect(screen.queryByRole('button', { name: 'Next month' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Load more videos' })).toBeNull()
    expect(gets()).toHaveLength(1)
    expect(pageGets()).toHaveLength(1)
  })

  it('shows 50 at a time; "Load more videos" brings the next page, and is gone after the last', async () => {
    const posts = Array.from({ length: 53 }, (_, i) =>
      makePost({
        title: `Clip ${i + 1}`,
        scheduledAt: new Date(Date.parse('2026-04-16T08:00:00.000Z') + i * 3_600_000).toISOString(),
      }),
    )
    const { pageGets } = postsApi(posts)
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(screen.getByRole('button', { name: 'List' }))
    const list = await screen.findByRole('list', { name: 'Scheduled videos' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(50)
    expect(pageGets()[0]?.search.get('limit')).toBe('50')
    await user.click(screen.getByRole('button', { name: 'Load more videos' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(53))
    expect(within(list).getAllByRole('listitem').at(-1)?.textContent).toContain('Clip 53')
    expect(pageGets()[1]?.search.get('cursor')).toBe('50')
    expect(screen.queryByRole('button', { name: 'Load more videos' })).toBeNull()
  })

  it('says when the list cannot be fetched, and tries again', async () => {
    let fail = true
    postsApi([makePost({ title: 'Back again', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      get pages() {
        return fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : undefined
      },
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(await screen.findByText(MESSAGES.fetchPostsFailed)).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await within(await screen.findByRole('list', { name: 'Scheduled videos' })).findByText('Back again'),
    ).toBeTruthy()
  })
})

describe('Scheduled Videos panel: details on demand', () => {
  it('the calendar holds what it shows; opening a post fetches its details, with a loading state', async () => {
    const tip = makePost({
      id: 'p1',
      title: 'Tip',
      description: 'The whole caption',
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      scheduledAt: '2026-04-20T07:00:00.000Z',
    })
    let fail!: () => void
    const firstAnswer = new Promise<ApiReply>((resolve) => {
      fail = () => resolve({ status: 500, body: { code: 'INTERNAL', message: 'boom' } })
    })
    let asked = 0
    const { calls } = postsApi([tip], {
      get one() {
        asked += 1
        return asked === 1 ? firstAnswer : { status: 200, body: { post: tip } }
      },
    })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: /^Tip/ }))
    const details = screen.getByRole('dialog', { name: 'Tip' })
    // What the calendar has is there at once; the rest is being asked for.
    expect(details.textContent).toContain('Mon, Apr 20, 2026, 9:00 AM')
    expect(within(details).getByText('Ana Cooks (@anacooks)')).toBeTruthy()
    expect(within(details).getByRole('status').textContent).toBe('Loading details...')
    expect(within(details).queryByText('The whole caption')).toBeNull()
    fail()
    expect(await within(details).findByText(MESSAGES.unexpected)).toBeTruthy()
    await user.click(within(details).getByRole('button', { name: 'Try again' }))
    expect(await within(details).findByText('The whole caption')).toBeTruthy()
    expect(within(details).getByText('Followers')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'GET' && c.pathname === '/api/posts/p1')).toHaveLength(2)
  })
})

describe('Scheduled Videos panel: moving and deleting', () => {
  function movedTo(post: Post, body: { date: string; time: string; timeZone: string }) {
    const moved = new Date(`${body.date}T${body.time}:00.000Z`)
    // Berlin is UTC+2 in April.
    moved.setUTCHours(moved.getUTCHours() - 2)
    return { status: 200, body: { post: { ...post, scheduledAt: moved.toISOString() } } }
  }

  it('refuses a move into the past with the spec’s message, and sends nothing', async () => {
    const { calls } = postsApi([makePost({ title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      patch: movedTo,
    })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: /^Tip/ }))
    const details = screen.getByRole('dialog', { name: 'Tip' })
    await user.click(within(details).getByRole('button', { name: 'Move to…' }))
    const move = screen.getByRole('dialog', { name: 'Move “Tip”' })
    expect(within(move).getByText('It keeps its time, 9:00 AM (Europe/Berlin).')).toBeTruthy()
    const input = within(move).getByLabelText('New date')
    expect(input).toHaveProperty('value', '2026-04-20')
    expect(input.getAttribute('min')).toBe('2026-04-15')
    await user.clear(input)
    await user.type(input, '2026-04-14')
    await user.click(within(move).getByRole('button', { name: 'Move' }))
    expect(within(move).getByRole('alert').textContent).toBe(MESSAGES.dateInPast)
    // Today, but 09:00 Berlin has already passed at 12:00.
    await user.clear(input)
    await user.type(input, '2026-04-15')
    await user.click(within(move).getByRole('button', { name: 'Move' }))
    expect(within(move).getByRole('alert').textContent).toBe(MESSAGES.dateInPast)
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  it('moves a post to another day at the same time in its own zone, at once', async () => {
    const { calls } = postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      patch: movedTo,
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(await screen.findByRole('button', { name: 'List' }))
    await user.click(screen.getByRole('button', { name: 'Move Tip to another day' }))
    const input = within(screen.getByRole('dialog', { name: 'Move “Tip”' })).getByLabelText('New date')
    await user.clear(input)
    await user.type(input, '2026-04-23')
    await user.click(screen.getByRole('button', { name: 'Move' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // Moved on screen before the server answered, then confirmed.
    const list = screen.getByRole('list', { name: 'Scheduled videos' })
    expect(list.textContent).toContain('Thu, Apr 23, 2026, 9:00 AM')
    expect(await screen.findByText('“Tip” moved to Thu, Apr 23, 2026, 9:00 AM.')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/posts/p1',
      body: { date: '2026-04-23', time: '09:00', timeZone: 'Europe/Berlin' },
    })
  })

  it('puts a refused move back and shows the server’s reason', async () => {
    postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      patch: () => ({ status: 409, body: { code: 'CONFLICT', message: MESSAGES.onlyScheduledCanMove } }),
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(await screen.findByRole('button', { name: 'List' }))
    await user.click(screen.getByRole('button', { name: 'Move Tip to another day' }))
    const input = within(screen.getByRole('dialog', { name: 'Move “Tip”' })).getByLabelText('New date')
    await user.clear(input)
    await user.type(input, '2026-04-23')
    await user.click(screen.getByRole('button', { name: 'Move' }))
    expect(await screen.findByText(MESSAGES.onlyScheduledCanMove)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Scheduled videos' }).textContent).toContain('Mon, Apr 20, 2026'),
    )
  })

  it('deletes only after the confirmation, then says so', async () => {
    const { calls } = postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })])
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: /^Tip/ }))
    await user.click(within(screen.getByRole('dialog', { name: 'Tip' })).getByRole('button', { name: 'Delete' }))
    let confirm = screen.getByRole('dialog', { name: 'Delete “Tip”?' })
    expect(within(confirm).getByText(MESSAGES.deletePostConfirm)).toBeTruthy()
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }))
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Delete “Tip”?' })).toBeNull()
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)

    await user.click(within(screen.getByRole('dialog', { name: 'Tip' })).getByRole('button', { name: 'Delete' }))
    confirm = screen.getByRole('dialog', { name: 'Delete “Tip”?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete video' }))
    expect(await screen.findByText(MESSAGES.videoDeleted)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(grid()).queryByText('Tip')).toBeNull()
    expect(within(cell('Monday, April 20')).getByText('No videos')).toBeTruthy()
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/posts/p1')
  })

  it('says when a delete fails, and keeps the post', async () => {
    postsApi([makePost({ title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      remove: { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(await screen.findByRole('button', { name: 'List' }))
    await user.click(screen.getByRole('button', { name: 'Delete Tip' }))
    await user.click(screen.getByRole('button', { name: 'Delete video' }))
    expect(await screen.findByText(MESSAGES.videoDeleteFailed)).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Scheduled videos' }).textContent).toContain('Tip')
  })
})

describe('Scheduled Videos panel: Retry a failed post', () => {
  it('offers Retry only on a failed post; it goes out again now, and says so', async () => {
    const failed = makePost({
      id: 'p1',
      title: 'Tip',
      state: 'failed',
      errorMessage: MESSAGES.uploadInterrupted,
      scheduledAt: '2026-04-14T07:00:00.000Z',
    })
    const { calls } = postsApi([
      failed,
      makePost({ id: 'p2', title: 'Later', scheduledAt: '2026-04-20T07:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: /^Later/ }))
    expect(within(screen.getByRole('dialog', { name: 'Later' })).queryByRole('button', { name: 'Retry' })).toBeNull()
    await user.click(within(screen.getByRole('dialog', { name: 'Later' })).getByRole('button', { name: 'Close' }))

    await user.click(screen.getByRole('button', { name: /^Tip/ }))
    const details = screen.getByRole('dialog', { name: 'Tip' })
    expect(within(details).getByText(`Error: ${MESSAGES.uploadInterrupted}`)).toBeTruthy()
    await user.click(within(details).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('“Tip” is being posted again now.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(cell('Tuesday, April 14')).getByText('Scheduled')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/posts/p1/retry')).toHaveLength(1)
  })

  it('in the list too; a refused Retry says why and leaves the post as it was', async () => {
    postsApi([makePost({ title: 'Tip', state: 'failed', errorMessage: 'Nope' })], {
      retry: { status: 409, body: { code: 'CONFLICT', message: MESSAGES.onlyFailedPostCanRetry } },
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(await screen.findByRole('button', { name: 'List' }))
    await user.click(screen.getByRole('button', { name: 'Retry Tip' }))
    expect(await screen.findByText(MESSAGES.onlyFailedPostCanRetry)).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Scheduled videos' }).textContent).toContain('Error: Nope')
  })
})

describe('Scheduled Videos panel: Refresh Status', () => {
  it('refreshes the statuses and says so', async () => {
    const post = makePost({ id: 'p1', title: 'Tip', state: 'processing_on_tiktok' })
    const { calls, replace } = postsApi([post], {
      refresh: { status: 200, body: { posts: [{ ...post, state: 'uploaded' }] } },
    })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await within(grid()).findByText('Processing')
    // What the refresh found is the server's now: the calendar's days are asked again and have it.
    replace({ ...post, state: 'uploaded' })
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }))
    expect(await screen.findByText(MESSAGES.statusesRefreshed)).toBeTruthy()
    expect(await within(grid()).findByText('Uploaded')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/posts/refresh-status')).toHaveLength(1)
  })

  it('says when the refresh fails', async () => {
    postsApi([], { refresh: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    const user = userEvent.setup()
    renderPanel()
    await waitForGrid()
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }))
    expect(await screen.findByText(MESSAGES.statusesRefreshFailed)).toBeTruthy()
  })
})

function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

describe('Scheduled Videos: the post just scheduled (ADR 042)', () => {
  // Wednesday 3 June 2026, 14:00 in Berlin: two months after the one on screen.
  const fresh = makePost({ id: 'fresh', title: 'Day one', scheduledAt: '2026-06-03T12:00:00.000Z' })
  const other = makePost({ id: 'other', title: 'Older one', scheduledAt: '2026-06-03T08:00:00.000Z' })

  it('moves the calendar to its month, marks only its entry and announces it with its date, time and zone', async () => {
    postsApi([fresh, other])
    renderWithClient(<ScheduledVideos timeZone={ZONE} spotlight={{ outcome: makeOutcome(fresh), viewRequest: 0 }} />)
    expect(screen.getByRole('heading', { name: 'June 2026' })).toBeTruthy()
    const entry = await screen.findByRole('button', { name: /^Day one, 2:00 PM/ })
    expect(entry.closest('li')?.getAttribute('data-highlighted')).toBe('true')
    const older = screen.getByRole('button', { name: /^Older one, / })
    expect(older.closest('li')?.hasAttribute('data-highlighted')).toBe(false)
    const live = screen
      .getAllByRole('status')
      .find((node) => node.textContent?.startsWith('“Day one” is on the calendar.'))
    expect(live?.textContent).toBe(
      '“Day one” is on the calendar. Scheduled for Wed, Jun 3, 2026, 2:00 PM (Europe/Berlin).',
    )
  })

  it('without a spotlight, nothing is marked and the calendar stays on today', async () => {
    postsApi([makePost({ title: 'April post', scheduledAt: '2026-04-20T07:00:00.000Z' })])
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    const entry = await screen.findByRole('button', { name: /^April post, / })
    expect(entry.closest('li')?.hasAttribute('data-highlighted')).toBe(false)
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy()
  })

  it('"View post" (a new request) opens its details', async () => {
    postsApi([fresh, other])
    const first: Spotlight = { outcome: makeOutcome(fresh), viewRequest: 0 }
    const view = renderWithClient(<ScheduledVideos timeZone={ZONE} spotlight={first} />)
    await screen.findByRole('button', { name: /^Day one, / })
    expect(screen.queryByRole('dialog')).toBeNull()
    const rerender = (spotlight: Spotlight) =>
      view.rerender(
        <QueryClientProvider client={view.queryClient}>
          <ScheduledVideos timeZone={ZONE} spotlight={spotlight} />
        </QueryClientProvider>,
      )
    rerender({ ...first, viewRequest: 1 })
    const details = await screen.findByRole('dialog', { name: 'Day one' })
    expect(within(details).getByText(/Jun 3, 2026/)).toBeTruthy()
  })

  it('on a phone, the day list holds the marked entry', async () => {
    phoneScreen()
    postsApi([fresh, other])
    renderWithClient(<ScheduledVideos timeZone={ZONE} spotlight={{ outcome: makeOutcome(fresh), viewRequest: 0 }} />)
    const entry = await screen.findByRole('button', { name: /^Day one, / })
    expect(screen.queryByRole('table')).toBeNull()
    expect(entry.closest('li')?.getAttribute('data-highlighted')).toBe('true')
    expect(
      screen
        .getByRole('button', { name: /^Older one, / })
        .closest('li')
        ?.hasAttribute('data-highlighted'),
    ).toBe(false)
  })
})
