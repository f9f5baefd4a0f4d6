import { lazy, Suspense, useId, type RefObject } from 'react'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { browserTimeZone, useProfile } from '../../../features/profile/api/profile-api'
import { ScheduleNewVideoCard } from '../../../features/tiktok/components/schedule-account-picker'

// The schedule form's own chunk (shared with the Schedule tab): fetched when a video is scheduled.
const ScheduleVideoForm = lazy(async () => ({
  default: (await import('../../../features/posts/components/schedule-video-form')).ScheduleVideoForm,
}))

/**
 * 'Schedule Video for TikTok' (spec §2 Create tab): a rendered video of the studio posted like any other, through the
 * posts feature's form with TikTok's posting settings, its 200×356 preview, the account picker, date and time, Cancel
 * and 'Schedule for TikTok'. Composes the studio, TikTok accounts and posts features.
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
  onScheduled: () => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const profile = useProfile()
  const zone = profile.data?.timeZone ?? browserTimeZone()
  const { outputMediaId, processedVideoUrl } = video
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
        <ScheduleNewVideoCard title="Schedule Video for TikTok" bare headingId={`${id}-title`}>
          {(account) =>
            outputMediaId && processedVideoUrl ? (
              <Suspense
                fallback={
                  <div className="flex justify-center py-6">
                    <Spinner label="Loading the form..." />
                  </div>
                }
              >
                <ScheduleVideoForm
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
                  onCancel={onClose}
                />
              </Suspense>
            ) : null
          }
        </ScheduleNewVideoCard>
      </div>
    </ModalDialog>
  )
}
