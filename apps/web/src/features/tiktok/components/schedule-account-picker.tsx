import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { Link } from 'react-router'
import { linkClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { paths } from '../../../config/paths'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { useTiktokAccounts } from '../api/get-accounts'
import { statusLabel } from './account-status-badge'
import { ConnectTiktokButton } from './connect-tiktok-button'
import { TiktokPermissions } from './tiktok-permissions'
import { AccountDialog, type AccountSaved } from './account-dialog'
import { AccountsQueryState } from './accounts-query-state'
import { rowButtonClass } from '../../../components/ui/button-styles'

/** How an account reads in a picker: its name, handle, and why it cannot post or that it is a sandbox one. */
export function accountOptionLabel(account: TiktokAccount): string {
  const status = account.status === 'active' ? '' : ` · ${statusLabel(account.status)}`
  return `${account.accountName} (@${account.accountUsername})${status}${account.sandbox ? ' · Sandbox' : ''}`
}

/** The account a new post goes to by default: the first one that can post, else the first. */
function defaultAccount(list: TiktokAccount[]): TiktokAccount | undefined {
  return list.find((a) => a.status === 'active') ?? list[0]
}

/**
 * The Schedule tab's 'Schedule New Video' card, as far as TikTok accounts go: the 'TikTok account' picker with its
 * edit / add / manage actions, or, with no account, 'No TikTok Accounts Connected' and the ways to connect one (spec
 * product.md §2). What follows the picker (the video, its details and schedule) comes from `children`, composed in app/, and
 * receives the chosen account.
 */
export function ScheduleNewVideoCard({
  children,
  title = 'Schedule New Video',
  bare = false,
  headingId,
}: {
  children?: (account: TiktokAccount) => ReactNode
  /** The heading ('Schedule Video for TikTok' when a created video is scheduled from a dialog). */
  title?: string
  /** Without the card's frame (inside a dialog, which has its own). */
  bare?: boolean
  /** The heading's id, for a dialog that is labelled by it. */
  headingId?: string
}) {
  const accounts = useTiktokAccounts()
  const selectId = useId()
  const [selected, setSelected] = useState<string | null>(null)
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit'; account: TiktokAccount } | null>(null)
  const [saved, setSaved] = useState<AccountSaved | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (!saved) return
    // product.md §9: success notifications clear after 5 s.
    const timer = window.setTimeout(() => setSaved(null), 5000)
    return () => window.clearTimeout(timer)
  }, [saved])

  return (
    <section
      aria-labelledby={headingId ?? `${selectId}-heading`}
      className={bare ? undefined : 'max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6'}
    >
      <h2
        id={headingId ?? `${selectId}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      <AccountsQueryState
        accounts={accounts}
        empty={
          <>
            <p className="mt-1 text-sm text-slate-600">Connect the account you want to post to.</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <ConnectTiktokButton />
              <button type="button" className={rowButtonClass} onClick={() => setDialog({ kind: 'add' })}>
                Add account manually
              </button>
            </div>
            <TiktokPermissions className="mt-4" />
          </>
        }
      >
        {(list) => {
          const account = list.find((a) => a.id === selected) ?? defaultAccount(list)
          return (
            <>
              <div className="mt-4">
                <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
                  TikTok account
                </label>
                <select
                  id={selectId}
                  value={account?.id ?? ''}
                  onChange={(e) => setSelected(e.target.value)}
                  className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm focus:outline-2 focus:outline-fuchsia-600"
                >
                  {list.map((account) => (
                    <option key={account.id} value={account.id}>
                      {accountOptionLabel(account)}
                    </option>
                  ))}
                </select>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className={rowButtonClass}
                    onClick={() => {
                      if (account) setDialog({ kind: 'edit', account })
                    }}
                  >
                    Edit account
                  </button>
                  <button type="button" className={rowButtonClass} onClick={() => setDialog({ kind: 'add' })}>
                    Add account manually
                  </button>
                  <Link to={paths.profile} className={`${linkClass} text-sm`}>
                    Manage accounts
                  </Link>
                </div>
                {/* Here rather than under the long form below, where it would be out of sight. */}
                {saved ? (
                  <div className="mt-3">
                    <MessageBanner tone="success" onDismiss={() => setSaved(null)}>
                      {saved === 'added' ? MESSAGES.accountAdded : MESSAGES.accountUpdated}
                    </MessageBanner>
                  </div>
                ) : null}
              </div>
              {account && children ? children(account) : null}
            </>
          )
        }}
      </AccountsQueryState>
      {dialog ? (
        <AccountDialog
          account={dialog.kind === 'edit' ? dialog.account : null}
          onClose={() => setDialog(null)}
          onSaved={(result) => {
            setDialog(null)
            setSaved(result)
          }}
          fallbackFocus={headingRef}
        />
      ) : null}
    </section>
  )
}
