import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { PLANS } from '@hookpost/shared/plans'
import { MessageBanner } from '../../components/ui/message-banner'
import { RequestError } from '../../components/ui/request-error'
import { buttonClass } from '../../components/ui/form'
import { Spinner } from '../../components/ui/spinner'
import { browserTimeZone, useProfile, useUpdateProfile } from './api/profile-api'
import { ChangeEmailForm } from './components/change-email-form'
import { ChangePasswordForm } from './components/change-password-form'
import { EmailStatus } from './components/email-status'

function allTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

function zoneLabel(zone: string): string {
  const offset = offsetLabel(zone)
  return offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone.replace(/_/g, ' ')
}

function offsetLabel(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')
    return part ? part.value : ''
  } catch {
    return ''
  }
}

/** 'Profile & Accounts' (product.md §2). TikTok accounts join this page with the TikTok issue. */
export function ProfilePage() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const zones = useMemo(() => allTimeZones().map((z) => ({ zone: z, label: zoneLabel(z) })), [])
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
  const options = zones.some((z) => z.zone === selected)
    ? zones
    : [{ zone: selected, label: zoneLabel(selected) }, ...zones]

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
              ? ` (${new Date(profile.data.trialEndsAt) > new Date() ? 'ends' : 'ended'} ${new Date(profile.data.trialEndsAt).toLocaleDateString(undefined, { dateStyle: 'long' })})`
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
          <div>
            <label htmlFor="time-zone" className="block text-sm font-medium text-slate-800">
              Time zone
            </label>
            <select
              id="time-zone"
              value={selected}
              onChange={(e) => {
                setZone(e.target.value)
                setSaved(false)
              }}
              className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm focus:outline-2 focus:outline-fuchsia-600"
            >
              {options.map((z) => (
                <option key={z.zone} value={z.zone}>
                  {z.label}
                </option>
              ))}
            </select>
            {profile.data.timeZone === null ? (
              <p className="mt-1 text-xs text-slate-600">Suggested from your browser: {browserTimeZone()}</p>
            ) : null}
          </div>
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
