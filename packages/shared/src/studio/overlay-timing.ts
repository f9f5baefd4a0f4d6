import { OVERLAY_TIME_MESSAGES, type TextOverlay } from './overlay-spec'

/** Whether the overlay shows at `ms` of the output video. */
export function overlayShownAt(overlay: Pick<TextOverlay, 'startMs' | 'endMs'>, ms: number): boolean {
  return (overlay.startMs === null || ms >= overlay.startMs) && (overlay.endMs === null || ms < overlay.endMs)
}

/**
 * An overlay's time window within a segment that starts at `segmentStartMs` of the output and lasts `segmentMs`,
 * in milliseconds from the segment's start: null when it never shows there; `endMs` null when it lasts to the end.
 */
export function overlayWindowIn(
  overlay: Pick<TextOverlay, 'startMs' | 'endMs'>,
  segmentStartMs: number,
  segmentMs: number,
): { startMs: number; endMs: number | null } | null {
  const start = Math.max(0, (overlay.startMs ?? 0) - segmentStartMs)
  const end = overlay.endMs === null ? null : overlay.endMs - segmentStartMs
  if (start >= segmentMs || (end !== null && end <= 0)) return null
  return { startMs: start, endMs: end === null || end >= segmentMs ? null : end }
}

/** The problem with an overlay's times for a video `videoMs` long, or null (start < end is the schema's rule). */
export function overlayTimeProblem(overlay: Pick<TextOverlay, 'startMs' | 'endMs'>, videoMs: number): string | null {
  if (overlay.startMs !== null && overlay.endMs !== null && overlay.startMs >= overlay.endMs) {
    return OVERLAY_TIME_MESSAGES.order
  }
  if (overlay.endMs !== null && overlay.endMs > videoMs) return OVERLAY_TIME_MESSAGES.tooLate
  if (overlay.startMs !== null && overlay.startMs >= videoMs) return OVERLAY_TIME_MESSAGES.tooLate
  return null
}
