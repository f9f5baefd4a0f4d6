import { useId, useState, type ComponentProps, type RefObject } from 'react'
import type { NextPostPreset, ScheduledOutcome } from '../../../features/posts/utils/scheduled-outcome'
import { ModalCloseButton, ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { accountOptionLabel } from '../../../features/tiktok/components/schedule-account-picker'
import { LazyScheduleVideoForm } from './schedule-form-chunk'

/**
 * The Schedule tab's 'Schedule New Video' form in a dialog (ADR 028): opened by 'Schedule a video' or by clicking a
 * calendar day, so the Scheduled Videos calendar stays at the top of the tab. The form is the posts feature's one
 * `ScheduleVideoForm`. A post scheduled or queued closes it and goes to `onScheduled` (ADR 042); "Schedule another"
 * opens it again with `another`. Composes the TikTok accounts and posts features.
 */
export function ScheduleVideoDialog({
  accountId,
  initialDate,
  userTimeZone,
  onClose,
  onAddToQueue,
  onScheduled,
  another,
  fallbackFocus,
}: {
  /** The account chosen where it was opened; else the first one that can post. */
  accountId: string | undefined
  /** A calendar day clicked ('YYYY-MM-DD'). */
  initialDate: string | undefined
  userTimeZone: string
  onClose: () => void
  /** 'Add to queue' in the form (the queue feature's, passed in: features do not import each other). */
  onAddToQueue?: ComponentProps<typeof LazyScheduleVideoForm>['onAddToQueue']
  onScheduled: (outcome: ScheduledOutcome) => void
  /** "Schedule another": the form starts from the last post's account, settings and next day. */
  another?: NextPostPreset
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const accounts = useTiktokAccounts()
  const list = accounts.data ?? []
  const [selected, setSelected] = useState(accountId)
  const account = list.find((a) => a.id === selected) ?? list.find((a) => a.status === 'active') ?? list[0] ?? undefined
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={onClose} fallbackFocus={fallbackFocus}>
      <div className="relative p-4 sm:p-6">
        <ModalCloseButton onClose={onClose} />
        <h2 id={`${id}-title`} className="pr-8 text-lg font-semibold text-slate-900">
          Schedule a video
        </h2>
        {account ? (
          <>
            <div className="mt-4">
              <label htmlFor={`${id}-account`} className="block text-sm font-medium text-slate-800">
                TikTok account
              </label>
              <select
                id={`${id}-account`}
                value={account.id}
                onChange={(e) => setSelected(e.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-fuchsia-600 sm:text-sm"
              >
                {list.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountOptionLabel(a)}
                  </option>
                ))}
              </select>
            </div>
            <LazyScheduleVideoForm
              account={account}
              userTimeZone={userTimeZone}
              initialDate={initialDate}
              onCancel={onClose}
              onAddToQueue={onAddToQueue}
              onScheduled={onScheduled}
              another={another}
            />
          </>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner label="Loading accounts..." />
          </div>
        )}
      </div>
    </ModalDialog>
  )
}
