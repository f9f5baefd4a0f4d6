import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { signInBodySchema } from '@hookpost/shared/auth'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { TextField, buttonClass, fieldErrors, linkClass } from '../../components/ui/form'
import { paths, safeRedirectPath } from '../../config/paths'
import { useSignIn } from './api/auth-api'
import { AuthCard } from './components/auth-card'
import { EmailField } from './components/email-field'

export function LoginPage() {
  const [searchParams] = useSearchParams()
  const signIn = useSignIn()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'))
  const notice = searchParams.get('reset') === 'done' ? MESSAGES.passwordResetDone : null

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = signInBodySchema.safeParse({
      email: form.get('email'),
      password: form.get('password'),
      rememberMe: form.get('rememberMe') === 'on',
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    // On success the session is set and the route guard takes the user on (to redirectTo, or the dashboard).
    signIn.mutate(parsed.data)
  }

  return (
    <AuthCard title="Sign in to your account" documentTitle="Sign in">
      <p className="-mt-2 mb-6 text-center text-sm text-slate-600">
        Or{' '}
        <Link to={paths.register} className={linkClass}>
          create a new account
        </Link>
      </p>
      {redirectTo ? (
        <div className="mb-4">
          <MessageBanner tone="info">{MESSAGES.dashboardSignedOut}</MessageBanner>
        </div>
      ) : null}
      {notice ? (
        <div className="mb-4">
          <MessageBanner tone="success">{notice}</MessageBanner>
        </div>
      ) : null}
      <RequestError error={signIn.error} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <EmailField error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="rememberMe" className="h-4 w-4 rounded border-slate-300 accent-fuchsia-700" />
            Remember me
          </label>
          <Link to={paths.forgotPassword} className={`${linkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <button type="submit" disabled={signIn.isPending} className={`${buttonClass} w-full`}>
          {signIn.isPending ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  )
}
