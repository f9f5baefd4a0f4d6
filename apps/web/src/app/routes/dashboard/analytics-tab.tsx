import type { StatsSyncStatus } from '@hookpost/shared/analytics'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { Link } from 'react-router'
import { rowButtonClass } from '../../../components/ui/button-styles'
import { linkClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { AnalyticsPanel } from '../../../features/analytics/components/analytics-panel'
import { useNow } from '../../../features/posts/components/scheduled-videos/use-now'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { statusLabel } from '../../../features/tiktok/components/account-status-badge'
import { useConnectTiktok } from '../../../features/tiktok/hooks/use-connect-tiktok'
import { tabHref } from './tabs'

/** 'Ana Cooks (@anacooks) · Sandbox', with its status when it is not connected: as the other tabs' pickers say it. */
function accountLabel(account: TiktokAccount): string {
  const status = account.status === 'active' ? '' : ` · ${statusLabel(account.status)}`
  return `${account.accountName} (@${account.accountUsername})${status}${account.sandbox ? ' · Sandbox' : ''}`
}

/** 'Reconnect' (or 'Connect' for an account added by hand): the tiktok feature's connect flow for this account. */
function ReconnectButton({ accountId, status }: { accountId: string; status: StatsSyncStatus }) {
  const connect = useConnectTiktok()
  const label = status === 'not_connected' ? 'Connect' : 'Reconnect'
  return (
    <div className="space-y-2">
      {connect.error ? (
        <MessageBanner tone="error" onDismiss={connect.dismissError}>
          {connect.error}
        </MessageBanner>
      ) : null}
      <button type="button" className={rowButtonClass} disabled={connect.busy} onClick={() => connect.start(accountId)}>
        {connect.busy ? 'Connecting…' : `${label} this account`}
      </button>
    </div>
  )
}

/**
 * The Analytics tab (issue 19): the analytics feature's panel, with the person's TikTok accounts and the way to
 * reconnect one (tiktok feature) and the person's time zone (profile feature) composed here, since features never
 * import each other. Lazy: the charts library is
 * fetched only when this tab is opened.
 */
export function AnalyticsTab() {
  const accounts = useTiktokAccounts()
  const profile = useProfile()
  const now = useNow()
  return (
    <AnalyticsPanel
      accounts={{
        // Nothing is asked for before the person's zone is known: every range is in it.
        status: profile.isPending ? 'pending' : accounts.status,
        items: (accounts.data ?? []).map((a) => ({ id: a.id, label: accountLabel(a), sandbox: a.sandbox })),
        retrying: accounts.isFetching,
        onRetry: () => void accounts.refetch(),
      }}
      // One zone for the whole tab: the person's (the shell sets it to the browser's once when none was chosen).
      timeZone={profile.data?.timeZone ?? browserTimeZone()}
      now={now}
      reconnect={(accountId, status) => <ReconnectButton accountId={accountId} status={status} />}
      noAccounts={
        <p>
          <Link to={tabHref('schedule')} className={linkClass}>
            Connect a TikTok account in the Schedule tab
          </Link>
          , then come back to see how its posts do.
        </p>
      }
    />
  )
}
