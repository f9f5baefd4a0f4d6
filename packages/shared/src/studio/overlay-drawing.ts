import type { TextOverlay } from './overlay-spec'
import { OVERLAY_BOX, OVERLAY_SHADOW, type OverlayLayout, type TextMeasurer } from './overlay-layout'

// Drawing the laid-out overlays: one implementation for the browser preview and the server renderer.

/** The subset of CanvasRenderingContext2D that drawing needs (the browser's and @napi-rs/canvas's both fit). */
export interface OverlayCanvas extends TextMeasurer {
  textAlign: string
  textBaseline: string
  lineWidth: number
  lineJoin: string
  strokeStyle: unknown
  fillStyle: unknown
  shadowColor: string
  shadowBlur: number
  shadowOffsetX: number
  shadowOffsetY: number
  strokeText(text: string, x: number, y: number): void
  fillText(text: string, x: number, y: number): void
  beginPath(): void
  moveTo(x: number, y: number): void
  arcTo(x1: number, y1: number, x2: number, y2: number, radius: number): void
  closePath(): void
  fill(): void
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance): the text colour on a background box. */
export function contrastingTextColor(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff'
}

function roundedRect(ctx: OverlayCanvas, x: number, y: number, w: number, h: number, r: number): void {
  const radius = Math.min(r, w / 2, h / 2)
  ctx.beginPath()
  ctx.moveTo(x + radius, y)
  ctx.arcTo(x + w, y, x + w, y + h, radius)
  ctx.arcTo(x + w, y + h, x, y + h, radius)
  ctx.arcTo(x, y + h, x, y, radius)
  ctx.arcTo(x, y, x + w, y, radius)
  ctx.closePath()
  ctx.fill()
}

/**
 * Draws the overlays onto a transparent (server) or video-frame (preview) canvas in their style. `pixelRatio` is the
 * canvas' backing-store scale: shadows are drawn in device pixels whatever the transform (canvas spec), so the
 * preview passes it to keep its shadow the output's shrunk.
 */
export function drawOverlays(ctx: OverlayCanvas, layouts: readonly OverlayLayout[], pixelRatio = 1): void {
  for (const layout of layouts) {
    const { overlay, fontPx, lineHeightPx } = layout
    ctx.font = layout.font
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.lineJoin = 'round'
    if (overlay.style === 'box') {
      ctx.fillStyle = overlay.color
      for (const line of layout.lines) {
        const w = line.width + 2 * layout.boxPadPx
        roundedRect(ctx, layout.x - w / 2, line.y - lineHeightPx / 2, w, lineHeightPx, fontPx * OVERLAY_BOX.radius)
      }
      ctx.fillStyle = contrastingTextColor(overlay.color)
      for (const line of layout.lines) ctx.fillText(line.text, layout.x, line.y)
      continue
    }
    if (overlay.style === 'shadow') {
      ctx.shadowColor = OVERLAY_SHADOW.color
      ctx.shadowBlur = fontPx * OVERLAY_SHADOW.blur * pixelRatio
      ctx.shadowOffsetX = 0
      ctx.shadowOffsetY = fontPx * OVERLAY_SHADOW.offsetY * pixelRatio
      ctx.fillStyle = overlay.color
      for (const line of layout.lines) ctx.fillText(line.text, layout.x, line.y)
      ctx.shadowColor = 'rgba(0, 0, 0, 0)'
      ctx.shadowBlur = 0
      ctx.shadowOffsetY = 0
      continue
    }
    // The stroke is centred on the glyph edge: twice the width leaves `outlinePx` outside the fill.
    ctx.lineWidth = layout.outlinePx * 2
    ctx.strokeStyle = '#000000'
    ctx.fillStyle = overlay.color
    for (const line of layout.lines) {
      ctx.strokeText(line.text, layout.x, line.y)
      ctx.fillText(line.text, layout.x, line.y)
    }
  }
}

/** The overlays drawn on a segment: a single video is the hook; `both` goes on every segment. */
export function overlaysFor(overlays: readonly TextOverlay[], segment: 'hook' | 'demo'): TextOverlay[] {
  return overlays.filter((o) => o.target === 'both' || o.target === segment)
}
