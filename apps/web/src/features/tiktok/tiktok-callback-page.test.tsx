import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { resetCompletedConnects } from './api/complete-connect'
import { makeAccount, mockApi, notFound, renderRoute, type ApiCall, type ApiReply } from './testing/test-utils'
import { CALLBACK_REDIRECT_MS, TiktokCallbackPage } from './tiktok-callback-page'

const CALLBACK = '/auth/tiktok/callback'
const ABANDON = '/api/tiktok/connect/abandon'

function renderCallback(search: string, strict = false) {
  return renderRoute(<TiktokCallbackPage />, {
    path: CALLBACK,
    url: `${CALLBACK}${search}`,
    strict,
    routes: [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/dashboard/profile', element: <h1>Profile</h1> },
    ],
  })
}

/** The server: where each state's flow began, and what the other requests answer. */
function api(
  origins: Record<string, { returnTo: string | null; accountId: string | null }>,
  other?: (c: ApiCall) => ApiReply,
) {
  return mockApi((call) => {
    if (call.method === 'POST' && call.path === ABANDON) {
      const { state } = call.body as { state: string }
      return { status: 200, body: origins[state] ?? { returnTo: null, accountId: null } }
    }
    return other ? other(call) : notFound
  })
}

const requests = (calls: ApiCall[]) => calls.map(({ method, path, body }) => ({ method, path, body }))

beforeEach(() => resetCompletedConnects())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('TikTok callback page', () => {
  it('without a code says so, connects nothing and offers Try again and the way back', async () => {
    const { calls } = api({})
    const user = userEvent.setup()
    const { router } = renderCallback('?state=abc')
    expect(screen.getByText('No authorization code found in URL')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't connect your TikTok account")
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false))
    await user.click(screen.getByRole('button', { name: 'Return to Dashboard' }))
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(requests(calls)).toEqual([{ method: 'POST', path: ABANDON, body: { state: 'abc' } }])
  })

  it('Deny: says plainly what happened; Try again restarts the same flow; the way back is where it began', async () => {
    const { calls } = api({ s1: { returnTo: '/dashboard/profile', accountId: 'acc-9' } }, () => ({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.sandboxUnavailable },
    }))
    const user = userEvent.setup()
    const { router } = renderCallback(
      '?error=access_denied&error_description=The%20user%20denied%20the%20request&state=s1',
      true,
    )
    const alert = screen.getByRole('alert')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('TikTok account not connected')
    expect(alert.textContent).toContain('You did not allow Hookpost to use your TikTok account')
    expect(alert.textContent).not.toContain('Authentication error from TikTok')

    const back = await screen.findByRole('button', { name: 'Return to Profile & Accounts' })
    const tryAgain = screen.getByRole('button', { name: 'Try again' })
    await waitFor(() => expect(tryAgain).toHaveProperty('disabled', false))
    await user.click(tryAgain)
    // The same account, back to the same place; here the sandbox does not answer, which the page says.
    expect(await screen.findByText(MESSAGES.sandboxUnavailable)).toBeTruthy()
    expect(requests(calls).filter((c) => c.path !== ABANDON)).toEqual([
      { method: 'POST', path: '/api/tiktok/connect', body: { accountId: 'acc-9', returnTo: '/dashboard/profile' } },
    ])
    // Asked once, even under StrictMode.
    expect(calls.filter((c) => c.path === ABANDON)).toHaveLength(1)

    await user.click(back)
    expect(router.state.location.pathname).toBe('/dashboard/profile')
  })

  it("TikTok's other errors keep 'Authentication error from TikTok', explained, with TikTok's description", () => {
    api({})
    renderCallback('?error=server_error&error_description=Busy%20now&state=s2')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Authentication error from TikTok')
    expect(alert.textContent).toContain('TikTok had a problem on its side')
    expect(alert.textContent).toContain('Busy now')
  })

  it('an error wins over a code in the same URL', async () => {
    const { calls } = api({})
    renderCallback('?code=c1&state=s1&error=server_error')
    expect(screen.getByText('Authentication error from TikTok')).toBeTruthy()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.path).toBe(ABANDON)
  })

  it('posts the code once even under StrictMode, shows the account, then goes back where it began after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const account = makeAccount({ accountName: 'Ana Cooks', accountUsername: 'anacooks' })
    let answer: (value: { status: number; body: unknown }) => void = () => {}
    const { calls } = mockApi(() => new Promise((resolve) => (answer = resolve)))
    const { router } = renderCallback('?code=code-1&state=state-1&scopes=user.info.basic,video.publish', true)

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connecting your TikTok account…')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    act(() => answer({ status: 200, body: { account, returnTo: '/dashboard/profile' } }))

    expect(await screen.findByRole('heading', { name: 'TikTok account connected' })).toBeTruthy()
    expect(screen.getByText('Ana Cooks')).toBeTruthy()
    expect(screen.getByText('Taking you back to Profile & Accounts…')).toBeTruthy()
    expect(requests(calls)).toEqual([
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
    expect(router.state.location.pathname).toBe('/dashboard/profile')
    expect(router.state.location.search).toBe('?tiktok_connected=true')
    expect(calls).toHaveLength(1)
  })

  it('a return place that is not one of the app’s goes to the dashboard instead', async () => {
    const account = makeAccount()
    mockApi(() => ({ status: 200, body: { account, returnTo: 'https://evil.example/dashboard/profile' } }))
    const user = userEvent.setup()
    const { router } = renderCallback('?code=c&state=s')
    await user.click(await screen.findByRole('link', { name: 'Go now' }))
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?tiktok_connected=true')
  })

  it('shows the server’s message when the code or state is refused, with Try again for the same flow', async () => {
    const { calls } = api({ used: { returnTo: '/dashboard?tab=schedule', accountId: null } }, () => ({
      status: 400,
      body: { code: 'BAD_REQUEST', message: MESSAGES.connectStateInvalid },
    }))
    renderCallback('?code=c&state=used')
    expect(await screen.findByText(MESSAGES.connectStateInvalid)).toBeTruthy()
    expect(MESSAGES.connectStateInvalid).toContain('Try again')
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/tiktok/callback', ABANDON]))
    expect(screen.getByRole('button', { name: 'Return to Dashboard' })).toBeTruthy()
  })

  it('says TikTok is not answering on a 503, and something generic on a 500', async () => {
    const unavailable = 'TikTok is not answering right now. Please try again in a few minutes.'
    api({}, ({ body }) =>
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
