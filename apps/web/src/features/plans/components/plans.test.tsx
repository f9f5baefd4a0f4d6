import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PLAN_MESSAGES, type BillingOverview } from '@hookpost/shared/plans'
import { apiRequest } from '../../../lib/api-client'
import { installDialogPolyfill, mockApi, renderRoute } from '../../../testing/api-mock'
import { PlanSection } from './plan-section'
import { TrialEndedBanner } from './trial-ended-banner'
import { UpgradePrompt } from './upgrade-prompt'

const GB = 1024 ** 3

function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    state: 'trial',
    plan: null,
    chosenPlan: null,
    trialEndsAt: '2026-12-09T10:00:00.000Z',
    trialDaysLeft: 14,
    currentPeriodEnd: null,
    limits: { maxAccounts: 3, scheduledPostsPerMonth: null, storageBytes: 25 * GB },
    usage: { accounts: 1, scheduledPostsThisMonth: 12, month: '2026-11', storageBytes: 6.25 * GB },
    provider: 'manual',
    ...overrides,
  }
}

beforeEach(() => installDialogPolyfill())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('PlanSection', () => {
  it('marks the plan picked on the pricing page until a plan is active', async () => {
    mockApi(() => ({ status: 200, body: overview({ chosenPlan: 'basic' }) }))
    renderRoute(<PlanSection />)
    const section = await screen.findByRole('region', { name: 'Plan' })
    expect(await within(section).findByText('You picked Basic on the pricing page: it is marked below.')).toBeTruthy()
    const plans = within(section).getByRole('list', { name: 'Plans' })
    const marked = within(plans).getByText('Your pick').closest('li')!
    expect(within(marked).getByRole('button', { name: 'Choose Basic' })).toBeTruthy()
    expect(within(plans).getAllByText('Your pick')).toHaveLength(1)
  })

  it('shows the trial and usage, and activates a chosen plan at once (manual billing)', async () => {
    const basic = overview({
      state: 'active',
      plan: 'basic',
      trialDaysLeft: 0,
      limits: { maxAccounts: 1, scheduledPostsPerMonth: 30, storageBytes: 5 * GB },
    })
    const api = mockApi((call) =>
      call.pathname === '/api/billing/checkout'
        ? { status: 200, body: { kind: 'activated', billing: basic } }
        : { status: 200, body: overview() },
    )
    renderRoute(<PlanSection />)
    const section = await screen.findByRole('region', { name: 'Plan' })
    expect(await within(section).findByText(/14 days left/)).toBeTruthy()
    expect(within(section).getByText('1 of 3')).toBeTruthy()
    expect(within(section).getByText('12 (unlimited)')).toBeTruthy()
    const storage = within(section).getByRole('progressbar', { name: 'Storage used' })
    expect(storage.getAttribute('aria-valuenow')).toBe('25')
    expect(storage.getAttribute('aria-valuetext')).toBe('6.25 GB of 25 GB used')

    fireEvent.click(within(section).getByRole('button', { name: 'Choose Basic' }))
    expect(await within(section).findByText(PLAN_MESSAGES.planActivated('Basic'))).toBeTruthy()
    expect(within(section).getByText('12 of 30')).toBeTruthy()
    // Basic's 5 GB is full past it: the bar stops at 100.
    expect(within(section).getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe('100')
    expect(within(section).getByText('6.25 GB of 5 GB used')).toBeTruthy()
    expect(within(section).getByRole('button', { name: 'Basic: your current plan' })).toHaveProperty('disabled', true)
    expect(api.calls.find((c) => c.pathname === '/api/billing/checkout')?.body).toEqual({ plan: 'basic' })
  })
})

describe('TrialEndedBanner', () => {
  it('says so once the trial ended, with a link to choose a plan; nothing during the trial', async () => {
    mockApi(() => ({ status: 200, body: overview({ state: 'ended', trialDaysLeft: 0 }) }))
    renderRoute(<TrialEndedBanner />)
    expect(await screen.findByText(new RegExp(PLAN_MESSAGES.trialEnded))).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/profile#plan')
    cleanup()
    mockApi(() => ({ status: 200, body: overview() }))
    const { queryClient } = renderRoute(<TrialEndedBanner />)
    await vi.waitFor(() => expect(queryClient.getQueryData(['billing'])).toBeDefined())
    expect(screen.queryByRole('link', { name: 'Choose a plan' })).toBeNull()
  })
})

describe('UpgradePrompt', () => {
  it("opens on any request the plan refuses, with the server's message and a link to the Plan section", async () => {
    const message = PLAN_MESSAGES.postsLimit('Basic', 30)
    mockApi(() => ({ status: 402, body: { code: 'PLAN_LIMIT', message } }))
    renderRoute(<UpgradePrompt />)
    await expect(apiRequest('/api/posts', { method: 'POST', body: {} })).rejects.toThrow(message)
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' })
    expect(within(dialog).getByText(message)).toBeTruthy()
    expect(within(dialog).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(
      '/dashboard/profile#plan',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
