import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { forgotPasswordBodySchema } from '@hookpost/shared/auth'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { buttonClass, fieldErrors, linkClass } from '../../components/ui/form'
import { paths } from '../../config/paths'
import { useAppInfo } from '../../lib/app-info'
import { useForgotPassword } from './api/auth-api'
import { AuthCard } from './components/auth-card'
import { EmailField } from './components/email-field'

export function ForgotPasswordPage() {
  const request = useForgotPassword()
  const appInfo = useAppInfo()
  const [errors, setErrors] = useState<Record<string, string>>({})

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = forgotPasswordBodySchema.safeParse({ email: new FormData(event.currentTarget).get('email') })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    request.mutate(parsed.data)
  }

  return (
    <AuthCard title="Reset your password" documentTitle="Reset your password">
      {request.isSuccess ? (
        <div className="space-y-4">
          <MessageBanner tone="success">{request.data.message}</MessageBanner>
          {appInfo.data?.devOutbox ? (
            <p className="text-sm text-slate-600">
              Development mode: mail is not sent; read it in the{' '}
              <a className={linkClass} href="/dev/outbox">
                development outbox
              </a>
              .
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          <RequestError error={request.error} />
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <EmailField error={errors.email} />
            <button type="submit" disabled={request.isPending} className={`${buttonClass} w-full`}>
              {request.isPending ? 'Sending...' : 'Send reset link'}
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  )
}
