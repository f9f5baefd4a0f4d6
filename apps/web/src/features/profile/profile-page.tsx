import { useEffect, useState, type FormEvent } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { PLANS } from '@hookpost/shared/plans'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { buttonClass } from '../../components/ui/form'
import { Field } from '../../components/ui/field'
import { TimeZoneCombobox } from '../../components/ui/time-zone-combobox'
import { Spinner } from '../../components/ui/spinner'
import { dateIn } from '../../lib/format'
import { browserTimeZone, useProfile, useUpdateProfile } from './api/profile-api'
import { ChangeEmailForm } from './components/change-email-form'
import { ChangePasswordForm } from './components/change-password-form'
import { EmailStatus } from './components/email-status'

/** 'Profile & Accounts' (product.md §2). TikTok accounts join this page with the TikTok issue. */
export function ProfilePage() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const [zone, setZone] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  useEffect(() => {
    document.title = 'Profile & Accounts · Hookpost'
  }, [])
  useEffect(() => {
    if (!saved) return
    const timer = window.setTimeout(() => setSaved(false), 5000)
    return () => window.clearTimeout(timer)
  }, [saved])

  if (profile.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    )
  if (profile.isError) return <RequestError error={profile.error} className="" />

  const selected = zone ?? profile.data.timeZone ?? browserTimeZone()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSaved(false)
    update.mutate({ timeZone: selected }, { onSuccess: () => setSaved(true) })
  }

  return (
    <div className="max-w-2xl space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Profile &amp; Accounts</h1>
      <section aria-labelledby="account-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Your account
        </h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{profile.data.email}</dd>
          <dt className="font-medium text-slate-600">Email status</dt>
          <dd>
            <EmailStatus verified={profile.data.emailVerified} />
          </dd>
          <dt className="font-medium text-slate-600">Plan</dt>
          <dd className="text-slate-900">
            {profile.data.plan === 'trial'
              ? 'Free trial'
              : (PLANS.find((p) => p.id === profile.data.plan)?.name ?? profile.data.plan)}
            {profile.data.plan === 'trial' && profile.data.trialEndsAt
              ? ` (${new Date(profile.data.trialEndsAt) > new Date() ? 'ends' : 'ended'} ${dateIn(profile.data.trialEndsAt, profile.data.timeZone ?? browserTimeZone())})`
              : null}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="tz-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="tz-heading" className="text-lg font-semibold text-slate-900">
          Time zone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Times you pick for posts are in this zone unless you choose another one for a post.
        </p>
        <form onSubmit={onSubmit} className="mt-4 space-y-4">
          <Field
            label="Time zone"
            error={undefined}
            hint={profile.data.timeZone === null ? `Suggested from your browser: ${browserTimeZone()}` : undefined}
            render={(props) => (
              <div className="max-w-md">
                <TimeZoneCombobox
                  {...props}
                  value={selected}
                  onChange={(next) => {
                    setZone(next)
                    setSaved(false)
                  }}
                />
              </div>
            )}
          />
          <RequestError error={update.error} className="" />
          {saved ? <MessageBanner tone="success">{MESSAGES.profileSaved}</MessageBanner> : null}
          <button type="submit" className={buttonClass} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </form>
      </section>
      <ChangePasswordForm />
      <ChangeEmailForm />
    </div>
  )
}
