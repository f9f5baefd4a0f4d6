import { useId, useState } from 'react'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { useTiktokAccounts } from '../api/get-accounts'
import { statusLabel } from './account-status-badge'
import { ConnectTiktokButton } from './connect-tiktok-button'
import { AccountsQueryState } from './accounts-query-state'

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
      <AccountsQueryState
        accounts={accounts}
        empty={
          <>
            <p className="mt-1 text-sm text-slate-600">Connect the account you want to post to.</p>
            <ConnectTiktokButton className="mt-4" />
          </>
        }
      >
        {(list) => (
          <div className="mt-4">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              TikTok account
            </label>
            <select
              id={selectId}
              value={selected ?? list[0]?.id ?? ''}
              onChange={(e) => setSelected(e.target.value)}
              className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm focus:outline-2 focus:outline-fuchsia-600"
            >
              {list.map((account) => (
                <option key={account.id} value={account.id}>
                  {optionLabel(account)}
                </option>
              ))}
            </select>
          </div>
        )}
      </AccountsQueryState>
      <p className="mt-4 text-sm text-slate-600">
        The video, title, date and time fields come with publishing, which is not built yet.
      </p>
    </section>
  )
}
