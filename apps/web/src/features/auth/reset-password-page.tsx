import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { resetPasswordBodySchema } from '@hookpost/shared/auth'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { serverFieldErrors } from '../../lib/api-client'
import { TextField, buttonClass, fieldErrors, linkClass } from '../../components/ui/form'
import { paths } from '../../config/paths'
import { Spinner } from '../../components/ui/spinner'
import { useResetPassword } from './api/auth-api'
import { useCheckResetToken } from './api/check-reset-token'
import { AuthCard } from './components/auth-card'

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const reset = useResetPassword()
  const token = searchParams.get('token') ?? ''
  // The link is checked before a new password is asked for (issue 21): a used or expired one says so at once.
  const check = useCheckResetToken(token)
  const [formErrors, setErrors] = useState<Record<string, string>>({})
  // The server's word on a field (a password on the list of the most common ones) shows on that field.
  const fromServer = serverFieldErrors(reset.error)
  const errors = { ...fromServer, ...formErrors }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = resetPasswordBodySchema.safeParse({
      token,
      password: form.get('password'),
      confirmPassword: form.get('confirmPassword'),
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    reset.mutate(parsed.data, { onSuccess: () => void navigate(`${paths.login}?reset=done`, { replace: true }) })
  }

  return (
    <AuthCard title="Choose a new password" documentTitle="Choose a new password">
      {!token || check.data?.valid === false ? (
        <MessageBanner tone="error">{MESSAGES.resetTokenInvalid}</MessageBanner>
      ) : check.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Checking your link..." />
        </div>
      ) : check.isError ? (
        <RequestError error={check.error} />
      ) : (
        <>
          <RequestError error={Object.keys(fromServer).length > 0 ? null : reset.error} />
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="Minimum 8 characters"
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
            <button type="submit" disabled={reset.isPending} className={`${buttonClass} w-full`}>
              {reset.isPending ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.forgotPassword} className={linkClass}>
          Request a new reset link
        </Link>
      </p>
    </AuthCard>
  )
}
