import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from './api-client'
import { sessionQueryOptions, useDeleteAccount, useSession, useSignOut, type LeftAppState } from './auth'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Dashboard() {
  const notes = useQuery({ queryKey: ['notes'], queryFn: () => apiRequest<{ n: number }>('/api/notes') })
  const signOut = useSignOut()
  return (
    <main>
      <p>{notes.data ? `notes: ${notes.data.n}` : 'loading'}</p>
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </main>
  )
}

function Landing() {
  const session = useSession()
  return <h1>{session.data?.user ? 'Landing (signed in)' : 'Landing'}</h1>
}

describe('useSignOut', () => {
  it('leaves for /, then forgets the cache without the signed-in screen fetching again', async () => {
    let signedIn = true
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input)
        calls.push(`${init?.method ?? 'GET'} ${path}`)
        if (path === '/api/auth/sign-out') {
          signedIn = false
          return Response.json({ message: 'ok' })
        }
        if (!signedIn) return Response.json({ code: 'UNAUTHORIZED', message: 'Sign in' }, { status: 401 })
        if (path === '/api/notes') return Response.json({ n: 3 })
        return Response.json({ user: { id: 'u1', email: 'ana@example.com' } })
      }),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    queryClient.setQueryData(sessionQueryOptions.queryKey, {
      user: { id: 'u1', email: 'ana@example.com' },
    })
    const router = createMemoryRouter(
      [
        { path: '/', element: <Landing /> },
        { path: '/dashboard', element: <Dashboard /> },
      ],
      { initialEntries: ['/dashboard'] },
    )
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('notes: 3')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))

    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    expect(calls).toEqual(['GET /api/notes', 'POST /api/auth/sign-out'])
    expect(queryClient.getQueryData(['notes'])).toBeUndefined()
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toEqual({ user: null })
  })
})

function Leaving() {
  const notes = useQuery({ queryKey: ['notes'], queryFn: () => apiRequest<{ n: number }>('/api/notes') })
  const remove = useDeleteAccount()
  return (
    <main>
      <p>{notes.data ? `notes: ${notes.data.n}` : 'loading'}</p>
      <p>{remove.error ? remove.error.message : ''}</p>
      <button type="button" onClick={() => remove.mutate({ password: 'wrong one' })}>
        Delete with a wrong password
      </button>
      <button type="button" onClick={() => remove.mutate({ password: 'right one' })}>
        Delete
      </button>
    </main>
  )
}

function LandingWithNotice() {
  const state = useLocation().state as LeftAppState | null
  return <h1>{state?.notice ?? 'Landing'}</h1>
}

describe('useDeleteAccount', () => {
  it('stays on a refusal; once deleted, leaves for / saying so and forgets the cache', async () => {
    let exists = true
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input)
        calls.push(`${init?.method ?? 'GET'} ${path}`)
        if (path === '/api/account') {
          const { password } = JSON.parse(String(init?.body)) as { password: string }
          if (password !== 'right one') {
            return Response.json(
              { code: 'VALIDATION_FAILED', message: 'Your current password is not correct.' },
              {
                status: 400,
              },
            )
          }
          exists = false
          return Response.json({ message: 'Your account and everything in it have been deleted.' })
        }
        if (!exists)
          return Response.json({ code: 'UNAUTHENTICATED', message: 'User not authenticated' }, { status: 401 })
        return Response.json({ n: 3 })
      }),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const router = createMemoryRouter(
      [
        { path: '/', element: <LandingWithNotice /> },
        { path: '/dashboard/profile', element: <Leaving /> },
      ],
      { initialEntries: ['/dashboard/profile'] },
    )
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('notes: 3')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Delete with a wrong password' }))
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard/profile')

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(
      await screen.findByRole('heading', { name: 'Your account and everything in it have been deleted.' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    expect(calls).toEqual(['GET /api/notes', 'DELETE /api/account', 'DELETE /api/account'])
    expect(queryClient.getQueryData(['notes'])).toBeUndefined()
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toEqual({ user: null })
  })
})
