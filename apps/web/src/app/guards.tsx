import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { ConnectionError } from '../components/ui/connection-error'
import { FullScreenSpinner } from '../components/ui/spinner'
import { paths, safeRedirectPath } from '../config/paths'
import { useSession } from '../lib/auth'

/** Signed-out visitors of /dashboard/* go to /login and come back to where they were after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (session.isPending) return <FullScreenSpinner />
  if (session.isError) return <ConnectionError />
  if (!session.data.user) {
    const from = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={`${paths.login}?redirectTo=${encodeURIComponent(from)}`} replace />
  }
  return children
}

/**
 * Signed-in visitors of /login and /register go to the dashboard, or back to the page that sent them to sign in. This
 * is also how a successful sign-in leaves the login page: the session becomes known and this guard redirects.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession()
  const [searchParams] = useSearchParams()
  if (session.isPending) return <FullScreenSpinner />
  if (session.data?.user) {
    return <Navigate to={safeRedirectPath(searchParams.get('redirectTo')) ?? paths.dashboard} replace />
  }
  // If the session could not be loaded, still let the person try to sign in: the form reports its own errors.
  return children
}
