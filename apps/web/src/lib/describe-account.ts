import { createContext, useContext } from 'react'

/**
 * Opens an account's edit dialog on its 'Account Description' tab (issue 30). The dashboard provides it (app/, where
 * the TikTok feature's dialog is composed); a feature that says an account is undescribed offers it without
 * importing the TikTok feature. Null outside the dashboard: then the message says where to go instead.
 */
export type DescribeAccount = (accountId: string, onSaved: () => void) => void

export const DescribeAccountContext = createContext<DescribeAccount | null>(null)

export function useDescribeAccount(): DescribeAccount | null {
  return useContext(DescribeAccountContext)
}
