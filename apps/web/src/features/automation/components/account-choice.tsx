import type { ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'

/** One of the person's TikTok accounts, as the app composes them from the accounts list. */
export interface AutomationAccount {
  id: string
  /** 'Ana Cooks (@anacooks) · Sandbox' */
  label: string
  /** False when the account must be (re)connected before anything can be posted to it. */
  canPost: boolean
  /** The zone its posts are scheduled in; null → the person's own zone. */
  timeZone: string | null
}

export interface AccountChoices {
  status: 'pending' | 'error' | 'success'
  items: readonly AutomationAccount[]
  retrying: boolean
  onRetry: () => void
}

/**
 * The TikTok account automation posts to (issue 30 item 11): above the four sub-tabs, so it is seen — and what every
 * sub-tab configures is read as that account's — whichever sub-tab is open.
 */
export function AccountChoice({
  accountId,
  error,
  accounts,
  noAccounts,
  onChange,
}: {
  accountId: string | null
  error: string | undefined
  accounts: AccountChoices
  /** What to offer when the person has no account yet (a way to connect one). */
  noAccounts: ReactNode
  onChange: (accountId: string | null) => void
}) {
  const account = accounts.items.find((a) => a.id === accountId)
  const listed = accountId === null || account !== undefined || accounts.status !== 'success'
  return (
    <>
      {accounts.status === 'error' ? (
        <LoadError
          message={MESSAGES.fetchAccountsFailed}
          onRetry={accounts.onRetry}
          retrying={accounts.retrying}
          className="space-y-3"
        />
      ) : (
        <div className="max-w-md space-y-2">
          <Field
            label="TikTok account"
            required
            error={error}
            hint={
              account && !account.canPost
                ? 'This account must be connected again before Hookpost can post to it (Profile & Accounts).'
                : !listed
                  ? 'The account automation used is no longer connected. Please choose another one.'
                  : 'Automation posts to this account, in its time zone.'
            }
            render={(props) => (
              <select
                {...props}
                data-field="accountId"
                disabled={accounts.status === 'pending'}
                value={accountId ?? ''}
                onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
              >
                <option value="">{accounts.status === 'pending' ? 'Loading accounts…' : 'Choose an account'}</option>
                {accounts.items.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            )}
          />
          {accounts.status === 'success' && accounts.items.length === 0 ? (
            <div className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-700">
              <p className="font-medium text-slate-900">{MESSAGES.noAccountsConnected}</p>
              <div className="mt-2">{noAccounts}</div>
            </div>
          ) : null}
        </div>
      )}
    </>
  )
}
