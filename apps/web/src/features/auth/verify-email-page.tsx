import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { Spinner } from '../../components/ui/spinner'
import { buttonClass } from '../../components/ui/form'
import { paths } from '../../config/paths'
import { useSession } from '../../lib/auth'
import { useVerifyEmail } from './api/verify-email'
import { AuthCard } from './components/auth-card'

/** Where the link in a confirmation mail lands: confirms the address at once, then says what happened. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const verify = useVerifyEmail()
  const session = useSession()
  const { mutate } = verify

  useEffect(() => {
    if (token) mutate(token)
  }, [token, mutate])

  const next = session.data?.user ? (
    <Link to={paths.profile} className={`${buttonClass} w-full`}>
      Go to Profile &amp; Accounts
    </Link>
  ) : (
    <Link to={paths.login} className={`${buttonClass} w-full`}>
      Sign in
    </Link>
  )

  return (
    <AuthCard title="Confirm your email address" documentTitle="Confirm your email address">
      {!token ? (
        <MessageBanner tone="error">{MESSAGES.verificationLinkInvalid}</MessageBanner>
      ) : verify.isSuccess ? (
        <MessageBanner tone="success">{verify.data.message}</MessageBanner>
      ) : verify.isError ? (
        <RequestError error={verify.error} className="" />
      ) : (
        <div className="flex items-center justify-center gap-3 py-4 text-sm text-slate-700">
          <Spinner label="Confirming your email address..." className="h-5 w-5" />
          <span aria-hidden="true">Confirming your email address...</span>
        </div>
      )}
      <div className="mt-6">{next}</div>
    </AuthCard>
  )
}
