import {
  isPortrait916,
  OUTPUT_FRAME,
  PREVIEW_SIZES,
  drawOverlays,
  layoutOverlays,
  overlayFont,
  SAFE_ZONE_CLASH_NAMES,
  safeZoneClashes,
  type OverlayCanvas,
  type OverlayLayout,
  type SourceFit,
  type TextOverlay,
} from '@hookpost/shared/studio'

/** product.md §2: the Create tab's preview is 280×498, the 1080×1920 output shrunk. */
export const PREVIEW_FRAME = PREVIEW_SIZES.create

/** What the preview needs of a 2D context on top of what `drawOverlays` uses. */
export interface PreviewCanvas extends OverlayCanvas {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void
  clearRect(x: number, y: number, width: number, height: number): void
}

/**
 * Draws `overlays` on a preview canvas exactly as the renderer draws them on the output (ADR 010): the shared
 * `layoutOverlays` on a frame of the preview's CSS size, then the shared `drawOverlays`. The canvas' backing store is
 * `pixelRatio` times larger so the text is sharp on dense screens; the transform maps CSS pixels onto it.
 */
export function drawOverlayPreview(
  ctx: PreviewCanvas,
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number } = PREVIEW_FRAME,
  pixelRatio = 1,
): OverlayLayout[] {
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0)
  ctx.clearRect(0, 0, frame.width, frame.height)
  const layouts = layoutOverlays(overlays, frame, ctx)
  drawOverlays(ctx, layouts, pixelRatio)
  return layouts
}

/**
 * The fonts the preview needs before drawing (`document.fonts.load(font, text)`): each overlay's font at its preview
 * size with its own text, so the emoji faces its text uses are fetched too (Noto Color Emoji comes in many subsets).
 */
export function previewFontRequests(
  overlays: readonly TextOverlay[],
  frame: { width: number } = PREVIEW_FRAME,
): { font: string; text: string }[] {
  const scale = frame.width / OUTPUT_FRAME.width
  return overlays.map((o) => ({ font: overlayFont(o.fontSize * scale, o.fontWeight), text: o.text }))
}

/** The canvas' text alternative: the overlays it shows, in drawing order. */
export function previewDescription(overlays: readonly TextOverlay[], what: string): string {
  if (overlays.length === 0) return `${what}: no text overlays`
  return `${what} with text overlays: ${overlays.map((o) => `“${o.text}”`).join(', ')}`
}

/** How the preview shows a video in its box: covering it (cropped), letterboxed in black, or over a blurred copy. */
export type PreviewFit = 'cover' | 'contain' | 'blur'

/**
 * How a video fills its part of the preview, as the renderer fits it (render-args.ts `fitFilters`, ADR 032): a
 * portrait 9:16 video on the whole frame covers it (the few percent of overflow cropped); any other shape on the whole
 * frame follows the chosen fit (crop covers, blur shows it whole over a blurred copy); each half of a side by side
 * video is letterboxed in black. `size` is the video's, when known (unknown: letterboxed until it is).
 */
export function previewFit(
  box: 'full' | 'half',
  size: { width: number; height: number } | null,
  fit: SourceFit = 'blur',
): PreviewFit {
  if (box === 'half' || size === null) return 'contain'
  if (isPortrait916(size.width, size.height)) return 'cover'
  return fit === 'crop' ? 'cover' : 'blur'
}

/** Whether a video of `size` needs a fit on the whole frame (it is not portrait 9:16). */
export function needsFit(size: { width: number; height: number } | null): boolean {
  return size !== null && !isPortrait916(size.width, size.height)
}

/**
 * A dragged overlay's anchor: where its block's centre went, as fractions of the frame (layoutOverlays keeps the block
 * whole inside the frame, so anything from 0 to 1 is fine), rounded to 0.1 % so the spec stays short.
 */
export function anchorAt(
  centre: { x: number; y: number },
  frame: { width: number; height: number } = PREVIEW_FRAME,
): { x: number; y: number } {
  const fraction = (v: number, size: number) => Math.round(Math.min(1, Math.max(0, v / size)) * 1000) / 1000
  return { x: fraction(centre.x, frame.width), y: fraction(centre.y, frame.height) }
}

/** One arrow-key nudge on the preview: 1 % of the frame, 5 % with Shift. */
export function nudgeAnchor(
  anchor: { x: number; y: number },
  key: string,
  big: boolean,
): { x: number; y: number } | null {
  const step = big ? 0.05 : 0.01
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }
  const move = moves[key]
  if (!move) return null
  const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000
  return { x: clamp(anchor.x + move[0]), y: clamp(anchor.y + move[1]) }
}

type Point = { x: number; y: number }

/** The centre of an overlay's block on the frame (its layout's bounds, in CSS pixels). */
export function blockCentre(bounds: { left: number; top: number; width: number; height: number }): Point {
  return { x: bounds.left + bounds.width / 2, y: bounds.top + bounds.height / 2 }
}

/**
 * Where a drag took hold of a block: the pointer's offset from the block's centre and the frame's place on the page,
 * both read when the pointer went down, so the block keeps that offset under the pointer.
 */
export type DragGrip = { dx: number; dy: number; frameLeft: number; frameTop: number }

export function gripAt(pointer: Point, frame: { left: number; top: number }, centre: Point): DragGrip {
  return {
    dx: pointer.x - frame.left - centre.x,
    dy: pointer.y - frame.top - centre.y,
    frameLeft: frame.left,
    frameTop: frame.top,
  }
}

/** The anchor a drag gives: the block's centre kept at the grip's offset from the pointer (page coordinates). */
export function draggedAnchor(pointer: Point, grip: DragGrip): Point {
  return anchorAt({ x: pointer.x - grip.frameLeft - grip.dx, y: pointer.y - grip.frameTop - grip.dy })
}

/**
 * What the preview warns about an overlay dragged under TikTok's interface (issue 30 item 9): one sentence each, for
 * the overlays `layouts` lays out in `frame`, in their order.
 */
export function safeZoneWarnings(
  layouts: readonly Pick<OverlayLayout, 'overlay' | 'bounds'>[],
  frame: { width: number; height: number } = PREVIEW_FRAME,
): { id: string; text: string }[] {
  return layouts.flatMap(({ overlay, bounds }) => {
    const clashes = safeZoneClashes(bounds, frame)
    if (clashes.length === 0) return []
    const under = clashes.map((c) => SAFE_ZONE_CLASH_NAMES[c]).join(' and ')
    return [
      {
        id: overlay.id,
        text: `“${overlay.text}” sits under TikTok’s ${under}: drag it into the clear area so viewers can read it.`,
      },
    ]
  })
}
