import { useId, useState } from 'react'
import { SLIDESHOW_LIMITS, type Slideshow } from '@hookpost/shared/slideshows'
import { rowButtonClass } from '../../../../components/ui/button-styles'
import { useExportSlideshow } from '../../api/slideshows'
import { studioErrorMessage } from '../../utils/errors'

const SECONDS = SLIDESHOW_LIMITS.secondsPerSlide

/**
 * "Export as video": the rendered slides as an MP4 (seconds per slide), for places that want a video; it follows the
 * export live and shows the video once made (it joins the Library's videos, schedulable like any other).
 */
export function SlideshowExport({ slideshow }: { slideshow: Slideshow }) {
  const id = useId()
  const run = useExportSlideshow()
  const [seconds, setSeconds] = useState(String(slideshow.export.secondsPerSlide || SECONDS.default))
  const [error, setError] = useState<string | null>(null)
  const { state, videoUrl, errorMessage, progress } = slideshow.export
  const busy = state === 'queued' || state === 'rendering' || run.isPending
  const ready = slideshow.state === 'processed'

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-seconds`} className="text-sm text-slate-800">
          Seconds per slide
          <select
            id={`${id}-seconds`}
            className="ml-2 rounded-md border border-slate-300 px-2 py-1"
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          >
            {Array.from({ length: SECONDS.max - SECONDS.min + 1 }, (_, i) => SECONDS.min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={rowButtonClass}
          disabled={!ready || busy}
          aria-label={`Export “${slideshow.title}” as video`}
          onClick={() => {
            setError(null)
            run.mutate(
              { id: slideshow.id, secondsPerSlide: Number(seconds) },
              { onError: (err) => setError(studioErrorMessage(err, 'The export could not start. Try again.')) },
            )
          }}
        >
          {busy ? 'Exporting...' : 'Export as video'}
        </button>
      </div>
      {state === 'rendering' ? (
        <div
          role="progressbar"
          aria-label={`Exporting ${slideshow.title} as video`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <p role="status" className="text-xs text-slate-700">
        {state === 'queued' || state === 'rendering'
          ? 'Making the video... This may take a minute.'
          : state === 'failed'
            ? `The video export failed${errorMessage ? `: ${errorMessage}` : '.'}`
            : state === 'processed'
              ? 'The video is ready.'
              : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {state === 'processed' && videoUrl ? (
        <div className="flex flex-wrap items-end gap-2">
          <video
            src={videoUrl}
            controls
            preload="metadata"
            aria-label={`Video of “${slideshow.title}”`}
            className="h-40 w-[90px] rounded bg-slate-900 object-cover"
          />
          <a href={videoUrl} download className={rowButtonClass}>
            Download MP4
          </a>
        </div>
      ) : null}
    </div>
  )
}
