import { useState } from 'react'
import { AI_MESSAGES } from '@hookpost/shared/ai'
import { linkClass } from './form'
import { useDescribeAccount } from '../../lib/describe-account'

/**
 * An AI feature's problem, said as an alert. 'Account information is incomplete…' (product.md §5, verbatim) also
 * offers the fix (issue 30): a button that opens the account's 'Account Description', or, where that dialog is not at
 * hand or no account is known, exactly where to find it.
 */
export function AiProblem({
  message,
  accountId,
  className = 'text-sm text-red-700',
}: {
  message: string
  /** The account the AI was asked to write for. */
  accountId?: string | null | undefined
  className?: string
}) {
  const describe = useDescribeAccount()
  const [saved, setSaved] = useState(false)
  if (message !== AI_MESSAGES.accountIncomplete) {
    return (
      <p role="alert" className={className}>
        {message}
      </p>
    )
  }
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      {describe && accountId ? (
        <>
          <button
            type="button"
            className={`${linkClass} mt-1 text-sm`}
            onClick={() => describe(accountId, () => setSaved(true))}
          >
            Edit account description
          </button>
          {/* The button stays (focus comes back to it when the dialog closes); the outcome is said beside it. */}
          {saved ? (
            <p role="status" className="mt-1 text-green-800">
              Account description saved. Try again now.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-1">Add them in the Schedule tab: Edit the account, then open its Account Description tab.</p>
      )}
    </div>
  )
}
