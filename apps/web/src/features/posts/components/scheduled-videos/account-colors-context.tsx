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
  const key = accountIds.join(',')
  // Recomputed when the set of accounts changes, not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const colors = useMemo(() => assignAccountColors(accountIds), [key])
  return <AccountColorsContext.Provider value={colors}>{children}</AccountColorsContext.Provider>
}

/** An account's colour among the panel's accounts (on its own outside a panel, or for an account it does not list). */
export function useAccountColors(): (accountId: string) => AccountColor {
  const colors = useContext(AccountColorsContext)
  return (accountId) => colors?.get(accountId) ?? accountColor(accountId)
}
