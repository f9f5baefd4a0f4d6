import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { assignAccountColors } from '../../utils/account-colors'
import { ScheduledVideos } from './scheduled-videos'
import { installDialogPolyfill, makePost, postsApi, renderWithClient } from './test-utils'
import { shownZone } from '../../../../testing/time-zones'

/** Issue 21 item 1: filter by account with a colour per account, click a day to schedule, Post now, Duplicate. */

const ZONE = 'Europe/Berlin'
// Wednesday 15 April 2026, 12:00 in Berlin.
const NOW = new Date('2026-04-15T10:00:00.000Z')

const ANA = { accountId: 'acc-ana', account: { accountName: 'Ana Cooks', accountUsername: 'anacooks', sandbox: true } }
const BEN = { accountId: 'acc-ben', account: { accountName: 'Ben Bakes', accountUsername: 'benbakes', sandbox: true } }
const ACCOUNTS = [
  { id: 'acc-ana', accountName: 'Ana Cooks', accountUsername: 'anacooks' },
  { id: 'acc-ben', accountName: 'Ben Bakes', accountUsername: 'benbakes' },
]

beforeAll(installDialogPolyfill)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function grid() {
  return within(await screen.findByRole('table', { name: /^Scheduled videos, / }))
}

describe('filter by account, a colour per account', () => {
  it('filters the calendar and the list; each entry says its account in words beside its colour', async () => {
    postsApi([
      makePost({ ...ANA, title: 'Pasta night', scheduledAt: '2026-04-20T17:00:00.000Z' }),
      makePost({ ...BEN, title: 'Sourdough', scheduledAt: '2026-04-21T07:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} />)
    const table = await grid()
    await table.findByText('Pasta night')
    const pasta = table.getByText('Pasta night').closest('li')!
    expect(within(pasta).getByText('Ana Cooks')).toBeTruthy()
    const colors = assignAccountColors(ACCOUNTS.map((a) => a.id))
    expect(pasta.className).toContain(colors.get('acc-ana')!.stripe)
    const sourdough = table.getByText('Sourdough').closest('li')!
    expect(sourdough.className).toContain(colors.get('acc-ben')!.stripe)
    expect(colors.get('acc-ana')).not.toBe(colors.get('acc-ben'))
    const key = screen.getByRole('list', { name: 'Account colours' })
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ana Cooks', 'Ben Bakes'])

    const filter = screen.getByRole('combobox', { name: 'Account' })
    expect((filter as HTMLSelectElement).value).toBe('')
    await user.selectOptions(filter, 'Ben Bakes (@benbakes)')
    expect(table.queryByText('Pasta night')).toBeNull()
    expect(table.getByText('Sourdough')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'List' }))
    const list = await screen.findByRole('list', { name: 'Scheduled videos' })
    await within(list).findByText('Sourdough')
    expect(within(list).queryByText('Pasta night')).toBeNull()
    await user.selectOptions(filter, 'All accounts')
    expect(await within(list).findByText('Pasta night')).toBeTruthy()
  })

  it('shows no filter for a single account', async () => {
    postsApi([makePost({ ...ANA, title: 'Pasta night', scheduledAt: '2026-04-20T17:00:00.000Z' })])
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS.slice(0, 1)} />)
    await (await grid()).findByText('Pasta night')
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull()
  })
})

describe('click a day to schedule on it', () => {
  it('today and later days open the form on that day (with the filtered account); past days do not', async () => {
    postsApi([makePost({ ...BEN, title: 'Sourdough', scheduledAt: '2026-04-21T07:00:00.000Z' })])
    const onScheduleOn = vi.fn()
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} accounts={ACCOUNTS} onScheduleOn={onScheduleOn} />)
    const table = await grid()
    expect(table.queryByRole('button', { name: 'Schedule a video on Tuesday, April 14' })).toBeNull()
    await user.click(table.getByRole('button', { name: 'Schedule a video on Wednesday, April 15' }))
    expect(onScheduleOn).toHaveBeenLastCalledWith('2026-04-15', undefined)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Ben Bakes (@benbakes)')
    await user.click(table.getByRole('button', { name: 'Schedule a video on Monday, April 27' }))
    expect(onScheduleOn).toHaveBeenLastCalledWith('2026-04-27', 'acc-ben')
  })

  it('without a way to schedule (no account), days have no button', async () => {
    postsApi([])
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    const table = await grid()
    expect(table.queryAllByRole('button', { name: /^Schedule a video on / })).toHaveLength(0)
  })
})

describe('Post now', () => {
  it('asks first, then posts it now once and says so', async () => {
    const { calls } = postsApi([
      makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' }),
      makePost({ id: 'p2', title: 'Done', state: 'uploaded', scheduledAt: '2026-04-14T07:00:00.000Z' }),
    ])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    await user.click(await screen.findByRole('button', { name: /^Done/ }))
    const done = screen.getByRole('dialog', { name: 'Done' })
    expect(within(done).queryByRole('button', { name: 'Post now' })).toBeNull()
    await user.click(within(done).getByRole('button', { name: 'Close' }))

    await user.click(screen.getByRole('button', { name: /^Tip/ }))
    await user.click(within(screen.getByRole('dialog', { name: 'Tip' })).getByRole('button', { name: 'Post now' }))
    const confirm = screen.getByRole('dialog', { name: 'Post “Tip” now?' })
    expect(within(confirm).getByText(/to @anacooks\. This cannot be undone/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(calls.filter((c) => c.path === '/api/posts/p1/post-now')).toHaveLength(0)

    await user.click(within(screen.getByRole('dialog', { name: 'Tip' })).getByRole('button', { name: 'Post now' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Post “Tip” now?' })).getByRole('button', { name: 'Post now' }),
    )
    expect(await screen.findByText('“Tip” is being posted now.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/posts/p1/post-now')).toHaveLength(1)
  })

  it('from the list; a refusal says why', async () => {
    postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      postNow: { status: 409, body: { code: 'CONFLICT', message: MESSAGES.postNowNotScheduled } },
    })
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    await grid()
    await user.click(screen.getByRole('button', { name: 'List' }))
    await user.click(await screen.findByRole('button', { name: 'Post Tip now' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Post “Tip” now?' })).getByRole('button', { name: 'Post now' }),
    )
    expect(await screen.findByText(MESSAGES.postNowNotScheduled)).toBeTruthy()
  })
})

describe('Duplicate', () => {
  it('chooses the new time in the dialog (the day after, same time and zone, to start), then creates it', async () => {
    // 20 April 09:00 in Berlin.
    const { calls } = postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })])
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    await grid()
    await user.click(screen.getByRole('button', { name: 'List' }))
    await user.click(await screen.findByRole('button', { name: 'Duplicate Tip' }))
    const dialog = screen.getByRole('dialog', { name: 'Duplicate “Tip”' })
    expect(await within(dialog).findByText(/same video, caption and TikTok settings, one on each account/)).toBeTruthy()
    expect(within(dialog).getByRole('checkbox', { name: /^Ana Cooks \(@anacooks\)/ })).toHaveProperty('checked', true)
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-04-21')
    expect((within(dialog).getByLabelText(/^Time$|^Time \*/) as HTMLInputElement).value).toBe('09:00')
    expect(shownZone(within(dialog).getByLabelText(/^Time zone/))).toBe(ZONE)

    const time = within(dialog).getByLabelText(/^Time$|^Time \*/)
    await user.clear(time)
    await user.type(time, '18:30')
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }))
    expect(await screen.findByText(/^Duplicated: “Tip” is scheduled for /)).toBeTruthy()
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/posts/p1/duplicate')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({ date: '2026-04-21', time: '18:30', timeZone: ZONE })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows a refused time on its field and creates nothing', async () => {
    postsApi([makePost({ id: 'p1', title: 'Tip', scheduledAt: '2026-04-20T07:00:00.000Z' })], {
      duplicate: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: MESSAGES.timeDoesNotExist,
          details: [{ path: 'time', message: MESSAGES.timeDoesNotExist }],
        },
      }),
    })
    const user = userEvent.setup()
    renderWithClient(<ScheduledVideos timeZone={ZONE} />)
    await user.click(await screen.findByRole('button', { name: /^Tip/ }))
    await user.click(within(screen.getByRole('dialog', { name: 'Tip' })).getByRole('button', { name: 'Duplicate' }))
    const dialog = screen.getByRole('dialog', { name: 'Duplicate “Tip”' })
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }))
    expect(await within(dialog).findByText(MESSAGES.timeDoesNotExist)).toBeTruthy()
    expect(
      within(dialog)
        .getByLabelText(/^Time$|^Time \*/)
        .getAttribute('aria-invalid'),
    ).toBe('true')
  })
})
