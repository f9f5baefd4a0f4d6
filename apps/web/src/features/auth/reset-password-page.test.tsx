import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { mockApi, renderRoute } from '../../testing/api-mock'
import { ResetPasswordPage } from './reset-password-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function open(url: string) {
  return renderRoute(<ResetPasswordPage />, { url, path: '/reset-password' })
}

describe('Reset password page: the link is checked first', () => {
  it('asks for a new password only once the server says the link works', async () => {
    let answer: (valid: boolean) => void = () => {}
    const { calls } = mockApi(
      ({ pathname }) =>
        new Promise((resolve) => {
          if (pathname !== '/api/auth/reset-password/check') resolve({ status: 404 })
          answer = (valid) => resolve({ status: 200, body: { valid } })
        }),
    )
    open('/reset-password?token=abc123')
    expect(await screen.findByText('Checking your link...')).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
    answer(true)
    expect(await screen.findByLabelText('New password')).toBeTruthy()
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy()
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { token: 'abc123' } })])
  })

  it('says the link is invalid or expired, with no form, when the server says so', async () => {
    mockApi(() => ({ status: 200, body: { valid: false } }))
    open('/reset-password?token=used-one')
    expect(await screen.findByText(MESSAGES.resetTokenInvalid)).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy()
  })

  it('asks the server nothing for a link without a token', () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    open('/reset-password')
    expect(screen.getByText(MESSAGES.resetTokenInvalid)).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(calls).toHaveLength(0)
  })
})
