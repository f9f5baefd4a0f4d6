import {
  LEGACY_FONT_SIZES,
  OVERLAY_SPEC_VERSION,
  type LegacyFontSize,
  type LegacyTextOverlay,
  type OverlayFontSize,
  type OverlayPlacement,
  type OverlayPosition,
  type StoredFontSize,
  type StoredTextOverlay,
  type TextOverlay,
} from './overlay-spec'

// Version 1 overlays and saved hooks (product.md §3/§9), read as version 2 (ADR 031).

/** A version 1 position as a version 2 row: the corners keep their row (top or bottom), centred in the safe zone. */
export function placementFromPosition(position: OverlayPosition): OverlayPlacement {
  if (position.startsWith('top')) return 'top'
  if (position.startsWith('bottom')) return 'bottom'
  return 'center'
}

/** A version 1 size as the version 2 size of the same name; a version 2 size as it is. */
export function fontSizeFromStored(size: StoredFontSize): OverlayFontSize {
  return size in LEGACY_FONT_SIZES ? LEGACY_FONT_SIZES[size as LegacyFontSize] : (size as OverlayFontSize)
}

/** Migrates a stored overlay to version 2 when it is read (ADR 031); a version 2 overlay comes back as it is. */
export function readOverlay(stored: StoredTextOverlay): TextOverlay {
  if ('version' in stored && stored.version === OVERLAY_SPEC_VERSION) return stored
  const legacy = stored as LegacyTextOverlay
  return {
    version: OVERLAY_SPEC_VERSION,
    id: legacy.id,
    text: legacy.text,
    position: placementFromPosition(legacy.position),
    anchor: null,
    color: legacy.color,
    fontSize: fontSizeFromStored(legacy.fontSize),
    fontWeight: legacy.fontWeight,
    // Version 1 always drew a black outline.
    style: 'outline',
    target: legacy.target,
    startMs: null,
    endMs: null,
  }
}

export function readOverlays(stored: readonly StoredTextOverlay[]): TextOverlay[] {
  return stored.map(readOverlay)
}
