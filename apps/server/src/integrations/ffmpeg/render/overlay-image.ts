import { writeFile } from 'node:fs/promises'
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { drawOverlays, layoutOverlays, OUTPUT_FRAME, type OverlayLayout, type TextOverlay } from '@hookpost/shared'
import { registerOverlayFonts } from './fonts'

/**
 * One segment's overlays as a transparent PNG the size of the output frame (ADR 010): laid out and drawn by the same
 * `layoutOverlays` / `drawOverlays` as the browser preview, then composited by ffmpeg's `overlay` filter. User text
 * never reaches an ffmpeg argument, so there is nothing to escape.
 */
export interface OverlayImage {
  png: Buffer
  /** Where each overlay's lines went, in pixels of the 1080×1920 frame (tests and logs). */
  layouts: OverlayLayout[]
}

/**
 * Lays out and draws `overlays` onto `ctx` (a canvas the size of `frame`) with the shared code of the browser preview:
 * the video renderer's overlay PNGs and the slideshow's JPEG slides (slide-image.ts) both draw through here.
 */
export function paintOverlays(
  ctx: SKRSContext2D,
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number },
): OverlayLayout[] {
  registerOverlayFonts()
  const layouts = layoutOverlays(overlays, frame, ctx)
  drawOverlays(ctx, layouts)
  return layouts
}

/**
 * Null when there is nothing to draw (the segment gets no overlay filter at all). `frame` is the output's size (sizes
 * scale with its width, as in the preview); the studio always renders at 1080×1920.
 */
export async function renderOverlayImage(
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number } = OUTPUT_FRAME,
): Promise<OverlayImage | null> {
  if (overlays.length === 0) return null
  const canvas = createCanvas(frame.width, frame.height)
  const layouts = paintOverlays(canvas.getContext('2d'), overlays, frame)
  return { png: await canvas.encode('png'), layouts }
}

/** Writes the segment's PNG to `filePath`; null (and no file) when the segment has no overlays. */
export async function writeOverlayImage(
  overlays: readonly TextOverlay[],
  filePath: string,
  frame: { width: number; height: number } = OUTPUT_FRAME,
): Promise<string | null> {
  const image = await renderOverlayImage(overlays, frame)
  if (!image) return null
  await writeFile(filePath, image.png)
  return filePath
}
