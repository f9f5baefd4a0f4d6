import { useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { rowButtonClass } from '../../../components/ui/button-styles'
import { linkClass } from '../../../components/ui/form'
import { paths } from '../../../config/paths'
import { statusLabel } from './account-status-badge'
import { AccountsOverview, type AccountActions } from './accounts-overview'
import { AccountZone } from './account-time-zone'

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
 * The Schedule tab's 'Schedule New Video' card, as far as TikTok accounts go (product.md §2; issue 30): the person's
 * accounts at a glance with "Connect TikTok account" first, then the 'TikTok account' picker; with no account, 'No
 * TikTok Accounts Connected' and the ways to connect one. In a schedule dialog (`bare`) only the picker, with Edit and
 * a link to manage accounts. What follows the picker (the video, its details and schedule) comes from `children`,
 * composed in app/, and receives the chosen account.
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
  /** Without the card's frame and the accounts list (inside a dialog, which has its own frame). */
  bare?: boolean
  /** The heading's id, for a dialog that is labelled by it. */
  headingId?: string
}) {
  const selectId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
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
      <AccountsOverview
        emptyText="Connect the account you want to post to."
        listHeading="Your TikTok accounts"
        list={!bare}
        manual={!bare}
        fallbackFocus={headingRef}
      >
        {(list, actions) => (
          <AccountPicker selectId={selectId} accounts={list} actions={bare ? actions : null}>
            {children}
          </AccountPicker>
        )}
      </AccountsOverview>
    </section>
  )
}

/** 'TikTok account': which account the post goes to; in a dialog also Edit and the way to manage accounts. */
function AccountPicker({
  selectId,
  accounts,
  actions,
  children,
}: {
  selectId: string
  accounts: TiktokAccount[]
  /** null where the accounts are listed with their actions already. */
  actions: AccountActions | null
  children?: ((account: TiktokAccount) => ReactNode) | undefined
}) {
  const [selected, setSelected] = useState<string | null>(null)
  const account = accounts.find((a) => a.id === selected) ?? defaultAccount(accounts)
  return (
    <>
      <div className={actions ? 'mt-4' : 'mt-4 border-t border-slate-200 pt-4'}>
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          TikTok account
        </label>
        <select
          id={selectId}
          value={account?.id ?? ''}
          onChange={(e) => setSelected(e.target.value)}
          className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm focus:outline-2 focus:outline-fuchsia-600"
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {accountOptionLabel(a)}
            </option>
          ))}
        </select>
        {account ? <AccountZone account={account} className="mt-1 text-xs text-slate-600" /> : null}
        {actions ? (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={rowButtonClass}
              onClick={() => {
                if (account) actions.edit(account)
              }}
            >
              Edit account
            </button>
            <Link to={paths.profile} className={`${linkClass} text-sm`}>
              Manage accounts
            </Link>
          </div>
        ) : null}
      </div>
      {account && children ? children(account) : null}
    </>
  )
}
