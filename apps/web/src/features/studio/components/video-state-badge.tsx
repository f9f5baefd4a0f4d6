import type { CreatedVideo, RenderState } from '@hookpost/shared/studio'

const TONES: Record<RenderState, string> = {
  queued: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  rendering: 'border-blue-200 bg-blue-100 text-blue-800',
  processed: 'border-green-200 bg-green-100 text-green-800',
  failed: 'border-red-200 bg-red-100 text-red-800',
}

/** Queued, Processing n%, Ready or Failed: where a created video's render is. */
export function videoStateLabel(video: Pick<CreatedVideo, 'state' | 'progress'>): string {
  switch (video.state) {
    case 'queued':
      return 'Queued'
    case 'rendering':
      return `Processing ${Math.round(video.progress)}%`
    case 'processed':
      return 'Ready'
    case 'failed':
      return 'Failed'
  }
}

export function VideoStateBadge({ video }: { video: Pick<CreatedVideo, 'state' | 'progress'> }) {
  return (
    <span
      data-state={video.state}
      className={`inline-flex items-center rounded-full border px-2 py-px text-xs font-medium whitespace-nowrap tabular-nums ${TONES[video.state]}`}
    >
      {videoStateLabel(video)}
    </span>
  )
}

/** A render's progress bar (frames done / total), named after the video. */
export function RenderProgress({ video }: { video: Pick<CreatedVideo, 'title' | 'progress'> }) {
  return (
    <div
      role="progressbar"
      aria-label={`Rendering ${video.title}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(video.progress)}
      className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${video.progress}%` }} />
    </div>
  )
}
