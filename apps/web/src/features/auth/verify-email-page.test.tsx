import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { sessionQueryOptions } from '../../lib/auth'
import { mockApi, renderRoute, type ApiReply } from '../../testing/api-mock'
import { VerifyEmailPage } from './verify-email-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Verify email page', () => {
  it('reads the session again after a change of address, even when the first read was still under way', async () => {
    // The page opens with two requests at once: the session read and the confirmation. The server reads the session
    // before the change lands (old address) but its answer arrives only after the confirmation's.
    let email = 'old@example.com'
    let answerFirstRead: () => void = () => {}
    let sessionReads = 0
    mockApi(({ method, pathname }): ApiReply | Promise<ApiReply> => {
      if (pathname === '/api/auth/session') {
        sessionReads += 1
        const reply = { status: 200, body: { user: { id: 'u1', email } } }
        if (sessionReads > 1) return reply
        return new Promise((resolve) => (answerFirstRead = () => resolve(reply)))
      }
      if (method === 'POST' && pathname === '/api/auth/verify-email') {
        email = 'new@example.com'
        return { status: 200, body: { message: MESSAGES.emailChanged } }
      }
      return { status: 404 }
    })
    const { queryClient } = renderRoute(<VerifyEmailPage />, {
      url: '/verify-email?token=change-1',
      path: '/verify-email',
    })
    expect(await screen.findByText(MESSAGES.emailChanged)).toBeTruthy()
    answerFirstRead()
    await waitFor(() =>
      expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toEqual({
        user: { id: 'u1', email: 'new@example.com' },
      }),
    )
    expect(await screen.findByRole('link', { name: 'Go to Profile & Accounts' })).toBeTruthy()
  })
})
