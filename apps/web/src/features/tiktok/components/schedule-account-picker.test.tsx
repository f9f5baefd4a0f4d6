import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { installDialogPolyfill, makeAccount, mockApi, renderRoute } from '../testing/test-utils'
import { ScheduleNewVideoCard } from './schedule-account-picker'

beforeAll(installDialogPolyfill)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const SCHEDULE = '/dashboard?tab=schedule'

/** The accounts; starting a connect answers 503 (the page would leave for TikTok otherwise). */
function api(accounts: TiktokAccount[]) {
  return mockApi(({ method, path }) =>
    method === 'GET' && path === '/api/tiktok/accounts'
      ? { status: 200, body: { accounts } }
      : { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The TikTok sandbox is not answering.' } },
  )
}

function renderCard(props: Parameters<typeof ScheduleNewVideoCard>[0] = {}) {
  return renderRoute(
    <ScheduleNewVideoCard {...props}>{(account) => <p>Posting to {account.accountName}</p>}</ScheduleNewVideoCard>,
    { url: SCHEDULE, path: '/dashboard' },
  )
}

describe('Schedule New Video: the accounts area', () => {
  it('with no account: Connect first, adding by hand second and explained', async () => {
    api([])
    renderCard()
    const card = await screen.findByRole('region', { name: 'Schedule New Video' })
    expect(await within(card).findByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeTruthy()
    const [first] = within(card).getAllByRole('button')
    expect(first?.textContent).toBe('Connect TikTok account')
    const manual = within(card).getByRole('button', { name: 'Add account manually' })
    expect(manual.closest('p')?.textContent).toContain('It cannot post until you connect it.')
  })

  it('with accounts: each one at a glance with its actions, Connect still first, and the picker below', async () => {
    const { calls } = api([
      makeAccount({
        id: 'by-hand',
        accountName: 'By Hand',
        accountUsername: 'byhand',
        status: 'not_connected',
        sandbox: false,
        connectedAt: null,
      }),
      makeAccount({ id: 'ana', accountName: 'Ana Cooks', accountUsername: 'anacooks', sandbox: true }),
    ])
    const user = userEvent.setup()
    renderCard()
    const list = await screen.findByRole('list', { name: 'TikTok accounts' })
    const [byHand, ana] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(within(ana).getByText('@anacooks')).toBeTruthy()
    expect(within(ana).getByText('Connected')).toBeTruthy()
    expect(within(ana).getByText('Sandbox')).toBeTruthy()
    expect(within(ana).getByRole('button', { name: 'Edit Ana Cooks' })).toBeTruthy()
    expect(within(byHand).getByText('Not connected')).toBeTruthy()
    expect(within(byHand).getByRole('button', { name: 'Connect By Hand' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Your TikTok accounts' })).toBeTruthy()

    // The post goes to the first account that can post, unless another is chosen.
    const picker = screen.getByRole('combobox', { name: 'TikTok account' })
    expect(picker).toHaveProperty('value', 'ana')
    expect(screen.getByText('Posting to Ana Cooks')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Connect TikTok account' }))
    expect(await screen.findByText('The TikTok sandbox is not answering.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ returnTo: SCHEDULE }])
  })

  it('Edit opens the dialog for that account', async () => {
    api([makeAccount({ accountName: 'Ana Cooks' })])
    const user = userEvent.setup()
    renderCard()
    await user.click(await screen.findByRole('button', { name: 'Edit Ana Cooks' }))
    // The dialog is its own chunk (ADR 060): it opens once that has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'Edit TikTok Account' })
    expect(within(dialog).getByLabelText('Account name')).toHaveProperty('value', 'Ana Cooks')
  })

  it('in a schedule dialog: only the picker with Edit and Manage accounts, never "Add account manually"', async () => {
    api([makeAccount({ accountName: 'Ana Cooks' })])
    renderCard({ bare: true, title: 'Schedule Video for TikTok' })
    expect(await screen.findByRole('combobox', { name: 'TikTok account' })).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'TikTok accounts' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Edit account' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Manage accounts' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add account manually' })).toBeNull()
  })
})
