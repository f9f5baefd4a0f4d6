import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DASHBOARD_TABS } from '@hookpost/shared/dashboard'
import { installDialogPolyfill, renderRoute } from '../../../testing/api-mock'
import { NavDrawer } from './nav-drawer'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

describe('NavDrawer (the dashboard menu at 640 px and below)', () => {
  it('opens every destination from the Menu button, closes on a choice and gives focus back to the button', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute(<NavDrawer activeTab="analytics" />, {
      url: '/dashboard?tab=analytics',
      path: '/dashboard',
    })
    const menu = screen.getByRole('button', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull()

    await user.click(menu)
    const drawer = screen.getByRole('dialog', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    const nav = within(drawer).getByRole('navigation', { name: 'Dashboard' })
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toEqual([...DASHBOARD_TABS.map((t) => t.label), 'Profile & Accounts'])
    expect(within(nav).getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Automation' }).hasAttribute('aria-current')).toBe(false)

    await user.click(within(nav).getByRole('link', { name: 'Automation' }))
    expect(router.state.location.search).toBe('?tab=automation')
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }))
  })

  it('closes with its × button', async () => {
    const user = userEvent.setup()
    renderRoute(<NavDrawer activeTab={null} />, { url: '/dashboard', path: '/dashboard' })
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }))
  })
})
