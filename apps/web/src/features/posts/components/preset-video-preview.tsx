import { formatDuration } from '../../../lib/format'
import type { PresetVideo } from '../utils/schedule-form'

/** The video being scheduled, as it will be posted (TikTok rule 5): a 200×356 player (product.md §2), its name and length. */
export function PresetVideoPreview({ video, problem }: { video: PresetVideo; problem: string | null }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Video</p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start">
        <video
          src={video.previewUrl}
          controls
          muted
          playsInline
          preload="metadata"
          width={200}
          height={356}
          aria-label={`Preview of ${video.name}`}
          className="h-[356px] w-[200px] shrink-0 rounded-md bg-black object-contain"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Name</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">{video.name}</dd>
          <dt className="text-slate-600">Duration</dt>
          <dd className="text-slate-900">{formatDuration(video.durationMs)}</dd>
        </dl>
      </div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
