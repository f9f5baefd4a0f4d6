import { MESSAGES, overlayTimeProblem, type TextOverlay, type VideoLayout } from '@hookpost/shared'
import { RenderError } from '../../integrations/ffmpeg/render/types'

/**
 * The render job's decisions, as pure functions (product.md §4 "Server combine": retry 3 attempts, back-off 2 s × 2^attempt,
 * timeout 180 s). A video goes
 *
 *   queued → rendering → processed | failed
 *
 * and back to queued between attempts. A processed video is never rendered again; a failed one only by Retry.
 */

export interface RenderSettings {
  /** Attempts of one render before a failure that keeps coming back is final. */
  maxAttempts: number
  /** Back-off before attempt n + 1: `retryBaseMs × 2^(n − 1)` (the spec's 2 s × 2^attempt, attempt counted from 0). */
  retryBaseMs: number
  /** Per attempt; ffmpeg is killed after it (RenderOptions.timeoutMs). */
  timeoutMs: number
  /** A `rendering` video nobody touched for this long belongs to a dead worker (a live render beats every few s). */
  leaseMs: number
  /** A `queued` video untouched this long gets its job sent again (a vanished job; a duplicate is harmless). */
  queuedGraceMs: number
  /** Live `video.progress` events at most this often. */
  progressEventMs: number
  /** The row's progress and heartbeat at most this often. */
  progressWriteMs: number
  /** On shutdown a running render gets this long to finish before it is stopped and queued again. */
  stopGraceMs: number
  /** Renders one person may have running at once, across all workers (ADR 055). */
  rendersPerPerson: number
  /** How many people's next renders a finished render wakes. */
  wakeLimit: number
}

export const DEFAULT_RENDER_SETTINGS: RenderSettings = {
  maxAttempts: 3,
  retryBaseMs: 2_000,
  timeoutMs: 180_000,
  leaseMs: 60_000,
  queuedGraceMs: 60_000,
  progressEventMs: 500,
  progressWriteMs: 3_000,
  // pg-boss waits 10 s for running handlers on stop (lib/job-queue.ts); a stopped render is simply queued again.
  stopGraceMs: 1_000,
  // One each: a worker has two render slots (lib/job-queue.ts), so while one person's flood holds one, the next
  // person's render starts at once in the other. ffmpeg already fills both cores, so one person alone loses nothing.
  rendersPerPerson: 1,
  wakeLimit: 4,
}

/** Wait before the attempt after `failedAttempt` (1-based): 2 s, then 4 s with the defaults. */
export function retryDelayMs(failedAttempt: number, settings: Pick<RenderSettings, 'retryBaseMs'>): number {
  return settings.retryBaseMs * 2 ** Math.max(0, failedAttempt - 1)
}

export type RenderFailureDecision =
  { type: 'retry'; delayMs: number; message: string } | { type: 'fail'; message: string }

/**
 * What to do after attempt `attempt` (1-based) failed with `error`. A RenderError says whether running again can help
 * (a corrupt source cannot); anything else (a bug, a full disk) is retried with the spec's generic message.
 */
export function decideRenderFailure(
  error: unknown,
  attempt: number,
  settings: Pick<RenderSettings, 'maxAttempts' | 'retryBaseMs'>,
): RenderFailureDecision {
  const isRenderError = error instanceof RenderError
  const message = isRenderError && error.message.trim() ? error.message : MESSAGES.renderFailed
  if (isRenderError && !error.retryable) return { type: 'fail', message }
  if (attempt >= settings.maxAttempts) return { type: 'fail', message }
  return { type: 'retry', delayMs: retryDelayMs(attempt, settings), message }
}

/**
 * A render whose worker died (its lease expired). It counts as an attempt, so a video that kills the worker every time
 * (say, it runs the machine out of memory) ends `failed` instead of looping.
 */
export function decideOrphan(
  attempts: number,
  settings: Pick<RenderSettings, 'maxAttempts'>,
): { type: 'requeue' } | { type: 'fail'; message: string } {
  return attempts >= settings.maxAttempts ? { type: 'fail', message: MESSAGES.renderInterrupted } : { type: 'requeue' }
}

/** A single video has no demo; with a demo the person chose sequence (default) or split. */
export function layoutFor(input: { demoMediaId: string | null; layout: 'sequence' | 'split' }): VideoLayout {
  return input.demoMediaId ? input.layout : 'single'
}

/** How long the output is (render-args `outputFrames` in ms): the hook; hook + demo in sequence; the longer when split. */
export function outputDurationMs(layout: VideoLayout, hookMs: number, demoMs: number | null): number {
  if (layout === 'single' || demoMs === null) return hookMs
  return layout === 'sequence' ? hookMs + demoMs : Math.max(hookMs, demoMs)
}

/** ADR 031: an overlay's end (and start) must fall within the video; the first one that does not, with its path. */
export function overlayTimingIssue(
  overlays: readonly Pick<TextOverlay, 'startMs' | 'endMs'>[],
  videoMs: number,
): { path: string; message: string } | null {
  for (const [index, overlay] of overlays.entries()) {
    const message = overlayTimeProblem(overlay, videoMs)
    if (message) return { path: `textOverlays.${index}.endMs`, message }
  }
  return null
}

/** The name a download is saved under: the title, made safe for a file name and a header, plus `.mp4`. */
export function downloadFileName(title: string): string {
  const cleaned = Array.from(title.replace(/[/\\:*?"<>|]+/g, '-'))
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  const base = Array.from(cleaned).slice(0, 200).join('').trim()
  return `${base || 'video'}.mp4`
}
