import {
  OVERLAY_COLORS,
  OVERLAY_DEFAULTS,
  OVERLAY_FONT_SIZES,
  OVERLAY_TEXT_STYLES,
  OVERLAY_TIME_MESSAGES,
  PLACEMENT_LABELS,
  fontSizeFromStored,
  overlayShownAt,
  overlaysFor,
  overlayTimeProblem,
  placementFromPosition,
  type OverlayPosition,
  type OverlayStyle,
  type OverlayTextStyle,
  type SavedHook,
  type SavedHookInput,
  type OverlayTarget,
  type StoredFontSize,
  type TextOverlay,
} from '@hookpost/shared/studio'

/**
 * What the overlay form holds: the text being typed, the style the next overlay gets (product.md §9 defaults) and its
 * optional start and end, as typed (seconds).
 */
export type OverlayDraft = { text: string; start: string; end: string } & Omit<OverlayStyle, 'startMs' | 'endMs'>

export function emptyDraft(): OverlayDraft {
  const { startMs: _start, endMs: _end, ...style } = OVERLAY_DEFAULTS
  return { text: '', start: '', end: '', ...style }
}

/** An overlay back in the form, to edit it. */
export function draftFromOverlay(overlay: TextOverlay): OverlayDraft {
  const { id: _id, startMs, endMs, ...rest } = overlay
  return { ...rest, start: secondsText(startMs), end: secondsText(endMs) }
}

function secondsText(ms: number | null): string {
  return ms === null ? '' : String(Math.round(ms) / 1000)
}

export const TIME_FORMAT_MESSAGE = 'Enter a time in seconds, like 1.5'

/** '' → null, '1.5' → 1500; undefined when it is not a time. */
export function parseSeconds(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined
  return Math.round(Number(trimmed) * 1000)
}

/**
 * What is wrong with the draft's start and end, per field (spec rule: start < end ≤ the video's length); `videoMs` is
 * null while the length is not known yet (the server checks it again).
 */
export function draftTimeErrors(draft: Pick<OverlayDraft, 'start' | 'end'>, videoMs: number | null) {
  const startMs = parseSeconds(draft.start)
  const endMs = parseSeconds(draft.end)
  const errors: { start?: string; end?: string } = {}
  if (startMs === undefined) errors.start = TIME_FORMAT_MESSAGE
  if (endMs === undefined) errors.end = TIME_FORMAT_MESSAGE
  if (startMs === undefined || endMs === undefined) return errors
  const problem = overlayTimeProblem({ startMs, endMs }, videoMs ?? Number.POSITIVE_INFINITY)
  if (problem === OVERLAY_TIME_MESSAGES.tooLate && startMs !== null && videoMs !== null && startMs >= videoMs) {
    errors.start = problem
  } else if (problem) errors.end = problem
  return errors
}

/**
 * An id that stays with the overlay across reorders (the list's key, the drag handle's id). `getRandomValues` works on
 * plain http too, where `randomUUID` does not exist.
 */
export function newOverlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `ov_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The overlay a (checked) draft makes; a time that is not one counts as none. */
export function overlayFromDraft(draft: OverlayDraft, id: string = newOverlayId()): TextOverlay {
  const { text, start, end, ...style } = draft
  return {
    ...style,
    id,
    text: text.trim(),
    startMs: parseSeconds(start) ?? null,
    endMs: parseSeconds(end) ?? null,
  }
}

/** An overlay made from text and a style (AI suggestions, the hook-demo page). */
export function overlayFromText(text: string, style: OverlayStyle, id: string = newOverlayId()): TextOverlay {
  return { ...style, id, text: text.trim() }
}

/** A saved hook applied to the video: its text and style, shown on both parts of a hook + demo video. */
export function overlayFromHook(hook: SavedHook, id: string = newOverlayId()): TextOverlay {
  return {
    ...OVERLAY_DEFAULTS,
    id,
    text: hook.text,
    // A hook saved before ADR 031 holds a version 1 position and size: read as their version 2 equivalents.
    position: placementFromPosition(hook.position),
    color: hook.color,
    fontSize: fontSizeFromStored(hook.fontSize),
    fontWeight: hook.fontWeight,
    target: 'both',
  }
}

/** What "Save as hook" keeps of an overlay: its text and style (not where it shows, nor its place in the list). */
export function hookFromOverlay(overlay: TextOverlay): SavedHookInput {
  return {
    text: overlay.text,
    position: overlay.position,
    color: overlay.color,
    fontSize: overlay.fontSize,
    fontWeight: overlay.fontWeight,
  }
}

/** The list with the item at `from` moved to `to` (later overlays draw on top, so order matters). */
export function moveOverlay<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

export const TARGET_LABELS: Record<OverlayTarget, string> = { hook: 'Hook', demo: 'Demo', both: 'Both' }

export function colorLabel(color: string): string {
  return OVERLAY_COLORS.find((c) => c.value === color)?.label ?? color
}

export function sizeLabel(fontSize: StoredFontSize): string {
  const value = fontSizeFromStored(fontSize)
  const size = OVERLAY_FONT_SIZES.find((s) => s.value === value)
  return size ? `${size.label} (${size.value} px)` : `${value} px`
}

export function textStyleLabel(style: OverlayTextStyle): string {
  return OVERLAY_TEXT_STYLES.find((s) => s.value === style)?.label ?? style
}

/** '0–2.5 s', 'From 1 s', 'Until 3 s', or null for the whole video. */
export function timingLabel(overlay: Pick<TextOverlay, 'startMs' | 'endMs'>): string | null {
  const s = (ms: number) => `${Math.round(ms) / 1000} s`
  if (overlay.startMs === null && overlay.endMs === null) return null
  if (overlay.endMs === null) return `From ${s(overlay.startMs ?? 0)}`
  if (overlay.startMs === null) return `Until ${s(overlay.endMs)}`
  return `${Math.round(overlay.startMs) / 1000}–${s(overlay.endMs)}`
}

/** What describeOverlayStyle reads: an overlay, or a saved hook (version 1 or 2). */
export type DescribedStyle = {
  position: OverlayPosition
  color: string
  fontSize: StoredFontSize
  fontWeight: TextOverlay['fontWeight']
  target: OverlayTarget
  style?: OverlayTextStyle
  anchor?: TextOverlay['anchor']
  startMs?: number | null
  endMs?: number | null
}

/** 'Middle · White · Medium (72 px) · Bold · Outline', where it shows in a hook + demo video, and its times. */
export function describeOverlayStyle(overlay: DescribedStyle, combined: boolean): string {
  const parts = [
    overlay.anchor ? 'Custom position' : PLACEMENT_LABELS[placementFromPosition(overlay.position)],
    colorLabel(overlay.color),
    sizeLabel(overlay.fontSize),
    overlay.fontWeight === 'bold' ? 'Bold' : 'Normal',
  ]
  if (overlay.style) parts.push(textStyleLabel(overlay.style))
  if (combined) parts.push(overlay.target === 'both' ? 'Hook and demo' : `${TARGET_LABELS[overlay.target]} only`)
  const timing = timingLabel({ startMs: overlay.startMs ?? null, endMs: overlay.endMs ?? null })
  if (timing) parts.push(timing)
  return parts.join(' · ')
}

/** The overlays showing at `ms` of the output video (the preview draws only those, as the renderer enables them). */
export function overlaysShownAt(overlays: readonly TextOverlay[], ms: number): TextOverlay[] {
  return overlays.filter((o) => overlayShownAt(o, ms))
}

/** The part of the video a preview shows: a single video is the hook; side by side is one picture of both. */
export type PreviewSegment = 'hook' | 'demo' | 'split'

/**
 * The overlays drawn on the part shown, in the order they are drawn: the renderer draws `overlaysFor(…, segment)` on
 * each segment; side by side is a single segment holding both videos, so every overlay is on it.
 */
export function overlaysForPreview(overlays: readonly TextOverlay[], segment: PreviewSegment): TextOverlay[] {
  return segment === 'split' ? [...overlays] : overlaysFor(overlays, segment)
}
