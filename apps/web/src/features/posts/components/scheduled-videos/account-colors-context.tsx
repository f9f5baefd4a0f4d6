import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { accountColor, assignAccountColors, type AccountColor } from '../../utils/account-colors'

const AccountColorsContext = createContext<ReadonlyMap<string, AccountColor> | null>(null)

/** The panel's accounts' colours, chosen together so no two of them look alike (`assignAccountColors`). */
export function AccountColorsProvider({
  accountIds,
  children,
}: {
  accountIds: readonly string[]
  children: ReactNode
}) {
  // Recomputed when the set of accounts changes, not on every render (the ids come as a new array each time).
  const key = accountIds.join(',')
  const colors = useMemo(() => assignAccountColors(key === '' ? [] : key.split(',')), [key])
  return <AccountColorsContext.Provider value={colors}>{children}</AccountColorsContext.Provider>
}

/** An account's colour among the panel's accounts (on its own outside a panel, or for an account it does not list). */
export function useAccountColors(): (accountId: string) => AccountColor {
  const colors = useContext(AccountColorsContext)
  return (accountId) => colors?.get(accountId) ?? accountColor(accountId)
}
