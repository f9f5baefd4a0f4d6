import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SandboxCreator } from '@hookpost/shared/tiktok'
import { DummyAccountPage } from './dummy-account-page'
import { mockApi, notFound, renderRoute, type ApiCall, type ApiReply } from './testing/test-utils'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const SANDBOX_URL = 'http://127.0.0.1:3101/'

function creator(overrides: Partial<SandboxCreator>): SandboxCreator {
  return {
    openId: `open-${overrides.username ?? 'x'}`,
    displayName: 'Bea Bakes',
    username: 'beabakes',
    avatarUrl: 'http://127.0.0.1:3101/avatars/bea.svg',
    isPrivate: false,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  }
}

/** A tiny in-memory sandbox behind the API routes the page uses. */
function sandboxApi({ sandbox = true, signedIn = false } = {}) {
  const creators: SandboxCreator[] = [creator({ displayName: 'Bea Bakes', username: 'beabakes', isPrivate: true })]
  return mockApi(({ method, path, body }: ApiCall): ApiReply => {
    if (path === '/api/app-info') {
      return { status: 200, body: { supportEmail: 'help@hookpost.test', devOutbox: true, tiktokSandbox: sandbox } }
    }
    if (path === '/api/auth/session') {
      return { status: 200, body: { user: signedIn ? { id: 'u1', email: 'ana@example.com' } : null } }
    }
    if (path === '/api/tiktok/sandbox/creators' && method === 'GET') {
      return sandbox ? { status: 200, body: { creators, sandboxUrl: SANDBOX_URL } } : notFound
    }
    if (path === '/api/tiktok/sandbox/creators' && method === 'POST') {
      const input = body as { displayName: string; username: string; isPrivate: boolean }
      if (creators.some((c) => c.username === input.username)) {
        return { status: 409, body: { code: 'CONFLICT', message: 'This username is already taken in the sandbox.' } }
      }
      const made = creator(input)
      creators.push(made)
      return { status: 201, body: { creator: made } }
    }
    return notFound
  })
}

describe('Create Dummy TikTok Account page', () => {
  it('says the sandbox is not in use when the real TikTok is configured, and asks for no creators', async () => {
    const { calls } = sandboxApi({ sandbox: false })
    renderRoute(<DummyAccountPage />)
    expect(
      await screen.findByText('The TikTok sandbox is not in use: Hookpost is connected to the real TikTok.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create Dummy TikTok Account' })).toBeNull()
    expect(screen.queryByText('Sandbox')).toBeNull()
    expect(calls.some((c) => c.path.startsWith('/api/tiktok'))).toBe(false)
  })

  it('lists the sandbox creators with their privacy and links to the sandbox', async () => {
    sandboxApi()
    renderRoute(<DummyAccountPage />)
    const list = await screen.findByRole('list', { name: 'Sandbox creators' })
    expect(within(list).getByText('Bea Bakes')).toBeTruthy()
    expect(within(list).getByText('@beabakes')).toBeTruthy()
    expect(within(list).getByText('Private')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Open the TikTok sandbox/ }).getAttribute('href')).toBe(SANDBOX_URL)
    expect(screen.getByTitle('TikTok sandbox: nothing is posted to the real TikTok.').textContent).toContain('Sandbox')
  })

  it('validates the form with the shared rules before sending anything', async () => {
    const { calls } = sandboxApi()
    const user = userEvent.setup()
    renderRoute(<DummyAccountPage />)
    await user.click(await screen.findByRole('button', { name: 'Create Dummy TikTok Account' }))
    expect(screen.getByLabelText('Display name').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Display name'))

    await user.type(screen.getByLabelText('Display name'), 'Cleo')
    await user.type(screen.getByLabelText('Username'), 'no spaces allowed')
    await user.click(screen.getByRole('button', { name: 'Create Dummy TikTok Account' }))
    expect(screen.getByText('Usernames use 2–24 letters, numbers, dots or underscores')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('creates a creator, says so, lists it, and points a signed-in user to Profile & Accounts', async () => {
    const { calls } = sandboxApi({ signedIn: true })
    const user = userEvent.setup()
    renderRoute(<DummyAccountPage />)
    await user.type(await screen.findByLabelText('Display name'), 'Cleo Creates')
    await user.type(screen.getByLabelText('Username'), '@cleo.creates')
    await user.click(screen.getByRole('checkbox', { name: 'Private account' }))
    await user.click(screen.getByRole('button', { name: 'Create Dummy TikTok Account' }))

    const status = await screen.findByText('Sandbox creator created')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      displayName: 'Cleo Creates',
      username: 'cleo.creates',
      isPrivate: true,
    })
    const banner = status.closest('[role="status"]')
    expect(banner).not.toBeNull()
    expect(
      within(banner as HTMLElement)
        .getByRole('link', { name: 'Profile & Accounts' })
        .getAttribute('href'),
    ).toBe('/dashboard/profile')
    const list = screen.getByRole('list', { name: 'Sandbox creators' })
    await waitFor(() => expect(within(list).getByText('Cleo Creates')).toBeTruthy())
    expect(screen.getByLabelText('Display name')).toHaveProperty('value', '')
  })

  it('puts a taken username on the Username field', async () => {
    sandboxApi()
    const user = userEvent.setup()
    renderRoute(<DummyAccountPage />)
    await user.type(await screen.findByLabelText('Display name'), 'Bea Again')
    await user.type(screen.getByLabelText('Username'), 'beabakes')
    await user.click(screen.getByRole('button', { name: 'Create Dummy TikTok Account' }))
    await waitFor(() => expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('This username is already taken in the sandbox.')).toBeTruthy()
    expect(screen.queryByText('Sandbox creator created')).toBeNull()
  })
})
