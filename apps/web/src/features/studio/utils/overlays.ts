import {
  OVERLAY_COLORS,
  OVERLAY_DEFAULTS,
  OVERLAY_FONT_SIZES,
  POSITION_LABELS,
  overlaysFor,
  type OverlayStyle,
  type SavedHook,
  type SavedHookInput,
  type OverlayTarget,
  type TextOverlay,
} from '@hookpost/shared/studio'

/** What the add-overlay form holds: the text being typed and the style the next overlay gets (spec §9 defaults). */
export type OverlayDraft = { text: string } & OverlayStyle

export function emptyDraft(): OverlayDraft {
  return { text: '', ...OVERLAY_DEFAULTS }
}

/**
 * An id that stays with the overlay across reorders (the list's key, the drag handle's id). `getRandomValues` works on
 * plain http too, where `randomUUID` does not exist.
 */
export function newOverlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `ov_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export function overlayFromDraft(draft: OverlayDraft, id: string = newOverlayId()): TextOverlay {
  return {
    id,
    text: draft.text.trim(),
    position: draft.position,
    color: draft.color,
    fontSize: draft.fontSize,
    fontWeight: draft.fontWeight,
    target: draft.target,
  }
}

/** A saved hook applied to the video: its text and style, shown on both parts of a hook + demo video. */
export function overlayFromHook(hook: SavedHook, id: string = newOverlayId()): TextOverlay {
  return {
    id,
    text: hook.text,
    position: hook.position,
    color: hook.color,
    fontSize: hook.fontSize,
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

export function sizeLabel(fontSize: number): string {
  const size = OVERLAY_FONT_SIZES.find((s) => s.value === fontSize)
  return size ? `${size.label} (${size.value} px)` : `${fontSize} px`
}

/** 'Center · White · Medium (24 px) · Bold', plus where it shows in a hook + demo video. */
export function describeOverlayStyle(overlay: OverlayStyle, combined: boolean): string {
  const parts = [
    POSITION_LABELS[overlay.position],
    colorLabel(overlay.color),
    sizeLabel(overlay.fontSize),
    overlay.fontWeight === 'bold' ? 'Bold' : 'Normal',
  ]
  if (combined) parts.push(overlay.target === 'both' ? 'Hook and demo' : `${TARGET_LABELS[overlay.target]} only`)
  return parts.join(' · ')
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
