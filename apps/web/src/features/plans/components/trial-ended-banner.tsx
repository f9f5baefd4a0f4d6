import { Link } from 'react-router'
import { PLAN_MESSAGES } from '@hookpost/shared/plans'
import { paths } from '../../../config/paths'
import { useBilling } from '../api/billing-api'
import { PLAN_SECTION_ID } from './plan-section-anchor'

/** The dashboard's banner once the trial ended without a plan (ADR 036); nothing while the plan or trial runs. */
export function TrialEndedBanner() {
  const billing = useBilling()
  if (billing.data?.state !== 'ended') return null
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>{PLAN_MESSAGES.trialEnded} Posts already scheduled still go out.</p>
      <Link
        to={`${paths.profile}#${PLAN_SECTION_ID}`}
        className="font-semibold underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        Choose a plan
      </Link>
    </div>
  )
}
