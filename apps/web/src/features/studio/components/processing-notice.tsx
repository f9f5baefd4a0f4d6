import { isRendering, useVideos } from '../api/get-videos'
import { STUDIO_MESSAGES } from '../utils/messages'

/**
 * product.md §2 Shell: while any video renders, a fixed notice 'Processing video... This may take a few minutes.' shows on
 * every screen of the dashboard, with how far the render is (live `video.progress` events; the mean when several
 * render at once). A spacer keeps the end of the page from hiding under it.
 */
export function ProcessingNotice() {
  const videos = useVideos()
  const rendering = (videos.data ?? []).filter(isRendering)
  if (rendering.length === 0) return null
  const percent = Math.round(rendering.reduce((sum, v) => sum + v.progress, 0) / rendering.length)
  const what =
    rendering.length === 1 ? `Processing ${rendering[0]?.title ?? 'video'}` : `Processing ${rendering.length} videos`
  return (
    <>
      <div aria-hidden="true" className="h-24" />
      <div
        role="status"
        className="fixed inset-x-3 bottom-3 z-30 rounded-lg border border-blue-200 bg-white p-3 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-80"
      >
        <p className="text-sm font-medium text-slate-900">{STUDIO_MESSAGES.processing}</p>
        <div className="mt-2 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={what}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span aria-hidden="true" className="w-10 text-right text-xs text-slate-600 tabular-nums">
            {percent}%
          </span>
        </div>
        {rendering.length > 1 ? <p className="mt-1 text-xs text-slate-600">{rendering.length} videos</p> : null}
      </div>
    </>
  )
}
