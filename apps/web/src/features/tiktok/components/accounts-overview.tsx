import { useState, type ReactNode, type RefObject } from 'react'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { MESSAGES } from '@hookpost/shared/messages'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useNotice } from '../../../lib/use-notice'
import { useDeleteTiktokAccount } from '../api/delete-account'
import { useTiktokAccounts } from '../api/get-accounts'
import { useConnectTiktok } from '../hooks/use-connect-tiktok'
import type { AccountSaved } from './account-dialog'
import { LazyAccountDialog } from './account-dialog-chunk'
import { AccountRow } from './account-row'
import { AccountsQueryState } from './accounts-query-state'
import { AddAccountActions } from './add-account-actions'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'
import { TiktokPermissions } from './tiktok-permissions'

type Dialog = { kind: 'add' } | { kind: 'edit'; account: TiktokAccount } | { kind: 'delete'; account: TiktokAccount }

/** What the content under the overview may do with an account. */
export interface AccountActions {
  edit: (account: TiktokAccount) => void
}

/**
 * The person's TikTok accounts and the ways to add one, the same on Profile & Accounts and the Schedule tab (issue
 * 30): "Connect TikTok account" first whether they have none, one or several; adding by hand second; then every
 * account at a glance with its actions. Connecting comes back to the page it started on (`useConnectTiktok`).
 */
export function AccountsOverview({
  emptyText,
  listHeading,
  list: showList = true,
  manual = true,
  fallbackFocus,
  children,
}: {
  /** Under 'No TikTok Accounts Connected'. */
  emptyText: string
  /** A heading for the list where the section's own heading is about something else (the Schedule tab). */
  listHeading?: string
  /** False: no list and no add actions once there are accounts (a schedule dialog shows only its picker). */
  list?: boolean
  /** Offer "Add account manually" (not where an account that cannot post is of no use). */
  manual?: boolean
  fallbackFocus: RefObject<HTMLElement | null>
  /** Under the list, given the accounts (the Schedule tab's picker). */
  children?: (accounts: TiktokAccount[], actions: AccountActions) => ReactNode
}) {
  const accounts = useTiktokAccounts()
  const connect = useConnectTiktok()
  const remove = useDeleteTiktokAccount()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [notice, setNotice] = useNotice()
  const addManually = manual ? () => setDialog({ kind: 'add' }) : undefined

  function onSaved(result: AccountSaved) {
    setDialog(null)
    setNotice({ tone: 'success', text: result === 'added' ? MESSAGES.accountAdded : MESSAGES.accountUpdated })
  }

  function onConfirmDelete(account: TiktokAccount) {
    remove.mutate(account.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.accountDeleted }),
      onError: () => setNotice({ tone: 'error', text: MESSAGES.deleteAccountFailedToast }),
      onSettled: () => setDialog(null),
    })
  }

  const actions: AccountActions = { edit: (account) => setDialog({ kind: 'edit', account }) }

  return (
    <>
      <div className="mt-4 space-y-3 empty:hidden">
        {notice ? (
          <MessageBanner tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </MessageBanner>
        ) : null}
        {connect.error ? (
          <MessageBanner tone="error" onDismiss={connect.dismissError}>
            {connect.error}
          </MessageBanner>
        ) : null}
      </div>

      <AccountsQueryState
        accounts={accounts}
        empty={
          <>
            <p className="mt-1 text-sm text-slate-600">{emptyText}</p>
            <div className="mt-4">
              <AddAccountActions connect={connect} onAddManually={addManually} centered />
            </div>
            <TiktokPermissions className="mt-4" />
          </>
        }
      >
        {(list) => (
          <>
            {showList ? (
              <div className="mt-4">
                {listHeading ? <h3 className="mb-3 font-semibold text-slate-900">{listHeading}</h3> : null}
                <AddAccountActions connect={connect} onAddManually={addManually} />
                <TiktokPermissions className="mt-3" />
                <ul className="mt-2 divide-y divide-slate-200" aria-label="TikTok accounts">
                  {list.map((account) => (
                    <AccountRow
                      key={account.id}
                      account={account}
                      connect={connect}
                      onEdit={() => actions.edit(account)}
                      onDelete={() => setDialog({ kind: 'delete', account })}
                    />
                  ))}
                </ul>
              </div>
            ) : null}
            {children ? children(list, actions) : null}
          </>
        )}
      </AccountsQueryState>

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <LazyAccountDialog
          account={dialog.kind === 'edit' ? dialog.account : null}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          accountName={dialog.account.accountName}
          deleting={remove.isPending}
          onConfirm={() => onConfirmDelete(dialog.account)}
          onClose={() => setDialog(null)}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
    </>
  )
}
