/**
 * Every analytics query starts with this key; the second part is the account, so one account's figures go together.
 * Here in lib/ because more than the Analytics tab reads an account's figures (the Schedule form's suggested times,
 * lib/best-times.ts), and a finished sync (`analytics.synced`) must refresh every one of them.
 */
export const analyticsKey = ['analytics'] as const

export function accountAnalyticsKey(accountId: string) {
  return [...analyticsKey, accountId] as const
}
