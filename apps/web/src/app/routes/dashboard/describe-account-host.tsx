import { useCallback, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { DescribeAccountContext } from '../../../lib/describe-account'
import { tiktokAccountsQueryOptions } from '../../../features/tiktok/api/get-accounts'
import { LazyAccountDialog } from '../../../features/tiktok/components/account-dialog-chunk'

/**
 * Lets any dashboard screen open an account's edit dialog on 'Account Description' (issue 30: 'Account information is
 * incomplete…' beside the AI hook generator, the slideshow writer, automation offers the fix where it is said).
 */
export function DescribeAccountHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ accountId: string; onSaved: () => void } | null>(null)
  // Only asked for once a dialog is wanted; usually already in the cache from the screen that asks.
  const accounts = useQuery({ ...tiktokAccountsQueryOptions, enabled: open !== null })
  const account = open ? accounts.data?.find((a) => a.id === open.accountId) : undefined
  const describe = useCallback((accountId: string, onSaved: () => void) => setOpen({ accountId, onSaved }), [])
  return (
    <DescribeAccountContext.Provider value={describe}>
      {children}
      {open && account ? (
        <LazyAccountDialog
          account={account}
          initialTab="description"
          onClose={() => setOpen(null)}
          onSaved={() => {
            open.onSaved()
            setOpen(null)
          }}
        />
      ) : null}
    </DescribeAccountContext.Provider>
  )
}
