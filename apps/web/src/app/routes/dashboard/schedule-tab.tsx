import { useMemo, useState } from 'react'
import { buttonClass } from '../../../components/ui/form'
import { ScheduledVideosPanel } from '../../../features/posts/components/scheduled-videos-panel'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { useAddToQueue } from '../../../features/queue/api/add-to-queue'
import { QueueSection } from '../../../features/queue/components/queue-section'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'
import { BatchScheduleEntry } from './batch-schedule-entry'
import { ScheduleVideoDialog } from './schedule-video-dialog'

/** Where the schedule form was opened from: the card's button (its account) or a calendar day. */
type Composer = { accountId?: string | undefined; date?: string | undefined }

/**
 * The Schedule tab (product.md §2): 'Schedule New Video' (the account picker and 'Schedule a video', which opens the form in
 * a dialog, ADR 028) above the 'Scheduled Videos' panel, whose days open the same form preset to that day. Composes
 * features.
 */
export function ScheduleTab() {
  // The calendar shows times in the user's zone (Profile & Accounts), else the browser's until they choose one.
  const profile = useProfile()
  const displayZone = profile.data?.timeZone ?? browserTimeZone()
  const accounts = useTiktokAccounts()
  const [composer, setComposer] = useState<Composer | null>(null)
  const accountChoices = useMemo(() => accounts.data ?? [], [accounts.data])
  const addToQueue = useAddToQueue()
  return (
    <div className="space-y-6">
      <BatchScheduleEntry userTimeZone={displayZone} />
      <ScheduleNewVideoCard>
        {(account) => (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
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
      />
      {composer ? (
        <ScheduleVideoDialog
          accountId={composer.accountId}
          initialDate={composer.date}
          userTimeZone={displayZone}
          onAddToQueue={addToQueue}
          onClose={() => setComposer(null)}
        />
      ) : null}
      <QueueSection />
    </div>
  )
}
