import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { installDialogPolyfill, makeAccount, mockApi, notFound, renderRoute } from '../testing/test-utils'
import { TiktokAccountsSection } from './tiktok-accounts-section'

beforeAll(installDialogPolyfill)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function accountsApi(initial: TiktokAccount[], { failDelete = false } = {}) {
  let accounts = [...initial]
  return mockApi(({ method, path }) => {
    if (path === '/api/tiktok/accounts' && method === 'GET') return { status: 200, body: { accounts } }
    const match = /^\/api\/tiktok\/accounts\/(.+)$/.exec(path)
    if (match && method === 'DELETE') {
      if (failDelete) return { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
      accounts = accounts.filter((a) => a.id !== match[1])
      return { status: 204 }
    }
    return notFound
  })
}

describe('TikTok Accounts section', () => {
  it('shows the empty state with one connect button and one add button', async () => {
    accountsApi([])
    renderRoute(<TiktokAccountsSection />)
    expect(await screen.findByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Connect TikTok account' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Add account manually' })).toHaveLength(1)
  })

  it('lists accounts with status and sandbox badges and the actions that fit each status', async () => {
    accountsApi([
      makeAccount({ accountName: 'Ana Cooks', accountUsername: 'anacooks', status: 'active', sandbox: true }),
      makeAccount({
        accountName: 'Old Shop',
        accountUsername: 'oldshop',
        status: 'reconnect_required',
        sandbox: false,
      }),
      makeAccount({ accountName: 'By Hand', accountUsername: 'byhand', status: 'not_connected', sandbox: false }),
    ])
    renderRoute(<TiktokAccountsSection />)
    const list = await screen.findByRole('list', { name: 'TikTok accounts' })
    const [ana, old, byHand] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement]

    expect(within(ana).getByText('@anacooks')).toBeTruthy()
    expect(within(ana).getByText('Connected')).toBeTruthy()
    expect(within(ana).getByText('Sandbox')).toBeTruthy()
    expect(within(ana).getByText('AC').getAttribute('aria-hidden')).toBe('true')
    expect(within(ana).queryByRole('button', { name: /Connect|Reconnect/ })).toBeNull()
    expect(within(ana).getByRole('button', { name: 'Edit Ana Cooks' })).toBeTruthy()
    expect(within(ana).getByRole('button', { name: 'Delete Ana Cooks' })).toBeTruthy()

    expect(within(old).getByText('Reconnect required')).toBeTruthy()
    expect(within(old).queryByText('Sandbox')).toBeNull()
    expect(within(old).getByRole('button', { name: 'Reconnect Old Shop' })).toBeTruthy()

    expect(within(byHand).getByText('Not connected')).toBeTruthy()
    expect(within(byHand).getByRole('button', { name: 'Connect By Hand' })).toBeTruthy()
  })

  it('with accounts, "Connect TikTok account" is still the first action, and connecting comes back here', async () => {
    const { calls } = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/tiktok/accounts')
        return { status: 200, body: { accounts: [makeAccount()] } }
      return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The TikTok sandbox is not answering.' } }
    })
    const user = userEvent.setup()
    renderRoute(<TiktokAccountsSection />, { url: '/dashboard/profile', path: '/dashboard/profile' })
    await screen.findByRole('list', { name: 'TikTok accounts' })
    const buttons = screen.getAllByRole('button')
    expect(buttons[0]?.textContent).toBe('Connect TikTok account')
    expect(screen.getByRole('button', { name: 'Add account manually' }).closest('p')?.textContent).toContain(
      'It cannot post until you connect it.',
    )
    await user.click(screen.getByRole('button', { name: 'Connect TikTok account' }))
    expect(await screen.findByText('The TikTok sandbox is not answering.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ returnTo: '/dashboard/profile' }])
  })

  it('reconnecting an account names it and comes back here too', async () => {
    const { calls } = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/tiktok/accounts') {
        return {
          status: 200,
          body: { accounts: [makeAccount({ id: 'old', accountName: 'Old Shop', status: 'reconnect_required' })] },
        }
      }
      return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Not answering.' } }
    })
    const user = userEvent.setup()
    renderRoute(<TiktokAccountsSection />, { url: '/dashboard/profile', path: '/dashboard/profile' })
    await user.click(await screen.findByRole('button', { name: 'Reconnect Old Shop' }))
    await screen.findByText('Not answering.')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { accountId: 'old', returnTo: '/dashboard/profile' },
    ])
  })

  it('deletes an account only after confirming, then says so', async () => {
    const { calls } = accountsApi([makeAccount({ id: 'a1', accountName: 'Ana Cooks' })])
    const user = userEvent.setup()
    renderRoute(<TiktokAccountsSection />)
    await user.click(await screen.findByRole('button', { name: 'Delete Ana Cooks' }))

    const dialog = screen.getByRole('dialog', { name: 'Delete Ana Cooks?' })
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this account? All scheduled videos for this account will also be deleted.',
      ),
    ).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete Ana Cooks' }))
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(await screen.findByText('Account deleted successfully')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/tiktok/accounts/a1'])
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No TikTok Accounts Connected' })).toBeTruthy())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says "Failed to delete account" when the delete fails', async () => {
    accountsApi([makeAccount({ accountName: 'Ana Cooks' })], { failDelete: true })
    const user = userEvent.setup()
    renderRoute(<TiktokAccountsSection />)
    await user.click(await screen.findByRole('button', { name: 'Delete Ana Cooks' }))
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete account')
    expect(screen.getByRole('button', { name: 'Delete Ana Cooks' })).toBeTruthy()
  })

  it('says "Failed to fetch TikTok accounts" when the list cannot be loaded', async () => {
    mockApi(() => ({ status: 500, body: { code: 'INTERNAL', message: 'boom' } }))
    renderRoute(<TiktokAccountsSection />)
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch TikTok accounts')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
