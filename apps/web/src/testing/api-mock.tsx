import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { StrictMode, type ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import type { TiktokAccount } from '@hookpost/shared/tiktok'

/** Test helpers every feature's component tests share: a recorded fake API, a query client, a dialog polyfill. */

/** jsdom has `<dialog>` but not `showModal()`/`close()`: enough of them for the components (no inertness, no top layer). */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype
  if (typeof proto.showModal === 'function') return
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

export type ApiCall = {
  method: string
  /** Path and query string, e.g. `/api/posts?from=…`. */
  path: string
  pathname: string
  search: URLSearchParams
  /** The parsed JSON body, if any. */
  body: unknown
}
export type ApiReply = { status: number; body?: unknown }

/** Replaces `fetch` with `handler`, and records every call. */
export function mockApi(handler: (call: ApiCall) => ApiReply | Promise<ApiReply>) {
  const calls: ApiCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const raw = init?.body
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      pathname: url.pathname,
      search: url.searchParams,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
    }
    calls.push(call)
    const reply = await handler(call)
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

export const notFound: ApiReply = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export function renderWithQueryClient(element: ReactElement) {
  const queryClient = testQueryClient()
  const result = render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>)
  return { ...result, queryClient }
}

export function renderRoute(
  element: ReactElement,
  {
    url = '/',
    path = '/',
    routes = [],
    strict = false,
  }: { url?: string; path?: string; routes?: RouteObject[]; strict?: boolean } = {},
) {
  const queryClient = testQueryClient()
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [url] })
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
  return { ...render(strict ? <StrictMode>{tree}</StrictMode> : tree), router, queryClient }
}

let accountSerial = 0
/** A connected account; ids are unique per call unless given. */
export function makeAccount(overrides: Partial<TiktokAccount> = {}): TiktokAccount {
  accountSerial += 1
  return {
    id: `acc-${accountSerial}`,
    accountName: 'Ana Cooks',
    accountUsername: 'anacooks',
    avatarUrl: null,
    status: 'active',
    sandbox: true,
    targetAudience: '',
    niche: '',
    appGoals: '',
    timeZone: null,
    scopes: ['user.info.basic', 'video.publish'],
    connectedAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  }
}
