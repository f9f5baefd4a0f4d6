import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { ScheduledVideosPanel } from '../../../features/posts/components/scheduled-videos-panel'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useAddToQueue } from '../../../features/queue/api/add-to-queue'
import { QueueSection } from '../../../features/queue/components/queue-section'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'

// The form (upload, TikTok's posting settings, zone maths) is its own chunk, fetched once an account can be chosen.
const ScheduleVideoForm = lazy(async () => ({
  default: (await import('../../../features/posts/components/schedule-video-form')).ScheduleVideoForm,
}))

/** The Schedule tab (spec §2): 'Schedule New Video' above the 'Scheduled Videos' panel. Composes features. */
export function ScheduleTab() {
  // The calendar shows times in the user's zone (Profile & Accounts), else the browser's until they choose one.
  const profile = useProfile()
  const displayZone = profile.data?.timeZone ?? browserTimeZone()
  const addToQueue = useAddToQueue()
  return (
    <div className="space-y-6">
      <ScheduleNewVideoCard>
        {(account) => (
          <Suspense
            fallback={
              <div className="flex justify-center py-6">
                <Spinner label="Loading the form..." />
              </div>
            }
          >
            <ScheduleVideoForm account={account} userTimeZone={displayZone} onAddToQueue={addToQueue} />
          </Suspense>
        )}
      </ScheduleNewVideoCard>
      {/* Not before the profile is known: the calendar would fetch its month twice, in two zones. */}
      <ScheduledVideosPanel timeZone={profile.isPending ? null : displayZone} />
      <QueueSection />
    </div>
  )
}
