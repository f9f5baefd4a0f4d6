import type { SourceFit, TextOverlay, VideoLayout } from '@hookpost/shared'

/**
 * The contract between the videos module (which owns rows, jobs and retries) and the renderer (which turns inputs and
 * an overlay spec into an MP4 with ffmpeg). docs/architecture.md "Media pipeline".
 */

/** A source video on local disk, with the facts ffprobe found when it was uploaded. */
export interface RenderSource {
  path: string
  width: number
  height: number
  durationMs: number
  fps: number
  hasAudio: boolean
}

export interface RenderPlan {
  /** single: `hook` only. sequence: `hook` then `demo`. split: both side by side, each half the width. */
  layout: VideoLayout
  /** The primary video (the hook of a hook + demo video). */
  hook: RenderSource
  /** Required for sequence and split, null for single. */
  demo: RenderSource | null
  /** How a full-frame source that is not portrait 9:16 fills the frame (ADR 032); a split's halves are letterboxed. */
  fit: SourceFit
  /** With `crop`: where the primary video's picture is kept, 0–100 along the cut axis (the demo keeps its centre); absent, the centre. */
  cropFocus?: number
  overlays: TextOverlay[]
  /** Where the H.264/AAC 1080×1920 30 fps `+faststart` MP4 goes (its folder exists). */
  outputPath: string
  /** Where the JPEG thumbnail (a frame from the first second, with the overlays) goes. */
  thumbnailPath: string
  /** A private scratch folder (overlay images and the like); the caller creates and removes it. */
  workDir: string
}

export interface RenderOptions {
  ffmpegPath: string
  /** Checks the output; defaults to the `ffprobe` beside `ffmpegPath` (config's FFPROBE_PATH belongs here). */
  ffprobePath?: string
  /** 0–100 (frames done / total frames, capped at 100), at most a few times a second. */
  onProgress?: (percent: number) => void
  /** Kills ffmpeg and rejects with a RenderError when exceeded (the spec's 180 s per attempt). */
  timeoutMs?: number
  signal?: AbortSignal
}

export interface RenderResult {
  durationMs: number
  width: number
  height: number
  sizeBytes: number
  /** Wall-clock milliseconds ffmpeg ran (bench and logs). */
  elapsedMs: number
}

/**
 * Why a render failed: `message` is fit to show the person ("The video could not be rendered: ..."), `detail` is the
 * tail of ffmpeg's stderr for the log. `retryable` is false when running again cannot help (a corrupt source).
 */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'RenderError'
  }
}
