import { Field } from './field'

/** 'TikTok account': which of the person's accounts a screen is about (the AI writes for, Analytics shows). '' = none. */
export function AccountSelect({
  accounts,
  value,
  required = false,
  placeholder = 'Choose an account',
  error,
  onChange,
}: {
  accounts: readonly { id: string; label: string }[]
  value: string
  required?: boolean
  /** The empty first option; null for none (a screen where something is always chosen, e.g. "All accounts"). */
  placeholder?: string | null
  error: string | undefined
  onChange: (accountId: string) => void
}) {
  return (
    <Field
      label="TikTok account"
      required={required}
      error={error}
      render={(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder === null ? null : <option value="">{placeholder}</option>}
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}
