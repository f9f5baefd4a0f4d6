import { z } from 'zod'

/** product.md §5: width/height within 0.05 of 9/16. */
export const PORTRAIT_RATIO = 9 / 16
export const ASPECT_TOLERANCE = 0.05
export function isPortrait916(width: number, height: number): boolean {
  return width > 0 && height > 0 && Math.abs(width / height - PORTRAIT_RATIO) <= ASPECT_TOLERANCE
}

/**
 * How a source that is not portrait 9:16 (a landscape or square clip) fills the 1080×1920 frame (ADR 032): `blur`
 * shows all of it, centred, over a blurred copy of itself that fills the frame; `crop` fills the frame with its
 * centre, cutting the edges. A portrait 9:16 source covers the frame either way; the halves of a side by side video
 * are letterboxed whatever the fit.
 */
export const SOURCE_FITS = ['blur', 'crop'] as const
export const sourceFitSchema = z.enum(SOURCE_FITS)
export type SourceFit = z.infer<typeof sourceFitSchema>
export const SOURCE_FIT_LABELS: Record<SourceFit, string> = { blur: 'Blurred background', crop: 'Crop' }
