import { Link } from 'react-router'
import { PLANS, TRIAL_DAYS } from '@hookpost/shared/plans'
import { CheckIcon, CheckList } from './components/icons'
import { containerClass, primaryButtonClass, secondaryButtonClass } from './marketing-styles'
import { useDocumentTitle } from './use-document-title'

const POPULAR_PLAN_ID = 'pro'

export function PricingPage() {
  useDocumentTitle('Pricing · Hookpost')

  return (
    <div className="bg-linear-to-b from-fuchsia-50 via-violet-50 to-white text-slate-900">
      <div className={`${containerClass} py-16 sm:py-24`}>
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Pricing</h1>
          <p className="mt-6 text-lg break-words text-slate-700">
            Simple monthly plans for creators and small teams. Pick the one that fits how many accounts you run.
          </p>
          <p className="mt-4 inline-flex max-w-full items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-violet-800 shadow-sm ring-1 ring-violet-200">
            <CheckIcon className="h-4 w-4 shrink-0" />
            <span>{`${TRIAL_DAYS}-day free trial, no credit card required`}</span>
          </p>
        </div>

        <ul className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
          {PLANS.map((plan) => {
            const popular = plan.id === POPULAR_PLAN_ID
            const headingId = `plan-${plan.id}`
            return (
              <li
                key={plan.id}
                className={`relative flex min-w-0 flex-col rounded-2xl bg-white p-6 shadow-sm sm:p-8 ${
                  popular ? 'ring-2 ring-violet-700' : 'ring-1 ring-slate-200'
                }`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={headingId} className="text-2xl font-semibold">
                    {plan.name}
                  </h2>
                  {popular && (
                    <span className="rounded-full bg-violet-700 px-3 py-1 text-xs font-semibold text-white">
                      Most popular
                    </span>
                  )}
                </div>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold tracking-tight">{`$${plan.priceUsdPerMonth}`}</span>
                  <span className="text-base font-medium text-slate-600">/month</span>
                </p>
                <CheckList items={plan.features} className="mt-6 flex-1 space-y-3" />
                <Link
                  to={`/register?plan=${plan.id}`}
                  aria-label={`Start free trial on ${plan.name}`}
                  className={`mt-8 w-full ${popular ? primaryButtonClass : secondaryButtonClass}`}
                >
                  Start free trial
                </Link>
              </li>
            )
          })}
        </ul>

        <p className="mt-10 text-center text-sm text-slate-600">Prices are in US dollars, per month.</p>
      </div>
    </div>
  )
}
