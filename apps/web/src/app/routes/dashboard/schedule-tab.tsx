import { useMemo, useRef, useState } from 'react'
import { buttonClass } from '../../../components/ui/form'
import { ScheduleSuccessBanner } from '../../../features/posts/components/schedule-success-banner'
import { ScheduledVideosPanel } from '../../../features/posts/components/scheduled-videos-panel'
import type { NextPostPreset } from '../../../features/posts/utils/scheduled-outcome'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { useAddToQueue } from '../../../features/queue/api/add-to-queue'
import { QueueSection } from '../../../features/queue/components/queue-section'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'
import { BatchScheduleEntry } from './batch-schedule-entry'
import { useScheduleSuccess } from './schedule-success'
import { ScheduleVideoDialog } from './schedule-video-dialog'

/**
 * Where the schedule form was opened from: the card's button (its account), a calendar day, or "Schedule another"
 * (the last post's account and settings, the next day).
 */
type Composer = { accountId?: string | undefined; date?: string | undefined; another?: NextPostPreset }

/**
 * The Schedule tab (product.md §2): 'Schedule New Video' (the account picker and 'Schedule a video', which opens the form in
 * a dialog, ADR 028) above the 'Scheduled Videos' panel, whose days open the same form preset to that day. A post
 * scheduled or queued closes the dialog; the banner at the top says so and the calendar shows the post (ADR 042).
 * Composes features.
 */
export function ScheduleTab() {
  // The calendar shows times in the user's zone (Profile & Accounts), else the browser's until they choose one.
  const profile = useProfile()
  const displayZone = profile.data?.timeZone ?? browserTimeZone()
  const accounts = useTiktokAccounts()
  const [composer, setComposer] = useState<Composer | null>(null)
  const accountChoices = useMemo(() => accounts.data ?? [], [accounts.data])
  const addToQueue = useAddToQueue()
  const success = useScheduleSuccess()
  // A dismissed banner had the focus: it goes to the button that schedules the next video, not to <body>.
  const scheduleButton = useRef<HTMLButtonElement>(null)
  return (
    <div className="space-y-6">
      {success.outcome ? (
        <ScheduleSuccessBanner
          outcome={success.outcome}
          onView={success.view}
          onAnother={() => {
            const next = success.outcome?.next
            if (next) setComposer({ accountId: next.accountId, another: next })
          }}
          onDismiss={() => {
            success.dismiss()
            scheduleButton.current?.focus()
          }}
        />
      ) : null}
      <BatchScheduleEntry userTimeZone={displayZone} />
      <ScheduleNewVideoCard>
        {(account) => (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              ref={scheduleButton}
              type="button"
              className={buttonClass}
              aria-haspopup="dialog"
              onClick={() => setComposer({ accountId: account.id })}
            >
              Schedule a video
            </button>
          </div>
        )}
      </ScheduleNewVideoCard>
      {/* Not before the profile is known: the calendar would fetch its month twice, in two zones. */}
      <ScheduledVideosPanel
        timeZone={profile.isPending ? null : displayZone}
        accounts={accountChoices}
        onScheduleOn={accountChoices.length > 0 ? (date, accountId) => setComposer({ date, accountId }) : undefined}
        spotlight={success.spotlight}
      />
      {composer ? (
        <ScheduleVideoDialog
          accountId={composer.accountId}
          initialDate={composer.date}
          another={composer.another}
          userTimeZone={displayZone}
          onAddToQueue={addToQueue}
          onScheduled={(outcome) => {
            setComposer(null)
            success.show(outcome)
          }}
          onClose={() => setComposer(null)}
        />
      ) : null}
      <QueueSection />
    </div>
  )
}
