/** The rendered file: TikTok's native 9:16 at 30 fps. Font sizes and the outline are in pixels of this frame. */
export const OUTPUT_FRAME = { width: 1080, height: 1920, fps: 30 } as const
/** product.md §2: the Create tab's preview and the schedule form's preview. */
export const PREVIEW_SIZES = { create: { width: 280, height: 498 }, schedule: { width: 200, height: 356 } } as const

// TikTok's safe zone: what the app's own interface covers on a phone, as fractions of the 9:16 frame (ADR 031).

export const TIKTOK_SAFE_ZONE = {
  /** The top bar (LIVE, Following | For You, search): the top 8 % (154 px of 1920). */
  topBar: 0.08,
  /** The caption, sound and navigation bar: the bottom 20 % (384 px). */
  captionArea: 0.2,
  /** The buttons column (profile, like, comment, save, share) on the right: 12 % wide (130 px), from 40 % down. */
  buttons: { width: 0.12, top: 0.4 },
} as const

/**
 * Where text is safe, in pixels of `frame`: between the top bar and the caption area, and as far from the left edge
 * as the buttons column is wide from the right, so centred text stays centred (as TikTok's own editor centres it).
 */
export function safeTextArea(frame: { width: number; height: number }) {
  const side = frame.width * TIKTOK_SAFE_ZONE.buttons.width
  const top = frame.height * TIKTOK_SAFE_ZONE.topBar
  const bottom = frame.height * (1 - TIKTOK_SAFE_ZONE.captionArea)
  return { left: side, right: frame.width - side, top, bottom }
}

/** The parts of TikTok's interface a block of text can sit under (ADR 031's safe zone). */
export type SafeZoneClash = 'topBar' | 'buttons' | 'caption'

export const SAFE_ZONE_CLASH_NAMES: Record<SafeZoneClash, string> = {
  topBar: 'top bar',
  buttons: 'buttons on the right',
  caption: 'caption and sound bar',
}

/**
 * Which of TikTok's interface parts cover `bounds` (pixels of `frame`), by more than a pixel of the frame's 1080: a
 * dragged overlay can go there (the placements never do), where a viewer cannot read it (issue 30 item 9).
 */
export function safeZoneClashes(
  bounds: { left: number; top: number; width: number; height: number },
  frame: { width: number; height: number },
): SafeZoneClash[] {
  const slack = frame.width / OUTPUT_FRAME.width
  const right = bounds.left + bounds.width
  const bottom = bounds.top + bounds.height
  const captionTop = frame.height * (1 - TIKTOK_SAFE_ZONE.captionArea)
  const buttonsLeft = frame.width * (1 - TIKTOK_SAFE_ZONE.buttons.width)
  const buttonsTop = frame.height * TIKTOK_SAFE_ZONE.buttons.top
  const clashes: SafeZoneClash[] = []
  if (bounds.top < frame.height * TIKTOK_SAFE_ZONE.topBar - slack) clashes.push('topBar')
  if (right > buttonsLeft + slack && bottom > buttonsTop + slack && bounds.top < captionTop - slack) {
    clashes.push('buttons')
  }
  if (bottom > captionTop + slack) clashes.push('caption')
  return clashes
}
