import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { OPEN_SLIDESHOW_PARAM } from '../../../config/paths'
import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { Spinner } from '../../../components/ui/spinner'
import { CreatedVideos } from '../../../features/studio/components/created-videos'
import { replacementFromLocationState, replacementFromVideo } from '../../../features/studio/utils/draft-replacement'
import { AccountHookGenerator } from './account-hook-generator'
import { useArrivingState } from './arriving-state'
import { ScheduleCreatedVideoDialog } from './schedule-created-video-dialog'
import { showOnScheduleTab } from './schedule-success'
import { SlideshowMode } from './slideshow-mode'
import { HOOK_DEMO_HREF, presetFromSearch, tabHref } from './tabs'

// The form (overlay fonts, drag and drop, the preview's drawing) is its own chunk: the dashboard's first load skips it.
const CreateVideoForm = lazy(async () => ({
  default: (await import('../../../features/studio/components/create-video-form')).CreateVideoForm,
}))

type Making = 'video' | 'slideshow'
const MAKING_LABELS: Record<Making, string> = { video: 'Video', slideshow: 'Slideshow' }

/**
 * The Create tab (product.md §2): 'Create New Video' above the list of created videos, whose processed videos can be
 * scheduled for TikTok with the posts feature's form, or opened in the form again as a new draft ("Edit as new").
 * Composes features. `?preset=hook-demo` (where the hook-demo route leads) opens the same form preset for a hook + demo
 * video.
 */
export function CreateTab() {
  const [searchParams, setSearchParams] = useSearchParams()
  // "Make this video" from the Create Hooks tab sends a new draft in the location's state.
  const [replacement, setReplacement] = useArrivingState(replacementFromLocationState)
  const preset = presetFromSearch(searchParams)
  // Video or slideshow (issue 29): shown at once, and kept in the URL so a reload keeps it; a link that changes the
  // URL (the Library's "Open in Slideshow studio") switches it while this tab is open.
  const inUrl: Making = searchParams.get('make') === 'slideshow' ? 'slideshow' : 'video'
  const [making, setMaking] = useState<Making>(inUrl)
  const [seenInUrl, setSeenInUrl] = useState<Making>(inUrl)
  if (inUrl !== seenInUrl) {
    setSeenInUrl(inUrl)
    setMaking(inUrl)
  }
  const openSlideshowId = searchParams.get(OPEN_SLIDESHOW_PARAM)
  const [scheduling, setScheduling] = useState<CreatedVideo | null>(null)
  const navigate = useNavigate()

  const choice = (
    <SegmentedRadio
      legend="What are you making?"
      name="create-making"
      options={['video', 'slideshow'] as const}
      labels={MAKING_LABELS}
      value={making}
      onChange={(value) => {
        setMaking(value)
        setSearchParams(
          (prev) => {
            const next = new URLSearchParams(prev)
            if (value === 'slideshow') next.set('make', 'slideshow')
            else next.delete('make')
            next.delete(OPEN_SLIDESHOW_PARAM)
            return next
          },
          { replace: true },
        )
      }}
    />
  )
  if (making === 'slideshow') {
    return (
      <div className="space-y-6">
        {choice}
        <SlideshowMode openSlideshowId={openSlideshowId} />
      </div>
    )
  }

  return (
    <div className="space-y-6">
      {choice}
      {preset ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>Making a video of your own, without a hook clip?</span>
          <Link to={tabHref('create')} className={secondaryButtonClass}>
            Create New Video
          </Link>
        </p>
      ) : (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>Start from one of our hook clips and add your product demo after it:</span>
          <Link to={HOOK_DEMO_HREF} className={secondaryButtonClass}>
            Create Hook + Demo Video
          </Link>
        </p>
      )}
      <Suspense
        fallback={
          <div className="flex justify-center rounded-lg border border-slate-200 bg-white py-12">
            <Spinner label="Loading the video studio..." />
          </div>
        }
      >
        {/* A new preset starts the form over. */}
        <CreateVideoForm
          key={preset ?? 'plain'}
          preset={preset}
          hookGenerator={(slot) => <AccountHookGenerator {...slot} />}
          replacement={replacement}
          onReplacementSettled={() => setReplacement(null)}
        />
      </Suspense>
      <CreatedVideos
        onSchedule={setScheduling}
        onEditAsNew={(video: CreatedVideo) => setReplacement(replacementFromVideo(video))}
      />
      {scheduling ? (
        <ScheduleCreatedVideoDialog
          video={scheduling}
          onClose={() => setScheduling(null)}
          // The Schedule tab shows the post on its calendar (ADR 042).
          onScheduled={(outcome) => showOnScheduleTab(navigate, outcome)}
        />
      ) : null}
    </div>
  )
}
