import { useEffect, useRef } from 'react'
import type { Slideshow } from '@hookpost/shared/slideshows'
import { rowButtonClass, rowDangerButtonClass } from '../../../../components/ui/button-styles'
import { RenderProgress, VideoStateBadge } from '../video-state-badge'
import { SlideshowExport } from './slideshow-export'

/** What an opened slideshow says about being used as a video (the Library sent the person here for that). */
function openedNote(slideshow: Slideshow): string {
  if (slideshow.export.state === 'processed') return 'Its video is in the Library, under Slideshows.'
  if (slideshow.export.state === 'queued' || slideshow.export.state === 'rendering') {
    return 'Its video is being made: it joins the Library’s videos when ready.'
  }
  return slideshow.state === 'processed'
    ? 'To use it as a video, choose “Export as video” below: the video joins the Library when ready.'
    : 'Once its slides are rendered, “Export as video” below makes a video of it for the Library.'
}

/**
 * One saved slideshow: its render followed live (state, progress, why it failed and Retry), the rendered slides in
 * order once ready, Edit, Schedule (a photo post of the latest render), the MP4 export, and Delete. `opened` (the
 * Library's link to it) brings it into view and focus, marked, saying how it becomes a video.
 */
export function SlideshowItem({
  slideshow,
  retrying,
  opened = false,
  onEdit,
  onDelete,
  onRetry,
  onSchedule,
}: {
  slideshow: Slideshow
  retrying: boolean
  opened?: boolean
  onEdit: () => void
  onDelete: () => void
  onRetry: () => void
  onSchedule?: () => void
}) {
  const { title, state } = slideshow
  const rendered = state === 'processed'
  const ref = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (!opened) return
    ref.current?.scrollIntoView({ block: 'center' })
    ref.current?.focus({ preventScroll: true })
  }, [opened])
  return (
    <li
      ref={ref}
      tabIndex={opened ? -1 : undefined}
      className={`space-y-3 rounded-md border p-3 focus:outline-none ${
        opened ? 'border-fuchsia-700 ring-1 ring-fuchsia-700' : 'border-slate-200'
      }`}
      aria-label={`Slideshow “${title}”`}
    >
      {opened ? <p className="text-sm font-medium text-fuchsia-900">{openedNote(slideshow)}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">{title}</h3>
        <VideoStateBadge video={slideshow} />
        <span className="text-xs text-slate-600">{slideshow.slides.length} slides</span>
      </div>
      {state === 'rendering' || state === 'queued' ? <RenderProgress video={slideshow} /> : null}
      {state === 'failed' ? (
        <p className="text-sm text-red-700">
          The slides could not be rendered{slideshow.errorMessage ? `: ${slideshow.errorMessage}` : '.'}
        </p>
      ) : null}
      {rendered ? (
        <ol aria-label={`Rendered slides of “${title}”`} className="flex gap-2 overflow-x-auto pb-1">
          {slideshow.slides.map((slide, i) =>
            slide.imageUrl ? (
              <li key={i} className="shrink-0">
                <img
                  src={slide.imageUrl}
                  alt={`Slide ${i + 1}${i === slideshow.coverIndex ? ' (cover)' : ''}`}
                  loading="lazy"
                  className="h-32 w-[72px] rounded bg-slate-100 object-cover"
                />
              </li>
            ) : null,
          )}
        </ol>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        {rendered && slideshow.photoSetId && onSchedule ? (
          <button type="button" className={rowButtonClass} aria-label={`Schedule “${title}”`} onClick={onSchedule}>
            Schedule
          </button>
        ) : null}
        <button type="button" className={rowButtonClass} aria-label={`Edit “${title}”`} onClick={onEdit}>
          Edit
        </button>
        {state === 'failed' ? (
          <button
            type="button"
            className={rowButtonClass}
            aria-label={`Retry “${title}”`}
            disabled={retrying}
            onClick={onRetry}
          >
            {retrying ? 'Retrying...' : 'Retry'}
          </button>
        ) : null}
        <button type="button" className={rowDangerButtonClass} aria-label={`Delete “${title}”`} onClick={onDelete}>
          Delete
        </button>
      </div>
      {rendered ? <SlideshowExport slideshow={slideshow} /> : null}
    </li>
  )
}
