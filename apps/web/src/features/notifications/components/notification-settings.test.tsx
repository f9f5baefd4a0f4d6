import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NOTIFICATION_MESSAGES, type NotificationPreferences } from '@hookpost/shared/notifications'
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock'
import { NotificationSettings } from './notification-settings'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ALL_ON: NotificationPreferences = {
  postFailed: true,
  accountReconnect: true,
  dailyDigest: true,
  awaitingApproval: true,
}

describe('the Notifications switches', () => {
  it('turns off the notices of posts awaiting approval (ADR 048), saving every switch', async () => {
    const { calls } = mockApi(({ method, body }) =>
      method === 'PUT' ? { status: 200, body } : { status: 200, body: ALL_ON },
    )
    renderWithQueryClient(<NotificationSettings />)
    const awaiting = await screen.findByRole('switch', { name: 'Posts awaiting your approval' })
    expect(awaiting).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: 'Daily digest' })).toHaveProperty('checked', true)
    await userEvent.setup().click(awaiting)
    expect(await screen.findByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Posts awaiting your approval' })).toHaveProperty('checked', false)
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ ...ALL_ON, awaitingApproval: false }])
  })
})
