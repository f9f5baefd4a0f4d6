import { useRef, useState } from 'react'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { MESSAGES } from '@hookpost/shared/messages'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useDeleteTiktokAccount } from '../api/delete-account'
import { useTiktokAccounts } from '../api/get-accounts'
import { useConnectTiktok } from '../hooks/use-connect-tiktok'
import { AccountAvatar } from './account-avatar'
import { AccountDialog, type AccountSaved } from './account-dialog'
import { AccountStatusBadge } from './account-status-badge'
import { AccountsQueryState } from './accounts-query-state'
import { rowButtonClass, rowDangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'
import { TiktokPermissions } from './tiktok-permissions'
import { useNotice } from '../../../lib/use-notice'

type Dialog = { kind: 'add' } | { kind: 'edit'; account: TiktokAccount } | { kind: 'delete'; account: TiktokAccount }

/** The 'TikTok Accounts' section of 'Profile & Accounts': connect, add by hand, edit, reconnect, delete. */
export function TiktokAccountsSection() {
  const accounts = useTiktokAccounts()
  const connect = useConnectTiktok()
  const remove = useDeleteTiktokAccount()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [notice, setNotice] = useNotice()
  const headingRef = useRef<HTMLHeadingElement>(null)

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

  const hasAccounts = (accounts.data?.length ?? 0) > 0
  const addButtons = (
    <>
      <button type="button" className={buttonClass} disabled={connect.busy} onClick={() => connect.start()}>
        {connect.isBusyFor({ kind: 'new' }) ? 'Connecting…' : 'Connect TikTok account'}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => setDialog({ kind: 'add' })}>
        Add account manually
      </button>
    </>
  )

  return (
    <section
      aria-labelledby="tiktok-accounts-heading"
      className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="tiktok-accounts-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          TikTok Accounts
        </h2>
        {hasAccounts ? <div className="flex flex-wrap gap-2">{addButtons}</div> : null}
      </div>
      {hasAccounts ? <TiktokPermissions className="mt-3" /> : null}

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
            <p className="mt-1 text-sm text-slate-600">
              Connect a TikTok account to schedule videos to it. You can also add one by hand and connect it later.
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">{addButtons}</div>
            <TiktokPermissions className="mt-4" />
          </>
        }
      >
        {(list) => (
          <ul className="mt-4 divide-y divide-slate-200" aria-label="TikTok accounts">
            {list.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-4">
                <AccountAvatar key={account.avatarUrl ?? ''} name={account.accountName} url={account.avatarUrl} />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{account.accountName}</p>
                  <p className="text-sm [overflow-wrap:anywhere] text-slate-600">@{account.accountUsername}</p>
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
                      aria-label={`${account.status === 'reconnect_required' ? 'Reconnect' : 'Connect'} ${account.accountName}`}
                      onClick={() => connect.start(account.id)}
                    >
                      {connect.isBusyFor({ kind: 'account', id: account.id })
                        ? 'Connecting…'
                        : account.status === 'reconnect_required'
                          ? 'Reconnect'
                          : 'Connect'}
                    </button>
                  )}
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Edit ${account.accountName}`}
                    onClick={() => setDialog({ kind: 'edit', account })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={rowDangerButtonClass}
                    aria-label={`Delete ${account.accountName}`}
                    onClick={() => setDialog({ kind: 'delete', account })}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AccountsQueryState>

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <AccountDialog
          account={dialog.kind === 'edit' ? dialog.account : null}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
          fallbackFocus={headingRef}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          accountName={dialog.account.accountName}
          deleting={remove.isPending}
          onConfirm={() => onConfirmDelete(dialog.account)}
          onClose={() => setDialog(null)}
          fallbackFocus={headingRef}
        />
      ) : null}
    </section>
  )
}
