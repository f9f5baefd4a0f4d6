import { useState } from 'react'
import { changeEmailBodySchema } from '@hookpost/shared/auth'
import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { TextField, buttonClass } from '../../../components/ui/form'
import { useChangeEmail } from '../api/account-api'
import { useCheckedSubmit } from './form-errors'

const FIELDS = ['email', 'currentPassword'] as const

/**
 * 'Change email' (issue 18 item 10): a link goes to the new address, and the address changes when it is opened; the
 * old one keeps working until then. The answer says so (it stays: it is what to do next, not a passing toast).
 */
export function ChangeEmailForm() {
  const change = useChangeEmail()
  const [sent, setSent] = useState<string | null>(null)
  const { formRef, errors, failure, onSubmit } = useCheckedSubmit({
    fields: FIELDS,
    schema: changeEmailBodySchema,
    send: (body, callbacks) => change.mutate(body, callbacks),
    onStart: () => setSent(null),
    onDone: (message) => setSent(message),
  })

  return (
    <section aria-labelledby="email-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        Change email
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We send a link to the new address. Your email changes when you open it.
      </p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
        <TextField
          label="New email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <RequestError error={failure} className="" />
        {sent ? <MessageBanner tone="success">{sent}</MessageBanner> : null}
        <button type="submit" className={buttonClass} disabled={change.isPending}>
          {change.isPending ? 'Sending link...' : 'Send confirmation link'}
        </button>
      </form>
    </section>
  )
}
