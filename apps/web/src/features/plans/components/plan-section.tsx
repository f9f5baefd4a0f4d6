import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { PLAN_MESSAGES, PLANS, type BillingOverview, type PlanId } from '@hookpost/shared/plans'
import { buttonClass } from '../../../components/ui/form'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { Spinner } from '../../../components/ui/spinner'
import { useDisplayZone } from '../../../lib/display-zone'
import { dateIn } from '../../../lib/format'
import { useBilling, useCheckout } from '../api/billing-api'
import { PLAN_SECTION_ID } from './plan-section-anchor'
import { StorageUsage } from './storage-usage'

/** The day in the profile's zone, written as every other date (ADR 049). */
function useLongDate(): (iso: string) => string {
  const zone = useDisplayZone()
  return (iso) => dateIn(iso, zone)
}

function planName(id: PlanId): string {
  return PLANS.find((p) => p.id === id)?.name ?? id
}

function Status({ billing }: { billing: BillingOverview }) {
  const longDate = useLongDate()
  if (billing.state === 'active' && billing.plan) {
    return (
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{planName(billing.plan)} plan</span> — active
        {billing.currentPeriodEnd ? `, renews ${longDate(billing.currentPeriodEnd)}` : ''}.
      </p>
    )
  }
  if (billing.state === 'trial') {
    const days = billing.trialDaysLeft
    return (
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Free trial</span>: {days} {days === 1 ? 'day' : 'days'} left
        (ends {longDate(billing.trialEndsAt)}). Trial limits are Pro&apos;s.
      </p>
    )
  }
  return (
    <p className="mt-1 text-sm text-slate-700">
      <span className="font-semibold text-slate-900">Your free trial ended</span> on {longDate(billing.trialEndsAt)}.
      Choose a plan to schedule new posts; posts already scheduled still go out.
    </p>
  )
}

/**
 * Profile's "Plan" section (ADR 036): the plan or trial (days left and the date), what is used of its limits, and
 * the three plans to choose from. With manual billing a choice is active at once; with a provider the browser goes to
 * its checkout.
 */
export function PlanSection() {
  const billing = useBilling()
  const checkout = useCheckout()
  const [activated, setActivated] = useState<string | null>(null)
  const location = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  const backFromCheckout = new URLSearchParams(location.search).get('checkout') === 'done'

  // Arriving from "Choose a plan" (…/profile#plan): the section is brought into view and its heading focused.
  useEffect(() => {
    if (location.hash !== `#${PLAN_SECTION_ID}` || !billing.data) return
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus()
  }, [location.hash, billing.data])

  function choose(plan: PlanId) {
    setActivated(null)
    checkout.mutate(plan, {
      onSuccess: (result) => {
        if (result.kind === 'redirect') window.location.assign(result.url)
        else setActivated(PLAN_MESSAGES.planActivated(planName(plan)))
      },
    })
  }

  return (
    <section
      id={PLAN_SECTION_ID}
      aria-labelledby="plan-heading"
      className="max-w-2xl scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="plan-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Plan
      </h2>
      {billing.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : billing.isError ? (
        <RequestError error={billing.error} className="mt-3" />
      ) : (
        <>
          <Status billing={billing.data} />
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[14rem_1fr]">
            <dt className="font-medium text-slate-600">Accounts</dt>
            <dd className="text-slate-900">
              {billing.data.usage.accounts} of {billing.data.limits.maxAccounts}
            </dd>
            <dt className="font-medium text-slate-600">Scheduled posts this month</dt>
            <dd className="text-slate-900">
              {billing.data.limits.scheduledPostsPerMonth === null
                ? `${billing.data.usage.scheduledPostsThisMonth} (unlimited)`
                : `${billing.data.usage.scheduledPostsThisMonth} of ${billing.data.limits.scheduledPostsPerMonth}`}
            </dd>
            <dt className="font-medium text-slate-600">Storage</dt>
            <dd className="text-slate-900">
              <StorageUsage usedBytes={billing.data.usage.storageBytes} limitBytes={billing.data.limits.storageBytes} />
            </dd>
          </dl>
          {backFromCheckout && billing.data.state !== 'active' ? (
            <div className="mt-4">
              <MessageBanner tone="info">
                Thank you. Your plan becomes active as soon as the payment is confirmed; this can take a minute.
              </MessageBanner>
            </div>
          ) : null}
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Choose a plan</h3>
          {billing.data.chosenPlan && billing.data.state !== 'active' ? (
            <p className="mt-1 text-sm text-slate-700">
              You picked {planName(billing.data.chosenPlan)} on the pricing page: it is marked below.
            </p>
          ) : null}
          <ul className="mt-2 grid gap-3 sm:grid-cols-3" aria-label="Plans">
            {PLANS.map((plan) => {
              const current = billing.data.state === 'active' && billing.data.plan === plan.id
              const pick = billing.data.state !== 'active' && billing.data.chosenPlan === plan.id
              return (
                <li
                  key={plan.id}
                  className={`flex flex-col rounded-md border p-3 ${pick ? 'border-violet-600 ring-1 ring-violet-600' : 'border-slate-200'}`}
                >
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {plan.name}
                    {pick ? (
                      <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white">
                        Your pick
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-700">${plan.priceUsdPerMonth} per month</p>
                  <ul className="mt-2 flex-1 space-y-1 text-xs text-slate-600">
                    {plan.features.slice(0, 3).map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  <button
                    type="button"
                    className={`mt-3 ${current ? secondaryButtonClass : buttonClass}`}
                    disabled={current || checkout.isPending}
                    aria-label={current ? `${plan.name}: your current plan` : `Choose ${plan.name}`}
                    onClick={() => choose(plan.id)}
                  >
                    {current
                      ? 'Current plan'
                      : checkout.isPending && checkout.variables === plan.id
                        ? 'Choosing...'
                        : `Choose ${plan.name}`}
                  </button>
                </li>
              )
            })}
          </ul>
          <div className="mt-4 space-y-2">
            <RequestError error={checkout.error} className="" />
            {activated ? (
              <MessageBanner tone="success" onDismiss={() => setActivated(null)}>
                {activated}
              </MessageBanner>
            ) : null}
          </div>
        </>
      )}
    </section>
  )
}
