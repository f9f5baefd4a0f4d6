import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { Spinner } from '../../../components/ui/spinner'
import { SavedImages } from '../../../features/ai/components/saved-images'
import { AccountHookGenerator, useHookAccounts } from './account-hook-generator'
import { ScheduleSlideshowDialog } from './schedule-slideshow-dialog'
import { showOnScheduleTab } from './schedule-success'

// The slideshow studio (overlay fonts, drag and drop, the preview's drawing) is its own chunk.
const SlideshowStudio = lazy(async () => ({
  default: (await import('../../../features/studio/components/slideshow/slideshow-studio')).SlideshowStudio,
}))

/**
 * The Create tab's Slideshow mode (issue 29): the studio with the gallery (the AI feature's saved images and upload),
 * the AI hook generator and the accounts the writer writes for; a slideshow's Schedule opens the schedule form on it.
 * `openSlideshowId` (the Library's link to a slideshow that is not a video yet) brings that slideshow into view.
 */
export function SlideshowMode({ openSlideshowId = null }: { openSlideshowId?: string | null }) {
  const accounts = useHookAccounts()
  const [scheduling, setScheduling] = useState<Slideshow | null>(null)
  const navigate = useNavigate()
  return (
    <div className="space-y-6">
      <Suspense
        fallback={
          <div className="flex justify-center rounded-lg border border-slate-200 bg-white py-12">
            <Spinner label="Loading the slideshow studio..." />
          </div>
        }
      >
        <SlideshowStudio
          openSlideshowId={openSlideshowId}
          accounts={accounts.map((a) => ({ id: a.id, label: a.label }))}
          hookGenerator={(slot) => <AccountHookGenerator {...slot} />}
          imagePicker={(onPick) => (
            <SavedImages
              selectedId={null}
              intro="Choose an image to add it as a slide, or upload one."
              onSelect={(image) => onPick({ id: image.id, url: image.url, name: image.prompt })}
            />
          )}
          onSchedule={setScheduling}
        />
      </Suspense>
      {scheduling ? (
        <ScheduleSlideshowDialog
          slideshow={scheduling}
          onClose={() => setScheduling(null)}
          // The Schedule tab shows the post on its calendar (ADR 042).
          onScheduled={(outcome) => showOnScheduleTab(navigate, outcome)}
        />
      ) : null}
    </div>
  )
}
