import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { SessionResponse } from '@hookpost/shared/auth'
import { ApiRequestError } from '../lib/api-client'
import { isSigningOut, sessionQueryOptions } from '../lib/auth'

/**
 * A 401 from any API call means the session ended (signed out in another tab, expired, reset password): forget the
 * user, and the route guard sends them to /login with a way back. No hard redirect, no toast from here.
 */
function onApiError(client: () => QueryClient) {
  return (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) {
      client().setQueryData<SessionResponse>(sessionQueryOptions.queryKey, { user: null })
    }
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: onApiError(() => client) }),
      // A wrong password on /login answers 401 too: the user is already null there, so this changes nothing.
      mutationCache: new MutationCache({ onError: onApiError(() => client) }),
      defaultOptions: {
        queries: {
          // A 4xx will not change by asking again; a network blip might.
          retry: (failureCount, error) => !(error instanceof ApiRequestError && error.status < 500) && failureCount < 2,
          refetchOnWindowFocus: true,
          // Nothing is fetched while signing out (lib/auth.ts).
          enabled: () => !isSigningOut(),
        },
      },
    })
    return client
  })
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
