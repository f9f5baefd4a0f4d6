import { useId, type RefObject } from 'react'
import type { ScheduledOutcome } from '../../../features/posts/utils/scheduled-outcome'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { ModalCloseButton, ModalDialog } from '../../../components/ui/modal-dialog'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useAddToQueue } from '../../../features/queue/api/add-to-queue'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'
import { LazyScheduleVideoForm } from './schedule-form-chunk'

/**
 * 'Schedule Video for TikTok' (product.md §2 Create tab): a rendered video of the studio posted like any other, through the
 * posts feature's form with TikTok's posting settings, its 200×356 preview, the account picker, date and time, Cancel
 * and 'Schedule for TikTok' or 'Add to queue' (the Schedule tab's, issue 30 item 8). Composes the studio, TikTok
 * accounts, queue and posts features.
 */
export function ScheduleCreatedVideoDialog({
  video,
  onClose,
  onScheduled,
  fallbackFocus,
}: {
  /** A processed video (`outputMediaId` and `processedVideoUrl` set). */
  video: CreatedVideo
  onClose: () => void
  onScheduled: (outcome: ScheduledOutcome) => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const profile = useProfile()
  const zone = profile.data?.timeZone ?? browserTimeZone()
  const addToQueue = useAddToQueue()
  const { outputMediaId, processedVideoUrl } = video
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={onClose} fallbackFocus={fallbackFocus}>
      <div className="relative p-4 sm:p-6">
        <ModalCloseButton onClose={onClose} />
        <ScheduleNewVideoCard title="Schedule Video for TikTok" bare headingId={`${id}-title`}>
          {(account) =>
            outputMediaId && processedVideoUrl ? (
              <LazyScheduleVideoForm
                account={account}
                userTimeZone={zone}
                video={{
                  mediaId: outputMediaId,
                  name: video.title,
                  durationMs: video.durationMs ?? 0,
                  previewUrl: processedVideoUrl,
                  title: video.title,
                  description: video.description,
                }}
                onScheduled={onScheduled}
                onAddToQueue={addToQueue}
                onCancel={onClose}
              />
            ) : null
          }
        </ScheduleNewVideoCard>
      </div>
    </ModalDialog>
  )
}
