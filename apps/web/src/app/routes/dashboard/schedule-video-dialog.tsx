import { lazy, Suspense, useId, useState, type ComponentProps, type RefObject } from 'react'
import type { ScheduleVideoForm as ScheduleVideoFormComponent } from '../../../features/posts/components/schedule-video-form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { accountOptionLabel } from '../../../features/tiktok/components/schedule-account-picker'

// The form (upload, TikTok's posting settings, zone maths) is its own chunk, fetched when the dialog first opens.
const ScheduleVideoForm = lazy(async () => ({
  default: (await import('../../../features/posts/components/schedule-video-form')).ScheduleVideoForm,
}))

/**
 * The Schedule tab's 'Schedule New Video' form in a dialog (ADR 028): opened by 'Schedule a video' or by clicking a
 * calendar day, so the Scheduled Videos calendar stays at the top of the tab. The form is the posts feature's one
 * `ScheduleVideoForm`; after a video is scheduled it starts again, so several can be scheduled in a row while the
 * calendar behind fills in live. Composes the TikTok accounts and posts features.
 */
export function ScheduleVideoDialog({
  accountId,
  initialDate,
  userTimeZone,
  onClose,
  onAddToQueue,
  fallbackFocus,
}: {
  /** The account chosen where it was opened; else the first one that can post. */
  accountId: string | undefined
  /** A calendar day clicked ('YYYY-MM-DD'). */
  initialDate: string | undefined
  userTimeZone: string
  onClose: () => void
  /** 'Add to queue' in the form (the queue feature's, passed in: features do not import each other). */
  onAddToQueue?: ComponentProps<typeof ScheduleVideoFormComponent>['onAddToQueue']
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
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.3 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.3-3.3a1 1 0 0 0-1.4-1.4L10 8.6 6.3 5.3Z" />
          </svg>
        </button>
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
            <Suspense
              fallback={
                <div className="flex justify-center py-6">
                  <Spinner label="Loading the form..." />
                </div>
              }
            >
              <ScheduleVideoForm
                account={account}
                userTimeZone={userTimeZone}
                initialDate={initialDate}
                onCancel={onClose}
                onAddToQueue={onAddToQueue}
              />
            </Suspense>
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
