import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { resetCompletedConnects } from './api/complete-connect'
import { makeAccount, mockApi, renderRoute } from './testing/test-utils'
import { CALLBACK_REDIRECT_MS, TiktokCallbackPage } from './tiktok-callback-page'

const CALLBACK = '/auth/tiktok/callback'

function renderCallback(search: string, strict = false) {
  return renderRoute(<TiktokCallbackPage />, {
    path: CALLBACK,
    url: `${CALLBACK}${search}`,
    strict,
    routes: [{ path: '/dashboard', element: <h1>Dashboard</h1> }],
  })
}

beforeEach(() => resetCompletedConnects())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('TikTok callback page', () => {
  it('without a code says so, posts nothing and offers the way back', async () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    const { router } = renderCallback('?state=abc')
    expect(screen.getByText('No authorization code found in URL')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't connect your TikTok account")
    await user.click(screen.getByRole('button', { name: 'Return to Dashboard' }))
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(calls).toEqual([])
  })

  it('shows TikTok’s error and its description, and posts nothing', () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    renderCallback('?error=access_denied&error_description=The%20user%20denied%20the%20request&state=abc')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Authentication error from TikTok')
    expect(alert.textContent).toContain('The user denied the request')
    expect(screen.getByRole('button', { name: 'Return to Dashboard' })).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('an error wins over a code in the same URL', () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    renderCallback('?code=c1&state=s1&error=server_error')
    expect(screen.getByText('Authentication error from TikTok')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('posts the code once even under StrictMode, shows the account, then goes to the dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const account = makeAccount({ accountName: 'Ana Cooks', accountUsername: 'anacooks' })
    let answer: (value: { status: number; body: unknown }) => void = () => {}
    const { calls } = mockApi(() => new Promise((resolve) => (answer = resolve)))
    const { router } = renderCallback('?code=code-1&state=state-1&scopes=user.info.basic,video.publish', true)

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connecting your TikTok account…')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    act(() => answer({ status: 200, body: { account } }))

    expect(await screen.findByRole('heading', { name: 'TikTok account connected' })).toBeTruthy()
    expect(screen.getByText('Ana Cooks')).toBeTruthy()
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/tiktok/callback',
        body: { code: 'code-1', state: 'state-1', scopes: 'user.info.basic,video.publish' },
      },
    ])

    act(() => {
      vi.advanceTimersByTime(CALLBACK_REDIRECT_MS - 100)
    })
    expect(router.state.location.pathname).toBe(CALLBACK)
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(router.state.location.search).toBe('?tiktok_connected=true')
    expect(calls).toHaveLength(1)
  })

  it('shows the server’s message when the code or state is refused, and it says what to do next', async () => {
    const message =
      'This connection attempt has expired or was already used. Go back to the dashboard and press “Connect TikTok account” again.'
    expect(MESSAGES.connectStateInvalid).toBe(message)
    mockApi(() => ({ status: 400, body: { code: 'INVALID_TOKEN', message } }))
    renderCallback('?code=used&state=s2')
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Return to Dashboard' })).toBeTruthy()
  })

  it('says TikTok is not answering on a 503, and something generic on a 500', async () => {
    const unavailable = 'TikTok is not answering right now. Please try again in a few minutes.'
    mockApi(({ body }) =>
      (body as { state: string }).state === 's503'
        ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: unavailable } }
        : { status: 500, body: { code: 'INTERNAL', message: 'stack trace here' } },
    )
    renderCallback('?code=c&state=s503')
    expect(await screen.findByText(unavailable)).toBeTruthy()
    cleanup()
    renderCallback('?code=c&state=s500')
    expect(
      await screen.findByText('We could not finish connecting your TikTok account. Please try again.'),
    ).toBeTruthy()
    expect(screen.queryByText('stack trace here')).toBeNull()
  })
})
