import { z } from 'zod'
import { POST_LIMITS } from './posts'

/**
 * The video studio (spec §2 Create tab, §3 created_videos / text overlay, §9 overlay constants): the overlay spec the
 * browser preview and the server renderer both draw, and the contract of `/api/videos`.
 *
 * What you see is what gets posted: the preview and the renderer call the same `layoutOverlays` and `drawOverlays`
 * with the same fonts (Inter + Noto Color Emoji, bundled from @fontsource), on a canvas of a different size only.
 */

/** The rendered file: TikTok's native 9:16 at 30 fps. Font sizes and the outline are in pixels of this frame. */
export const OUTPUT_FRAME = { width: 1080, height: 1920, fps: 30 } as const
/** spec §2: the Create tab's preview and the schedule form's preview. */
export const PREVIEW_SIZES = { create: { width: 280, height: 498 }, schedule: { width: 200, height: 356 } } as const
/** spec §5: width/height within 0.05 of 9/16. */
export const PORTRAIT_RATIO = 9 / 16
export const ASPECT_TOLERANCE = 0.05
export function isPortrait916(width: number, height: number): boolean {
  return width > 0 && height > 0 && Math.abs(width / height - PORTRAIT_RATIO) <= ASPECT_TOLERANCE
}

// ---------------------------------------------------------------------------------------------------------------
// The overlay spec, version 2 (ADR 031). Version 1 (spec §3/§9: seven positions, 16–48 px) is still read: stored
// videos and saved hooks hold it, and `readOverlay` migrates it when it is read.

export const OVERLAY_SPEC_VERSION = 2

/** spec §3's seven positions: what version 1 overlays and saved hooks hold. */
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

/** spec §9: 8 colours. */
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
/** spec §9's sizes (version 1), each read as the version 2 size of the same name. */
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
 * How the text stands out from the video: a black outline (spec §9), TikTok's rounded background box (the chosen
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

/** spec §9: the Create tab's defaults (centre, white, medium, bold; target both), outlined, for the whole video. */
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
/** spec §9: AI hook suggestions and saved hooks apply as centre, white, large (spec's 32 px), bold. */
export const HOOK_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, fontSize: 96 }
/** spec §9: the hook-demo page's overlays default to the bottom. */
export const HOOK_DEMO_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, position: 'bottom' }

/** Whether the overlay shows at `ms` of the output video. */
export function overlayShownAt(overlay: Pick<TextOverlay, 'startMs' | 'endMs'>, ms: number): boolean {
  return (overlay.startMs === null || ms >= overlay.startMs) && (overlay.endMs === null || ms < overlay.endMs)
}

/**
 * An overlay's time window within a segment that starts at `segmentStartMs` of the output and lasts `segmentMs`,
 * in milliseconds from the segment's start: null when it never shows there; `endMs` null when it lasts to the end.
 */
export function overlayWindowIn(
  overlay: Pick<TextOverlay, 'startMs' | 'endMs'>,
  segmentStartMs: number,
  segmentMs: number,
): { startMs: number; endMs: number | null } | null {
  const start = Math.max(0, (overlay.startMs ?? 0) - segmentStartMs)
  const end = overlay.endMs === null ? null : overlay.endMs - segmentStartMs
  if (start >= segmentMs || (end !== null && end <= 0)) return null
  return { startMs: start, endMs: end === null || end >= segmentMs ? null : end }
}

/** The problem with an overlay's times for a video `videoMs` long, or null (start < end is the schema's rule). */
export function overlayTimeProblem(overlay: Pick<TextOverlay, 'startMs' | 'endMs'>, videoMs: number): string | null {
  if (overlay.startMs !== null && overlay.endMs !== null && overlay.startMs >= overlay.endMs) {
    return OVERLAY_TIME_MESSAGES.order
  }
  if (overlay.endMs !== null && overlay.endMs > videoMs) return OVERLAY_TIME_MESSAGES.tooLate
  if (overlay.startMs !== null && overlay.startMs >= videoMs) return OVERLAY_TIME_MESSAGES.tooLate
  return null
}

// ---------------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------------
// Layout and drawing: one implementation for the browser preview and the server renderer.

/** The font stack: text in Inter, emoji in Noto Color Emoji (both registered under these names on both sides). */
export const OVERLAY_FONT_FAMILIES = ['Inter', 'Noto Color Emoji'] as const
export const OVERLAY_FONT_STACK = OVERLAY_FONT_FAMILIES.map((f) => `"${f}"`).join(', ')
/** The outline is 8 % of the font size (spec §9's 2 px was for 16–48 px text): ~10 px on an X-Large headline. */
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

// ---------------------------------------------------------------------------------------------------------------
// Created videos (spec §3 created_videos) and /api/videos.

/**
 * single: one video with overlays. sequence: the hook clip, then the demo (default for hook + demo). split: both side
 * by side, each half the width (the spec's combined mode), as long as the longer of the two.
 */
export const videoLayoutSchema = z.enum(['single', 'sequence', 'split'])
export type VideoLayout = z.infer<typeof videoLayoutSchema>

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

/** queued → rendering → processed | failed. A failed render keeps the sources; Retry queues it again. */
export const renderStateSchema = z.enum(['queued', 'rendering', 'processed', 'failed'])
export type RenderState = z.infer<typeof renderStateSchema>

export const createVideoInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { message: 'Please enter a title for your video' })
      .max(POST_LIMITS.title, { message: `Title can be at most ${POST_LIMITS.title} characters` }),
    description: z
      .string()
      .trim()
      .max(POST_LIMITS.description, { message: `Description can be at most ${POST_LIMITS.description} characters` })
      .default(''),
    /** The primary (hook) video: a media file of the user's from /api/media (an upload or a library clip's copy). */
    sourceMediaId: z.string().min(1, {
      message: 'Please upload a video, select one from your library, or choose a demo video',
    }),
    /** The product demo; with it the video is hook + demo. */
    demoMediaId: z.string().min(1).nullable().default(null),
    /** Only with a demo; default sequence. */
    layout: z.enum(['sequence', 'split']).default('sequence'),
    textOverlays: z.array(textOverlaySchema).max(OVERLAYS_MAX).default([]),
    /** How a video that is not portrait 9:16 fills the frame (ADR 032); a 9:16 one is unaffected. */
    fit: sourceFitSchema.default('blur'),
  })
  .meta({ id: 'CreateVideoInput' })
export type CreateVideoInput = z.input<typeof createVideoInputSchema>

export const createdVideoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    layout: videoLayoutSchema,
    fit: sourceFitSchema,
    textOverlays: z.array(textOverlaySchema),
    state: renderStateSchema,
    /** 0–100, frames done / total while rendering. */
    progress: z.number().min(0).max(100),
    /** Why the render failed, in words for the person (null unless failed). */
    errorMessage: z.string().nullable(),
    /** spec §3: processed, processed_at. `processed` is true only when the rendered file exists. */
    processed: z.boolean(),
    processedAt: z.iso.datetime().nullable(),
    source: z.object({ mediaId: z.string(), originalName: z.string() }),
    demo: z.object({ mediaId: z.string(), originalName: z.string() }).nullable(),
    /** The rendered MP4 as a media file of the user's: what `POST /api/posts` takes as `mediaId`. */
    outputMediaId: z.string().nullable(),
    /** Same-origin URLs (cookie-authenticated): the rendered file (Range-capable), its download, the thumbnail. */
    processedVideoUrl: z.string().nullable(),
    downloadUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedVideo' })
export type CreatedVideo = z.infer<typeof createdVideoSchema>

export const createdVideoResponseSchema = z.object({ video: createdVideoSchema }).meta({ id: 'CreatedVideoResponse' })
export const createdVideoListSchema = z.object({ videos: z.array(createdVideoSchema) }).meta({ id: 'CreatedVideoList' })

// ---------------------------------------------------------------------------------------------------------------
// Saved hooks (spec §3 saved_hooks, §7 "select newest first; insert; delete by id") and /api/saved-hooks.

/** How many hooks one person may keep: a list to pick from, not an archive (MESSAGES.savedHooksFull says so). */
export const SAVED_HOOKS_MAX = 100

/** A hook saved from an overlay: its text and style. Applying one adds it as an overlay shown on both parts. */
export const savedHookInputSchema = textOverlayFieldsSchema
  .pick({ text: true, position: true, color: true, fontSize: true, fontWeight: true })
  .meta({ id: 'NewSavedHook' })
export type SavedHookInput = z.input<typeof savedHookInputSchema>

export const savedHookSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    /** Saved before ADR 031: any of spec §3's positions and a version 1 size (applying one migrates it). */
    position: overlayPositionSchema,
    color: overlayColorSchema,
    fontSize: storedFontSizeSchema,
    fontWeight: overlayFontWeightSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SavedHook' })
export type SavedHook = z.infer<typeof savedHookSchema>

export const savedHookResponseSchema = z.object({ hook: savedHookSchema }).meta({ id: 'SavedHookResponse' })
export const savedHookListSchema = z.object({ hooks: z.array(savedHookSchema) }).meta({ id: 'SavedHookList' })
