import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock'
import { TimeZoneMismatchNotice } from './time-zone-mismatch-notice'

const profile = (timeZone: string | null) => ({
  email: 'ana@example.com',
  emailVerified: true,
  timeZone,
  plan: 'pro',
  trialEndsAt: null,
})

// The browser says Los Angeles, whatever zone the machine running the tests is in.
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone }
  })
}

beforeEach(() => {
  window.localStorage.clear()
  browserIn('America/Los_Angeles')
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function serve(initial: string | null) {
  let zone = initial
  return mockApi(({ method, body }) => {
    if (method === 'PUT') zone = (body as { timeZone: string }).timeZone
    return { status: 200, body: profile(zone) }
  })
}

describe('TimeZoneMismatchNotice', () => {
  it('offers the browser’s zone when it is not the profile’s, and saves it through the profile API', async () => {
    const { calls } = serve('UTC')
    const user = userEvent.setup()
    renderWithQueryClient(<TimeZoneMismatchNotice />)
    const notice = await screen.findByRole('region', { name: 'Your time zone looks different' })
    expect(notice.textContent).toContain('This browser is in America/Los Angeles (GMT')
    expect(notice.textContent).toContain('in UTC (GMT)')
    await user.click(screen.getByRole('button', { name: 'Use America/Los Angeles' }))
    const done = await screen.findByText('Times are now shown in America/Los Angeles, your profile’s time zone.')
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/profile', body: { timeZone: 'America/Los_Angeles' } }),
    ])
    expect(screen.queryByRole('region', { name: 'Your time zone looks different' })).toBeNull()
    expect(document.activeElement?.contains(done)).toBe(true)
  })

  it('Keep remembers the choice for this pair of zones: no notice on the next visit, again for another zone', async () => {
    const { calls } = serve('UTC')
    const user = userEvent.setup()
    const first = renderWithQueryClient(<TimeZoneMismatchNotice />)
    await user.click(await screen.findByRole('button', { name: 'Keep UTC' }))
    expect(screen.queryByRole('region', { name: 'Your time zone looks different' })).toBeNull()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    first.unmount()

    renderWithQueryClient(<TimeZoneMismatchNotice />)
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2))
    expect(screen.queryByRole('region', { name: 'Your time zone looks different' })).toBeNull()
    cleanup()

    // Travelling: a browser in another zone asks again.
    vi.restoreAllMocks()
    browserIn('Europe/Paris')
    renderWithQueryClient(<TimeZoneMismatchNotice />)
    expect(await screen.findByRole('button', { name: 'Use Europe/Paris' })).toBeTruthy()
  })

  it('says nothing when the zones agree, or before the profile has a zone', async () => {
    const { calls } = serve('America/Los_Angeles')
    renderWithQueryClient(<TimeZoneMismatchNotice />)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByRole('region')).toBeNull()
    cleanup()
    const none = serve(null)
    renderWithQueryClient(<TimeZoneMismatchNotice />)
    await waitFor(() => expect(none.calls).toHaveLength(1))
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('a refused save keeps the notice and says why', async () => {
    mockApi(({ method }) =>
      method === 'PUT'
        ? { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Choose a valid time zone' } }
        : { status: 200, body: profile('UTC') },
    )
    const user = userEvent.setup()
    renderWithQueryClient(<TimeZoneMismatchNotice />)
    await user.click(await screen.findByRole('button', { name: 'Use America/Los Angeles' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a valid time zone')
    expect(screen.getByRole('region', { name: 'Your time zone looks different' })).toBeTruthy()
  })
})
