import { useEffect, useId, useRef, useState } from 'react'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { rowButtonClass, rowDangerButtonClass } from '../../../components/ui/button-styles'
import { useDisplayZone } from '../../../lib/display-zone'
import { dateTimeWithZone, formatDuration } from '../../../lib/format'
import { STUDIO_MESSAGES } from '../utils/messages'
import { describeOverlayStyle } from '../utils/overlays'
import { RenderProgress, VideoStateBadge } from './video-state-badge'

const LAYOUT_LABELS: Record<CreatedVideo['layout'], string> = {
  single: 'Single video',
  sequence: 'Hook, then demo',
  split: 'Hook and demo side by side',
}

/** One created video: its render's state, and what can be done with it. */
export function CreatedVideoItem({
  video,
  retrying,
  onRetry,
  onDelete,
  onSchedule,
  onEditAsNew,
}: {
  video: CreatedVideo
  retrying: boolean
  onRetry: () => void
  onDelete: () => void
  /** Present when the app can schedule videos (the posts feature, composed in app/). */
  onSchedule?: () => void
  /** Opens the Create form on a copy of this video's inputs (issue 30): a variant, the video itself untouched. */
  onEditAsNew?: () => void
}) {
  const id = useId()
  // On the one clock (issue 30 item 3): the profile's zone, as the calendar, not the browser's.
  const zone = useDisplayZone()
  const [playing, setPlaying] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const [scheduleProblem, setScheduleProblem] = useState(false)
  const playerRef = useRef<HTMLVideoElement>(null)
  const ready = video.processed && video.processedVideoUrl !== null
  const combined = video.layout !== 'single'

  // Play starts the inline player at once (the press is the user gesture browsers want before playing sound).
  useEffect(() => {
    if (!playing) return
    playerRef.current?.play().catch(() => {
      // Autoplay refused (a browser policy): the controls are there to press Play.
    })
  }, [playing])

  const playerId = `${id}-player`
  const detailsId = `${id}-details`
  return (
    <li className="py-4">
      <div className="flex gap-3">
        <div className="h-[100px] w-[56px] shrink-0 overflow-hidden rounded bg-slate-200">
          {ready && video.thumbnailUrl ? (
            <img src={video.thumbnailUrl} alt="" width={56} height={100} className="h-full w-full object-cover" />
          ) : null}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium [overflow-wrap:anywhere] text-slate-900">{video.title}</h3>
            <VideoStateBadge video={video} />
          </div>
          <p className="text-sm text-slate-600">
            {LAYOUT_LABELS[video.layout]}
            {video.durationMs !== null ? ` · ${formatDuration(video.durationMs)}` : ''} ·{' '}
            <time dateTime={video.createdAt}>{dateTimeWithZone(video.createdAt, zone)}</time>
          </p>
          {video.state === 'rendering' ? <RenderProgress video={video} /> : null}
          {video.state === 'failed' ? (
            <p className="text-sm [overflow-wrap:anywhere] text-red-700">
              Failed: {video.errorMessage ?? 'The video could not be rendered.'}
            </p>
          ) : null}
          {scheduleProblem && !ready ? (
            <p role="alert" className="text-sm text-red-700">
              {STUDIO_MESSAGES.notProcessed}
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        {video.state === 'failed' ? (
          <button
            type="button"
            className={rowButtonClass}
            aria-label={`Retry ${video.title}`}
            disabled={retrying}
            onClick={onRetry}
          >
            {retrying ? 'Retrying...' : 'Retry'}
          </button>
        ) : null}
        {ready ? (
          <>
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`${playing ? 'Hide' : 'Play'} ${video.title}`}
              aria-expanded={playing}
              aria-controls={playing ? playerId : undefined}
              onClick={() => setPlaying((v) => !v)}
            >
              {playing ? 'Hide' : 'Play'}
            </button>
            {video.downloadUrl ? (
              <a href={video.downloadUrl} download className={rowButtonClass} aria-label={`Download ${video.title}`}>
                Download
              </a>
            ) : null}
            {onEditAsNew ? (
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Edit ${video.title} as a new video`}
                onClick={onEditAsNew}
              >
                Edit as new
              </button>
            ) : null}
          </>
        ) : null}
        {onSchedule ? (
          <button
            type="button"
            className={rowButtonClass}
            aria-label={`Schedule ${video.title} for TikTok`}
            aria-haspopup={ready ? 'dialog' : undefined}
            onClick={() => {
              if (ready) onSchedule()
              else setScheduleProblem(true)
            }}
          >
            Schedule for TikTok
          </button>
        ) : null}
        <button
          type="button"
          className={rowButtonClass}
          aria-label={`Details of ${video.title}`}
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={() => setExpanded((v) => !v)}
        >
          Details
        </button>
        <button
          type="button"
          className={rowDangerButtonClass}
          aria-label={`Delete ${video.title}`}
          aria-haspopup="dialog"
          onClick={onDelete}
        >
          Delete
        </button>
      </div>

      {playing && ready && video.processedVideoUrl ? (
        <video
          id={playerId}
          ref={playerRef}
          src={video.processedVideoUrl}
          controls
          playsInline
          preload="metadata"
          aria-label={`${video.title}, rendered video`}
          className="mt-3 aspect-[9/16] w-full max-w-[280px] rounded-md bg-black"
        />
      ) : null}

      {expanded ? (
        <div id={detailsId} className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium text-slate-600">Description</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere] text-slate-900">
              {video.description || 'No description'}
            </dd>
            <dt className="font-medium text-slate-600">Video</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{video.source.originalName}</dd>
            {video.demo ? (
              <>
                <dt className="font-medium text-slate-600">Demo</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">{video.demo.originalName}</dd>
              </>
            ) : null}
          </dl>
          <h4 className="mt-3 font-medium text-slate-600">Text overlays</h4>
          {video.textOverlays.length === 0 ? (
            <p className="text-slate-700">None</p>
          ) : (
            <ol className="mt-1 list-decimal space-y-1 pl-5">
              {video.textOverlays.map((overlay) => (
                <li key={overlay.id} className="[overflow-wrap:anywhere] text-slate-900">
                  <span>{overlay.text}</span>{' '}
                  <span className="text-xs text-slate-600">({describeOverlayStyle(overlay, combined)})</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </li>
  )
}
