import { z } from 'zod'

// The overlay spec, version 2 (ADR 031). Version 1 (product.md §3/§9: seven positions, 16–48 px) is still read: stored
// videos and saved hooks hold it, and `readOverlay` migrates it when it is read.

export const OVERLAY_SPEC_VERSION = 2

/** product.md §3's seven positions: what version 1 overlays and saved hooks hold. */
export const OVERLAY_POSITIONS = [
  'top',
  'bottom',
  'center',
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
] as const
export const overlayPositionSchema = z.enum(OVERLAY_POSITIONS)
export type OverlayPosition = z.infer<typeof overlayPositionSchema>
export const POSITION_LABELS: Record<OverlayPosition, string> = {
  top: 'Top',
  bottom: 'Bottom',
  center: 'Center',
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
}

/**
 * Version 2's positions: rows inside TikTok's safe zone (`TIKTOK_SAFE_ZONE`). A corner is never safe on TikTok (the
 * bottom-right one is under the like and share buttons), so version 2 has none; a dragged overlay has an `anchor`.
 */
export const OVERLAY_PLACEMENTS = ['top', 'center', 'bottom'] as const
export const overlayPlacementSchema = z.enum(OVERLAY_PLACEMENTS)
export type OverlayPlacement = z.infer<typeof overlayPlacementSchema>
export const PLACEMENT_LABELS: Record<OverlayPlacement, string> = { top: 'Top', center: 'Middle', bottom: 'Bottom' }

/** product.md §9: 8 colours. */
export const OVERLAY_COLORS = [
  { value: '#ffffff', label: 'White' },
  { value: '#000000', label: 'Black' },
  { value: '#ff3b30', label: 'Red' },
  { value: '#ffcc00', label: 'Yellow' },
  { value: '#34c759', label: 'Green' },
  { value: '#007aff', label: 'Blue' },
  { value: '#af52de', label: 'Purple' },
  { value: '#ff2d92', label: 'Pink' },
] as const
export const overlayColorSchema = z.enum(OVERLAY_COLORS.map((c) => c.value) as [string, ...string[]])

/**
 * Version 2's sizes, in pixels of the 1080-wide output (ADR 031). The 1080 px frame is shown about 390 points wide on
 * a phone (×0.36): Small 56 px is ~20 pt (body text, above TikTok's own caption), Medium 72 ~26 pt, Large 96 ~35 pt,
 * X-Large 120 ~43 pt, a headline of about ten letters a line in the safe width. No value is a version 1 size, so a
 * saved hook's size says by itself which version it is.
 */
export const OVERLAY_FONT_SIZES = [
  { value: 56, label: 'Small' },
  { value: 72, label: 'Medium' },
  { value: 96, label: 'Large' },
  { value: 120, label: 'X-Large' },
] as const
export const overlayFontSizeSchema = z.union([z.literal(56), z.literal(72), z.literal(96), z.literal(120)])
export type OverlayFontSize = z.infer<typeof overlayFontSizeSchema>
/** product.md §9's sizes (version 1), each read as the version 2 size of the same name. */
export const LEGACY_FONT_SIZES = { 16: 56, 24: 72, 32: 96, 48: 120 } as const satisfies Record<number, OverlayFontSize>
export const legacyFontSizeSchema = z.union([z.literal(16), z.literal(24), z.literal(32), z.literal(48)])
export type LegacyFontSize = z.infer<typeof legacyFontSizeSchema>
/** What a saved hook's font_size may hold: a version 1 or a version 2 size. */
export const storedFontSizeSchema = z.union([overlayFontSizeSchema, legacyFontSizeSchema])
export type StoredFontSize = z.infer<typeof storedFontSizeSchema>

export const overlayFontWeightSchema = z.enum(['normal', 'bold'])
export type OverlayFontWeight = z.infer<typeof overlayFontWeightSchema>
/** Which part of a hook + demo video the overlay is drawn on (a single video counts as the hook). */
export const overlayTargetSchema = z.enum(['hook', 'demo', 'both'])
export type OverlayTarget = z.infer<typeof overlayTargetSchema>

/**
 * How the text stands out from the video: a black outline (product.md §9), TikTok's rounded background box (the chosen
 * colour fills the box, the text is black or white, whichever reads on it), or plain text with a soft drop shadow.
 */
export const OVERLAY_TEXT_STYLES = [
  { value: 'outline', label: 'Outline' },
  { value: 'box', label: 'Background box' },
  { value: 'shadow', label: 'Shadow' },
] as const
export const overlayTextStyleSchema = z.enum(['outline', 'box', 'shadow'])
export type OverlayTextStyle = z.infer<typeof overlayTextStyleSchema>

/** Where a dragged overlay's block is centred, as fractions of the frame's width and height. */
export const overlayAnchorSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
export type OverlayAnchor = z.infer<typeof overlayAnchorSchema>

export const OVERLAY_TEXT_MAX = 150
export const OVERLAYS_MAX = 10
/** The longest video the studio makes is far shorter; this only bounds the numbers. */
export const OVERLAY_TIME_MAX_MS = 60 * 60 * 1000
export const OVERLAY_TIME_MESSAGES = {
  order: 'The overlay must end after it starts',
  tooLate: 'The overlay must end by the end of the video',
} as const

const overlayTimeSchema = z.number().int().min(0).max(OVERLAY_TIME_MAX_MS)

/** The fields of a version 2 overlay, without the start-before-end rule (saved hooks pick from it). */
export const textOverlayFieldsSchema = z.object({
  version: z.literal(OVERLAY_SPEC_VERSION),
  /** Stable across reorders (the list's key and the drag handle's id); the client makes it. */
  id: z.string().min(1).max(64),
  text: z
    .string()
    .trim()
    .min(1, { message: 'Please enter text for the overlay' })
    .max(OVERLAY_TEXT_MAX, { message: `Overlay text can be at most ${OVERLAY_TEXT_MAX} characters` }),
  position: overlayPlacementSchema,
  /** Set when the overlay was dragged on the preview: it then overrides `position`. */
  anchor: overlayAnchorSchema.nullable(),
  color: overlayColorSchema,
  fontSize: overlayFontSizeSchema,
  fontWeight: overlayFontWeightSchema,
  style: overlayTextStyleSchema,
  target: overlayTargetSchema,
  /** Shown from `startMs` (inclusive) until `endMs` (exclusive), in the output video's time; null = from the start / to the end. */
  startMs: overlayTimeSchema.nullable(),
  endMs: overlayTimeSchema.nullable(),
})

export const textOverlaySchema = textOverlayFieldsSchema
  .refine((o) => o.startMs === null || o.endMs === null || o.startMs < o.endMs, {
    message: OVERLAY_TIME_MESSAGES.order,
    path: ['endMs'],
  })
  .meta({ id: 'TextOverlay' })
export type TextOverlay = z.infer<typeof textOverlaySchema>
export type OverlayStyle = Omit<TextOverlay, 'id' | 'text'>

/** A version 1 overlay as stored before ADR 031 (no `version` field). */
export interface LegacyTextOverlay {
  id: string
  text: string
  position: OverlayPosition
  color: string
  fontSize: LegacyFontSize
  fontWeight: OverlayFontWeight
  target: OverlayTarget
}
/** What a created video's text_overlays column holds: either version. */
export type StoredTextOverlay = TextOverlay | LegacyTextOverlay

/** product.md §9: the Create tab's defaults (centre, white, medium, bold; target both), outlined, for the whole video. */
export const OVERLAY_DEFAULTS: OverlayStyle = {
  version: OVERLAY_SPEC_VERSION,
  position: 'center',
  anchor: null,
  color: '#ffffff',
  fontSize: 72,
  fontWeight: 'bold',
  style: 'outline',
  target: 'both',
  startMs: null,
  endMs: null,
}
/** product.md §9: AI hook suggestions and saved hooks apply as centre, white, large (spec's 32 px), bold. */
export const HOOK_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, fontSize: 96 }
/** product.md §9: the hook-demo page's overlays default to the bottom. */
export const HOOK_DEMO_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, position: 'bottom' }
