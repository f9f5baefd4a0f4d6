import { useId, useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { useTiktokAccounts } from '../api/get-accounts'
import { statusLabel } from './account-status-badge'
import { ConnectTiktokButton } from './connect-tiktok-button'
import { secondaryButtonClass } from './button-styles'

function optionLabel(account: TiktokAccount): string {
  const status = account.status === 'active' ? '' : ` · ${statusLabel(account.status)}`
  return `${account.accountName} (@${account.accountUsername})${status}${account.sandbox ? ' · Sandbox' : ''}`
}

/**
 * The Schedule tab's 'Schedule New Video' card, as far as it goes today: which account a video would go to. With no
 * account it offers to connect one (spec §2). The upload, title, date and time fields arrive with publishing.
 */
export function ScheduleNewVideoCard() {
  const accounts = useTiktokAccounts()
  const selectId = useId()
  const [selected, setSelected] = useState<string | null>(null)

  return (
    <section
      aria-labelledby={`${selectId}-heading`}
      className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${selectId}-heading`} className="text-lg font-semibold text-slate-900">
        Schedule New Video
      </h2>
      {accounts.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading TikTok accounts..." />
        </div>
      ) : accounts.isError ? (
        <div className="mt-4 space-y-3">
          <MessageBanner tone="error">{MESSAGES.fetchAccountsFailed}</MessageBanner>
          <button type="button" className={secondaryButtonClass} onClick={() => void accounts.refetch()}>
            Try again
          </button>
        </div>
      ) : accounts.data.length === 0 ? (
        <div className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center">
          <h3 className="font-semibold text-slate-900">{MESSAGES.noAccountsConnected}</h3>
          <p className="mt-1 text-sm text-slate-600">Connect the account you want to post to.</p>
          <ConnectTiktokButton className="mt-4" />
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
            TikTok account
          </label>
          <select
            id={selectId}
            value={selected ?? accounts.data[0]?.id ?? ''}
            onChange={(e) => setSelected(e.target.value)}
            className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm focus:outline-2 focus:outline-fuchsia-600"
          >
            {accounts.data.map((account) => (
              <option key={account.id} value={account.id}>
                {optionLabel(account)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="mt-4 text-sm text-slate-600">
        The video, title, date and time fields come with publishing, which is not built yet.
      </p>
    </section>
  )
}
