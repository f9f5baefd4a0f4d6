import { useId } from 'react'
import type { AccountChoice } from '../../utils/account-colors'
import { useAccountColors } from './account-colors-context'
import { ALL_ACCOUNTS } from './use-scheduled-posts'

/** Show one account's posts or all of them, with each account's colour named beside it. */
export function AccountFilter({
  choices,
  filter,
  onChange,
}: {
  choices: readonly AccountChoice[]
  /** An account's id, or ALL_ACCOUNTS. */
  filter: string
  onChange: (filter: string) => void
}) {
  const colorOf = useAccountColors()
  const filterId = useId()
  return (
    <div className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-2">
      <div>
        <label htmlFor={filterId} className="block text-sm font-medium text-slate-800">
          Account
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => onChange(event.target.value)}
          className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-1.5 text-base focus:outline-2 focus:outline-fuchsia-600 sm:text-sm"
        >
          <option value={ALL_ACCOUNTS}>All accounts</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.accountName} (@{choice.accountUsername})
            </option>
          ))}
        </select>
      </div>
      {/* The colour key: each account's colour with its name (the entries carry the name too). */}
      <ul aria-label="Account colours" className="flex flex-wrap gap-x-3 gap-y-1 pb-1.5 text-sm text-slate-700">
        {choices.map((choice) => (
          <li
            key={choice.id}
            className={`flex items-center gap-1.5 ${filter === choice.id ? 'font-semibold text-slate-900' : ''}`}
          >
            <span aria-hidden="true" className={`h-3 w-3 shrink-0 rounded-full ${colorOf(choice.id).swatch}`} />
            {choice.accountName}
          </li>
        ))}
      </ul>
    </div>
  )
}
