import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { buttonClass } from '../../../components/ui/form'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { paths } from '../../../config/paths'
import { onPlanRefusal, type PlanRefusal } from '../../../lib/plan-refusal'
import { billingQueryOptions } from '../api/billing-api'
import { PLAN_SECTION_ID } from './plan-section-anchor'

/**
 * The upgrade prompt (ADR 036): whenever the server refuses something because of the plan (a limit reached, the trial
 * over) — scheduling, a batch, a duplicate, Add to queue, connecting an account — the server's message and a link to
 * the Profile's Plan section. A modal of its own, so it shows above the dialog the request came from.
 */
export function UpgradePrompt() {
  const [refusal, setRefusal] = useState<PlanRefusal | null>(null)
  const queryClient = useQueryClient()

  useEffect(
    () =>
      onPlanRefusal((next) => {
        setRefusal(next)
        // What is used of the plan has changed, or the trial has ended: the Plan section and the banner read again.
        void queryClient.invalidateQueries({ queryKey: billingQueryOptions.queryKey })
      }),
    [queryClient],
  )

  if (!refusal) return null
  const close = () => setRefusal(null)
  return (
    <ModalDialog labelledBy="upgrade-heading" describedBy="upgrade-message" onClose={close}>
      <div className="p-5">
        <h2 id="upgrade-heading" className="text-lg font-semibold text-slate-900">
          {refusal.code === 'TRIAL_ENDED' ? 'Your free trial has ended' : 'Upgrade your plan'}
        </h2>
        <p id="upgrade-message" className="mt-2 text-sm text-slate-700">
          {refusal.message}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={close}>
            Close
          </button>
          <Link to={`${paths.profile}#${PLAN_SECTION_ID}`} className={buttonClass} onClick={close}>
            Choose a plan
          </Link>
        </div>
      </div>
    </ModalDialog>
  )
}
