import { changePasswordBodySchema } from '@hookpost/shared/auth'
import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { TextField, buttonClass } from '../../../components/ui/form'
import { useNotice } from '../../../lib/use-notice'
import { useChangePassword } from '../api/account-api'
import { useCheckedSubmit } from './form-errors'

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const

/** 'Change password' (issue 18 item 10): this browser stays signed in, every other one is signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword()
  const [notice, setNotice] = useNotice()
  const { formRef, errors, failure, onSubmit } = useCheckedSubmit({
    fields: FIELDS,
    schema: changePasswordBodySchema,
    send: (body, callbacks) => change.mutate(body, callbacks),
    onStart: () => setNotice(null),
    onDone: (message) => setNotice({ tone: 'success', text: message }),
  })

  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You stay signed in here. Every other device signed in to your account is signed out.
      </p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="Minimum 8 characters. Very common passwords are not accepted."
          error={errors.password}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <RequestError error={failure} className="" />
        {notice ? <MessageBanner tone={notice.tone}>{notice.text}</MessageBanner> : null}
        <button type="submit" className={buttonClass} disabled={change.isPending}>
          {change.isPending ? 'Changing password...' : 'Change password'}
        </button>
      </form>
    </section>
  )
}
