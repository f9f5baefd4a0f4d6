import { OUTPUT_FRAME, safeTextArea } from './video-frame'
import type { OverlayFontWeight, OverlayTextStyle, TextOverlay } from './overlay-spec'

// Layout and drawing (overlay-drawing.ts): one implementation for the browser preview and the server renderer.

/** The font stack: text in Inter, emoji in Noto Color Emoji (both registered under these names on both sides). */
export const OVERLAY_FONT_FAMILIES = ['Inter', 'Noto Color Emoji'] as const
export const OVERLAY_FONT_STACK = OVERLAY_FONT_FAMILIES.map((f) => `"${f}"`).join(', ')
/** The outline is 8 % of the font size (product.md §9's 2 px was for 16–48 px text): ~10 px on an X-Large headline. */
export const OVERLAY_OUTLINE_RATIO = 0.08
/** The background box: 0.3 em either side of each line, corners rounded 0.25 em, each line's box as tall as the line. */
export const OVERLAY_BOX = { padX: 0.3, radius: 0.25 } as const
/** The drop shadow, in ems: blur and downward offset, 75 % black. */
export const OVERLAY_SHADOW = { blur: 0.12, offsetY: 0.05, color: 'rgba(0, 0, 0, 0.75)' } as const
export const OVERLAY_LINE_HEIGHT = 1.25

export function overlayFont(fontSizePx: number, weight: OverlayFontWeight): string {
  return `${weight === 'bold' ? 'bold' : 'normal'} ${fontSizePx}px ${OVERLAY_FONT_STACK}`
}

/** What `layoutOverlays` needs to measure text; CanvasRenderingContext2D (browser and @napi-rs/canvas) has it. */
export interface TextMeasurer {
  font: string
  measureText(text: string): { width: number }
}

export interface OverlayLayout {
  overlay: TextOverlay
  /** In pixels of the frame it was laid out for. */
  fontPx: number
  /** The outline's width outside the glyphs (outline style), the box's side padding (box style). */
  outlinePx: number
  boxPadPx: number
  lineHeightPx: number
  font: string
  /** The centre of every line. */
  x: number
  /** The vertical centre of each line (textBaseline 'middle'), top to bottom, and its measured width. */
  lines: { text: string; y: number; width: number }[]
  /** What the overlay covers (text plus outline or box), for dragging it on the preview and for tests. */
  bounds: { left: number; top: number; width: number; height: number }
}

/** The room a style needs beside the glyphs: the outline, the box's padding, the shadow's blur. */
function styleInset(style: OverlayTextStyle, fontPx: number): number {
  if (style === 'box') return fontPx * OVERLAY_BOX.padX
  if (style === 'outline') return fontPx * OVERLAY_OUTLINE_RATIO
  return fontPx * OVERLAY_SHADOW.blur
}

function clamp(value: number, min: number, max: number): number {
  return max < min ? (min + max) / 2 : Math.min(max, Math.max(min, value))
}

/**
 * Where each overlay's lines go on a `width`×`height` frame (ADR 031). Text wraps within the safe width
 * (`safeTextArea`) and is centred on it. Top puts the block's top edge on the safe area's top, bottom its bottom edge on
 * the safe area's bottom, middle its centre on the frame's centre, so long wrapped text grows away from TikTok's bars
 * instead of under them. A dragged overlay (`anchor`) is centred there, kept whole inside the frame. Sizes scale with
 * width / 1080, so the 280 px preview is the 1080 px output shrunk.
 */
export function layoutOverlays(
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number },
  measurer: TextMeasurer,
): OverlayLayout[] {
  const scale = frame.width / OUTPUT_FRAME.width
  const safe = safeTextArea(frame)
  return overlays.map((overlay) => {
    const fontPx = overlay.fontSize * scale
    const font = overlayFont(fontPx, overlay.fontWeight)
    const inset = styleInset(overlay.style, fontPx)
    measurer.font = font
    const measure = (t: string) => measurer.measureText(t).width
    const wrapped = wrapText(overlay.text.trim(), safe.right - safe.left - 2 * inset, measure)
    const lineHeightPx = fontPx * OVERLAY_LINE_HEIGHT
    const widths = wrapped.map(measure)
    const blockWidth = Math.max(...widths) + 2 * inset
    const blockHeight = wrapped.length * lineHeightPx
    let centreX = frame.width / 2
    let top: number
    if (overlay.anchor) {
      centreX = clamp(overlay.anchor.x * frame.width, blockWidth / 2, frame.width - blockWidth / 2)
      top = clamp(overlay.anchor.y * frame.height - blockHeight / 2, 0, frame.height - blockHeight)
    } else if (overlay.position === 'top') {
      top = safe.top
    } else if (overlay.position === 'bottom') {
      top = safe.bottom - blockHeight
    } else {
      top = clamp(frame.height / 2 - blockHeight / 2, safe.top, safe.bottom - blockHeight)
    }
    return {
      overlay,
      fontPx,
      outlinePx: fontPx * OVERLAY_OUTLINE_RATIO,
      boxPadPx: fontPx * OVERLAY_BOX.padX,
      lineHeightPx,
      font,
      x: centreX,
      lines: wrapped.map((text, i) => ({ text, y: top + (i + 0.5) * lineHeightPx, width: widths[i] ?? 0 })),
      bounds: { left: centreX - blockWidth / 2, top, width: blockWidth, height: blockHeight },
    }
  })
}

/** Greedy word wrap; a single word wider than `maxWidth` is broken by characters (code points, so emoji stay whole). */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  // A line exactly as wide as the room must not wrap on one frame size and not the other over a rounding error.
  maxWidth *= 1 + 1e-9
  const lines: string[] = []
  for (const paragraph of text.split(/\r?\n/)) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (measure(candidate) <= maxWidth) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = ''
      if (measure(word) <= maxWidth) {
        line = word
        continue
      }
      for (const ch of Array.from(word)) {
        if (line && measure(line + ch) > maxWidth) {
          lines.push(line)
          line = ''
        }
        line += ch
      }
    }
    if (line) lines.push(line)
  }
  return lines.length > 0 ? lines : ['']
}
