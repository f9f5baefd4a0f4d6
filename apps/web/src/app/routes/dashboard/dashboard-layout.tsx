import { Suspense, useEffect, useRef, useState, type CSSProperties } from 'react'
import { Outlet, useLocation, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { ConnectionError } from '../../../components/ui/connection-error'
import { Logo } from '../../../components/ui/logo'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../config/paths'
import { browserTimeZone, useProfile, useUpdateProfile } from '../../../features/profile/api/profile-api'
import { TimeZoneMismatchNotice } from '../../../features/profile/components/time-zone-mismatch-notice'
import { NotificationBell } from '../../../features/notifications/components/notification-bell'
import { ProcessingNotice } from '../../../features/studio/components/processing-notice'
import { TrialEndedBanner } from '../../../features/plans/components/trial-ended-banner'
import { UpgradePrompt } from '../../../features/plans/components/upgrade-prompt'
import { SandboxBadge } from '../../../features/tiktok/components/sandbox-badge'
import { isConnectionProblem } from '../../../lib/api-client'
import { useAppInfo } from '../../../lib/app-info'
import { ProfileZoneProvider } from '../../../lib/display-zone'
import { useSession } from '../../../lib/auth'
import { RequireAuth } from '../../guards'
import { useLiveUpdates } from '../../live-updates'
import { DescribeAccountHost } from './describe-account-host'
import { NavDrawer } from './nav-drawer'
import { SideMenu } from './side-menu'
import { tabFromSearch } from './tabs'
import { UserMenu } from './user-menu'
import { NOTICE_MS } from '../../../lib/use-notice'
import { useElementHeight } from '../../../lib/use-element-height'

function TiktokConnectedBanner() {
  const [searchParams, setSearchParams] = useSearchParams()
  const [visible, setVisible] = useState(searchParams.get('tiktok_connected') === 'true')
  useEffect(() => {
    if (searchParams.get('tiktok_connected') !== 'true') return
    // Drop the flag from the URL so a reload does not show the banner again.
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('tiktok_connected')
        return next
      },
      { replace: true },
    )
  }, [searchParams, setSearchParams])
  useEffect(() => {
    if (!visible) return
    const timer = window.setTimeout(() => setVisible(false), NOTICE_MS)
    return () => window.clearTimeout(timer)
  }, [visible])
  if (!visible) return null
  return (
    <div className="mb-4">
      <MessageBanner tone="success" onDismiss={() => setVisible(false)}>
        {MESSAGES.tiktokConnected}
      </MessageBanner>
    </div>
  )
}

/** A user who never chose a time zone gets the browser's, once, so server-side scheduling always has one. */
function useDefaultTimeZone() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const attempted = useRef(false)
  useEffect(() => {
    if (attempted.current || !profile.data || profile.data.timeZone !== null) return
    attempted.current = true
    update.mutate({ timeZone: browserTimeZone() })
  }, [profile.data, update])
  return profile
}

function Shell() {
  const session = useSession()
  const appInfo = useAppInfo()
  const profile = useDefaultTimeZone()
  // Every screen of the signed-in area follows the server live (one event stream per tab, closed on sign-out).
  useLiveUpdates(Boolean(session.data?.user))
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const activeTab = location.pathname === paths.dashboard ? (tabFromSearch(searchParams) ?? null) : null
  const email = session.data?.user?.email ?? ''
  // The side menu sticks just under the top bar, whatever its height (issue 30 item 9).
  const headerRef = useRef<HTMLElement>(null)
  const headerHeight = useElementHeight(headerRef)

  return (
    <div
      className="flex min-h-screen flex-col bg-slate-50"
      style={headerHeight === null ? undefined : ({ '--dashboard-header': `${headerHeight}px` } as CSSProperties)}
    >
      <header ref={headerRef} className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="flex items-center justify-between gap-2 px-3 py-2 sm:px-4">
          {/* The logo keeps its width; on a phone the email gives way (truncated) beside the Menu button. */}
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">
            <NavDrawer activeTab={activeTab} />
            <Logo to={paths.dashboard} label="Hookpost dashboard" />
            {/* Phones have no room beside the email: the line under the bar says it there. */}
            {appInfo.data?.tiktokSandbox ? <SandboxBadge className="hidden sm:inline-flex" /> : null}
          </div>
          <div className="flex min-w-0 items-center gap-1">
            <NotificationBell timeZone={profile.data?.timeZone ?? browserTimeZone()} />
            <UserMenu email={email} />
          </div>
        </div>
        {appInfo.data?.tiktokSandbox ? (
          <p className="border-t border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900 sm:hidden">
            TikTok sandbox: nothing is posted to the real TikTok.
          </p>
        ) : null}
      </header>
      <div className="flex flex-1">
        <SideMenu activeTab={activeTab} />
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6">
          <TiktokConnectedBanner />
          <TrialEndedBanner />
          <TimeZoneMismatchNotice />
          {profile.isError && isConnectionProblem(profile.error) ? (
            <ConnectionError />
          ) : (
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner />
                </div>
              }
            >
              {/* Every tab shows times in the profile's zone (issue 30 item 3). */}
              <ProfileZoneProvider zone={profile.data?.timeZone ?? null}>
                <DescribeAccountHost>
                  <Outlet />
                </DescribeAccountHost>
              </ProfileZoneProvider>
            </Suspense>
          )}
          {/* Whatever the plan refused, wherever: its message and "Choose a plan" (ADR 036). */}
          <UpgradePrompt />
          {/* product.md §2 Shell: while a video renders, on every screen of the dashboard. */}
          <ProcessingNotice />
        </main>
      </div>
    </div>
  )
}

export function DashboardLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  )
}
