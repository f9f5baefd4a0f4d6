import type { ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { Spinner } from '../../../components/ui/spinner'
import type { useTiktokAccounts } from '../api/get-accounts'
import { LoadError } from '../../../components/ui/load-error'

/**
 * The accounts list's loading, failed and empty states, the same wherever accounts are listed (Profile & Accounts, the
 * Schedule tab): a spinner, 'Failed to fetch TikTok accounts' with a retry, or 'No TikTok Accounts Connected' (product.md §2).
 */
export function AccountsQueryState({
  accounts,
  empty,
  children,
}: {
  accounts: ReturnType<typeof useTiktokAccounts>
  /** What the empty state says and offers under its heading. */
  empty: ReactNode
  children: (accounts: TiktokAccount[]) => ReactNode
}) {
  if (accounts.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading TikTok accounts..." />
      </div>
    )
  }
  if (accounts.isError) {
    return (
      <LoadError
        message={MESSAGES.fetchAccountsFailed}
        retrying={accounts.isFetching}
        onRetry={() => void accounts.refetch()}
      />
    )
  }
  if (accounts.data.length === 0) {
    return (
      <div className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center">
        <h3 className="font-semibold text-slate-900">{MESSAGES.noAccountsConnected}</h3>
        {empty}
      </div>
    )
  }
  return <>{children(accounts.data)}</>
}
