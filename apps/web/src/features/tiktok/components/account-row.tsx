import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { rowButtonClass, rowDangerButtonClass } from '../../../components/ui/button-styles'
import type { ConnectTiktok } from '../hooks/use-connect-tiktok'
import { AccountAvatar } from './account-avatar'
import { AccountStatusBadge } from './account-status-badge'
import { AccountZone } from './account-time-zone'

/**
 * One account at a glance (issue 30): picture, name, @username, status and sandbox badges, and what can be done with
 * it: connect or reconnect when it cannot post, edit, delete.
 */
export function AccountRow({
  account,
  connect,
  onEdit,
  onDelete,
}: {
  account: TiktokAccount
  connect: ConnectTiktok
  onEdit: () => void
  onDelete: () => void
}) {
  const reconnect = account.status === 'reconnect_required'
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-4">
      <AccountAvatar key={account.avatarUrl ?? ''} name={account.accountName} url={account.avatarUrl} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{account.accountName}</p>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-600">@{account.accountUsername}</p>
        <AccountZone account={account} className="text-xs [overflow-wrap:anywhere] text-slate-600" />
        <div className="mt-1 flex flex-wrap gap-1">
          <AccountStatusBadge status={account.status} />
          {account.sandbox ? (
            <span
              title="This account lives in the TikTok sandbox: nothing is posted to the real TikTok."
              className="inline-flex items-center rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
            >
              Sandbox
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {account.status === 'active' ? null : (
          <button
            type="button"
            className={rowButtonClass}
            disabled={connect.busy}
            aria-label={`${reconnect ? 'Reconnect' : 'Connect'} ${account.accountName}`}
            onClick={() => connect.start(account.id)}
          >
            {connect.isBusyFor({ kind: 'account', id: account.id })
              ? 'Connecting…'
              : reconnect
                ? 'Reconnect'
                : 'Connect'}
          </button>
        )}
        <button type="button" className={rowButtonClass} aria-label={`Edit ${account.accountName}`} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className={rowDangerButtonClass}
          aria-label={`Delete ${account.accountName}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  )
}
