import { ScheduledVideosPanel } from '../../../features/posts/components/scheduled-videos-panel'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'

/** The Schedule tab (spec §2): 'Schedule New Video' above the 'Scheduled Videos' panel. Composes features. */
export function ScheduleTab() {
  return (
    <div className="space-y-6">
      <ScheduleNewVideoCard />
      <ScheduledVideosPanel />
    </div>
  )
}
