import { lazy, Suspense, useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { SCHEDULED_NOTICE_MS, useClearingState } from '../../../lib/use-notice'

// The dialog (uploads, CSV reading, TikTok's settings) is its own chunk, fetched when the button is pressed.
const BatchScheduleDialog = lazy(async () => ({
  default: (await import('../../../features/posts/components/batch-schedule-dialog')).BatchScheduleDialog,
}))

/**
 * 'Batch schedule' on the Schedule tab (issue 21 item 3): opens the dialog for many videos at once with the person's
 * accounts, and says how many were scheduled. Shown once an account exists (the dialog has nowhere to post otherwise).
 */
export function BatchScheduleEntry({ userTimeZone }: { userTimeZone: string }) {
  const accounts = useTiktokAccounts()
  const [open, setOpen] = useState(false)
  // product.md §4/§9: the notice after scheduling clears after 3 s, as the form's does.
  const [scheduled, setScheduled] = useClearingState<number>(SCHEDULED_NOTICE_MS)

  if (!accounts.data || accounts.data.length === 0) return null
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="text-sm text-slate-600">Many videos at once?</p>
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
          Batch schedule
        </button>
      </div>
      {scheduled !== null ? (
        <MessageBanner tone="success" onDismiss={() => setScheduled(null)}>
          {MESSAGES.batchScheduled} ({scheduled} {scheduled === 1 ? 'video' : 'videos'})
        </MessageBanner>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <BatchScheduleDialog
            accounts={accounts.data}
            userTimeZone={userTimeZone}
            onClose={() => setOpen(false)}
            onScheduled={(count) => {
              setOpen(false)
              setScheduled(count)
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
