/** The Analytics tab's account choice that stands for every account of the person (issue 30 item 10). */
export const ALL_ACCOUNTS = 'all'
export const ALL_ACCOUNTS_LABEL = 'All accounts'

/**
 * What the tab shows for a remembered choice (use-remembered-choice.ts) among the accounts there are now: the only
 * account when there is one (nothing to choose, and "All accounts" would be the same figures); otherwise the
 * remembered account while it still exists, else All accounts — the overview is where someone with several accounts
 * starts, and a remembered account that was deleted, or another person's on a shared browser, falls back to it.
 */
export function resolveAccountChoice(remembered: string, accountIds: readonly string[]): string {
  if (accountIds.length === 0) return ''
  if (accountIds.length === 1) return accountIds[0]!
  return accountIds.includes(remembered) ? remembered : ALL_ACCOUNTS
}
