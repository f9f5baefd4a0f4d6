import type { TiktokAccount } from '@hookpost/shared/tiktok'

/** What the Add/Edit TikTok Account dialog edits. */
export type AccountValues = {
  accountName: string
  accountUsername: string
  targetAudience: string
  niche: string
  appGoals: string
}
export type AccountField = keyof AccountValues
export type AccountTab = 'basic' | 'description'
export type AccountErrors = Partial<Record<AccountField, string>>

/** The dialog's two tabs and the fields on each, in the order they are shown. */
export const ACCOUNT_TABS: { key: AccountTab; label: string; fields: AccountField[] }[] = [
  { key: 'basic', label: 'Basic Info', fields: ['accountName', 'accountUsername'] },
  { key: 'description', label: 'Account Description', fields: ['targetAudience', 'niche', 'appGoals'] },
]
const FIELD_ORDER = ACCOUNT_TABS.flatMap((t) => t.fields)

/** The tab a field is on. */
export function tabOf(field: AccountField): AccountTab {
  return ACCOUNT_TABS.find((t) => t.fields.includes(field))?.key ?? 'basic'
}

function isField(key: string): key is AccountField {
  return (FIELD_ORDER as string[]).includes(key)
}

/** The account's values to edit; all empty to add one. */
export function initialValues(account: TiktokAccount | null): AccountValues {
  return {
    accountName: account?.accountName ?? '',
    accountUsername: account?.accountUsername ?? '',
    targetAudience: account?.targetAudience ?? '',
    niche: account?.niche ?? '',
    appGoals: account?.appGoals ?? '',
  }
}

/** The first field in error, in the order the tabs show them: the one that gets focus. */
export function firstFieldInError(errors: Partial<Record<string, string>>): AccountField | undefined {
  return FIELD_ORDER.find((f) => errors[f])
}

/** The server's field messages for the dialog's fields (a message about another field has nowhere to show). */
export function knownFieldErrors(fromServer: Record<string, string>): AccountErrors {
  return Object.fromEntries(Object.entries(fromServer).filter(([key]) => isField(key)))
}
