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
/**
 * Where a cropped source keeps its picture (issue 30 item 9): 0 keeps the left (or top) edge, 100 the right (or bottom),
 * 50 the centre. Only the axis that is cut moves: the sides of a landscape clip, the top and bottom of a taller one.
 */
export const CROP_FOCUS_CENTRE = 50
export const cropFocusSchema = z.number().int().min(0).max(100)

/** Whether a source of this shape, cropped to cover 9:16, loses its sides (true) or its top and bottom (false). */
export function cropCutsSides(width: number, height: number): boolean {
  return width / height > PORTRAIT_RATIO
}

export const SOURCE_FIT_LABELS: Record<SourceFit, string> = { blur: 'Blurred background', crop: 'Crop' }
