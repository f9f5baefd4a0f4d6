import { useId } from 'react'
import type { ScheduledOutcome } from '../../../features/posts/utils/scheduled-outcome'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { ModalCloseButton, ModalDialog } from '../../../components/ui/modal-dialog'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { useAddToQueue } from '../../../features/queue/api/add-to-queue'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'
import { LazyScheduleVideoForm } from './schedule-form-chunk'

/**
 * A slideshow's 'Schedule' (issue 29): the posts feature's one schedule form, opened on format Slideshow with this
 * slideshow chosen (its latest render is what the photo post sends), with 'Add to queue' as on the Schedule tab.
 * Composes the studio, TikTok accounts, queue and posts.
 */
export function ScheduleSlideshowDialog({
  slideshow,
  onClose,
  onScheduled,
}: {
  slideshow: Slideshow
  onClose: () => void
  onScheduled: (outcome: ScheduledOutcome) => void
}) {
  const id = useId()
  const profile = useProfile()
  const zone = profile.data?.timeZone ?? browserTimeZone()
  const addToQueue = useAddToQueue()
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={onClose}>
      <div className="relative p-4 sm:p-6">
        <ModalCloseButton onClose={onClose} />
        <ScheduleNewVideoCard title="Schedule Slideshow for TikTok" bare headingId={`${id}-title`}>
          {(account) => (
            <LazyScheduleVideoForm
              account={account}
              userTimeZone={zone}
              slideshow={{ id: slideshow.id, title: slideshow.title }}
              onScheduled={onScheduled}
              onAddToQueue={addToQueue}
              onCancel={onClose}
            />
          )}
        </ScheduleNewVideoCard>
      </div>
    </ModalDialog>
  )
}
