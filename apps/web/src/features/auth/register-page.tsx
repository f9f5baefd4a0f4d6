import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { signUpBodySchema } from '@hookpost/shared/auth'
import { planById, planIdSchema, TRIAL_DAYS, type PlanId } from '@hookpost/shared/plans'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { apiRequest, serverFieldErrors } from '../../lib/api-client'
import { TextField, buttonClass, fieldErrors, linkClass } from '../../components/ui/form'
import { paths } from '../../config/paths'
import { useSetSessionUser } from '../../lib/auth'
import { useSignUp } from './api/auth-api'
import { AuthCard } from './components/auth-card'
import { EmailField } from './components/email-field'

/** product.md §9: after sign-up the user lands on the dashboard after 2 s. */
const REDIRECT_AFTER_SIGN_UP_MS = 2000

/** The plan a pricing page's "Start free trial" named (`?plan=`), if it names one. */
function usePickedPlan(): PlanId | null {
  const [params] = useSearchParams()
  const parsed = planIdSchema.safeParse(params.get('plan'))
  return parsed.success ? parsed.data : null
}

/** The plan picked on the pricing page, said before the form (issue 30 item 9); the trial itself is Pro's. */
function PickedPlanNote({ plan }: { plan: PlanId }) {
  const { name, priceUsdPerMonth } = planById(plan)
  return (
    <div className="mb-6 rounded-md border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900">
      <p>
        <span className="font-semibold">
          {name} plan, ${priceUsdPerMonth}/month.
        </span>{' '}
        Your {TRIAL_DAYS}-day free trial starts today, with no card needed; {name} is offered first when you choose a
        plan.
      </p>
      <Link to={paths.pricing} className={`${linkClass} mt-1 inline-block`}>
        Change plan
      </Link>
    </div>
  )
}

export function RegisterPage() {
  const signUp = useSignUp()
  const picked = usePickedPlan()
  const [pickNotSaved, setPickNotSaved] = useState(false)
  const setUser = useSetSessionUser()
  const [formErrors, setErrors] = useState<Record<string, string>>({})
  // The server's word on a field (a password on the list of the most common ones) shows on that field.
  const fromServer = serverFieldErrors(signUp.error)
  const errors = { ...fromServer, ...formErrors }

  useEffect(() => {
    if (!signUp.isSuccess || !picked) return
    // The account exists and its session cookie is set: the pick is recorded for it (it buys nothing).
    apiRequest('/api/billing/chosen-plan', { method: 'PUT', body: { plan: picked } }).catch(() => setPickNotSaved(true))
  }, [signUp.isSuccess, picked])

  useEffect(() => {
    if (!signUp.isSuccess) return
    // Once the session is known, the route guard takes the user to the dashboard (as after sign-in).
    const timer = window.setTimeout(() => setUser(signUp.data.user), REDIRECT_AFTER_SIGN_UP_MS)
    return () => window.clearTimeout(timer)
  }, [signUp.isSuccess, signUp.data, setUser])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = signUpBodySchema.safeParse({
      email: form.get('email'),
      password: form.get('password'),
      confirmPassword: form.get('confirmPassword'),
      acceptTerms: form.get('acceptTerms') === 'on',
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    signUp.mutate(parsed.data)
  }

  return (
    <AuthCard title="Create your account" documentTitle="Create your account">
      <p className="-mt-2 mb-6 text-center text-sm text-slate-600">
        Or{' '}
        <Link to={paths.login} className={linkClass}>
          sign in to your existing account
        </Link>
      </p>
      {picked && !signUp.isSuccess ? <PickedPlanNote plan={picked} /> : null}
      {signUp.isSuccess ? (
        <div className="space-y-3">
          <MessageBanner tone="success">Account created! Taking you to your dashboard...</MessageBanner>
          {pickNotSaved && picked ? (
            <MessageBanner tone="info">
              {`Your pick of ${planById(picked).name} could not be saved: choose it in Profile when your trial ends.`}
            </MessageBanner>
          ) : null}
        </div>
      ) : (
        <>
          <RequestError error={Object.keys(fromServer).length > 0 ? null : signUp.error} />
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <EmailField error={errors.email} />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="Minimum 8 characters"
              error={errors.password}
            />
            <TextField
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
            <div>
              <div className="flex items-start gap-2">
                <input
                  id="acceptTerms"
                  type="checkbox"
                  name="acceptTerms"
                  required
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-fuchsia-700"
                />
                <label htmlFor="acceptTerms" className="text-sm text-slate-800">
                  I agree to the{' '}
                  <Link to={paths.terms} className={linkClass} target="_blank">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to={paths.privacy} className={linkClass} target="_blank">
                    Privacy Policy
                  </Link>
                </label>
              </div>
              {errors.acceptTerms ? (
                <p id="acceptTerms-error" className="mt-1 text-sm text-red-700">
                  {errors.acceptTerms}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={signUp.isPending} className={`${buttonClass} w-full`}>
              {signUp.isPending ? 'Creating account...' : 'Create account'}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  )
}
