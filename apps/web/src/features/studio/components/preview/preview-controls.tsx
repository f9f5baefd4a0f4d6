import type { PreviewPlayback } from '../../hooks/use-preview-playback'
import { formatSeconds } from '../../utils/preview-scene'

/** The player's controls, below the frame so they never cover the bottom overlay: play/pause, position and time. */
export function PreviewControls({
  playback,
  hasVideo,
  nowMs,
  maxWidth,
}: {
  playback: PreviewPlayback
  /** Without a video there is nothing to play or seek. */
  hasVideo: boolean
  /** The time shown: the output video's (a demo after the hook starts when the hook ends). */
  nowMs: number
  maxWidth: number
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" style={{ maxWidth }}>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={hasVideo ? undefined : true}
        onClick={playback.toggle}
      >
        {playback.playing ? 'Pause preview' : 'Play preview'}
      </button>
      <label className="flex min-w-0 flex-1 items-center gap-2 text-xs text-slate-700">
        <span className="sr-only">Preview time</span>
        <input
          type="range"
          min={0}
          max={Math.max(playback.durationMs, 1)}
          step={100}
          value={Math.min(playback.timeMs, Math.max(playback.durationMs, 1))}
          disabled={!hasVideo}
          onChange={(e) => playback.seek(Number(e.target.value))}
          className="min-w-0 flex-1 accent-fuchsia-700"
        />
        <span aria-live="off" className="tabular-nums">
          {formatSeconds(nowMs)}
        </span>
      </label>
    </div>
  )
}
