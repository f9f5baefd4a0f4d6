import { useRef } from 'react'
import { AccountsOverview } from './accounts-overview'

/** The 'TikTok Accounts' section of 'Profile & Accounts': connect, add by hand, edit, reconnect, delete. */
export function TiktokAccountsSection() {
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <section
      aria-labelledby="tiktok-accounts-heading"
      className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2
        id="tiktok-accounts-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        TikTok Accounts
      </h2>
      <AccountsOverview
        emptyText="Connect a TikTok account to schedule videos to it. You can also add one by hand and connect it later."
        fallbackFocus={headingRef}
      />
    </section>
  )
}
