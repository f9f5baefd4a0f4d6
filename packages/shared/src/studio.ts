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

/** spec §9: Small 16 / Medium 24 / Large 32 / X-Large 48, in pixels of the 1080-wide output. */
export const OVERLAY_FONT_SIZES = [
  { value: 16, label: 'Small' },
  { value: 24, label: 'Medium' },
  { value: 32, label: 'Large' },
  { value: 48, label: 'X-Large' },
] as const
export const overlayFontSizeSchema = z.union([z.literal(16), z.literal(24), z.literal(32), z.literal(48)])
export type OverlayFontSize = z.infer<typeof overlayFontSizeSchema>
export const overlayFontWeightSchema = z.enum(['normal', 'bold'])
export type OverlayFontWeight = z.infer<typeof overlayFontWeightSchema>
/** Which part of a hook + demo video the overlay is drawn on (a single video counts as the hook). */
export const overlayTargetSchema = z.enum(['hook', 'demo', 'both'])
export type OverlayTarget = z.infer<typeof overlayTargetSchema>

export const OVERLAY_TEXT_MAX = 150
export const OVERLAYS_MAX = 10

export const textOverlaySchema = z
  .object({
    /** Stable across reorders (the list's key and the drag handle's id); the client makes it. */
    id: z.string().min(1).max(64),
    text: z
      .string()
      .trim()
      .min(1, { message: 'Please enter text for the overlay' })
      .max(OVERLAY_TEXT_MAX, { message: `Overlay text can be at most ${OVERLAY_TEXT_MAX} characters` }),
    position: overlayPositionSchema,
    color: overlayColorSchema,
    fontSize: overlayFontSizeSchema,
    fontWeight: overlayFontWeightSchema,
    target: overlayTargetSchema,
  })
  .meta({ id: 'TextOverlay' })
export type TextOverlay = z.infer<typeof textOverlaySchema>
export type OverlayStyle = Omit<TextOverlay, 'id' | 'text'>

/** spec §9: the Create tab's defaults (centre, white, 24 px, bold; target both). */
export const OVERLAY_DEFAULTS: OverlayStyle = {
  position: 'center',
  color: '#ffffff',
  fontSize: 24,
  fontWeight: 'bold',
  target: 'both',
}
/** spec §9: AI hook suggestions and saved hooks apply as centre, white, 32 px, bold. */
export const HOOK_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, fontSize: 32 }
/** spec §9: the hook-demo page's overlays default to the bottom. */
export const HOOK_DEMO_OVERLAY_DEFAULTS: OverlayStyle = { ...OVERLAY_DEFAULTS, position: 'bottom' }

// ---------------------------------------------------------------------------------------------------------------
// Layout and drawing: one implementation for the browser preview and the server renderer.

/** The font stack: text in Inter, emoji in Noto Color Emoji (both registered under these names on both sides). */
export const OVERLAY_FONT_FAMILIES = ['Inter', 'Noto Color Emoji'] as const
export const OVERLAY_FONT_STACK = OVERLAY_FONT_FAMILIES.map((f) => `"${f}"`).join(', ')
/** spec §9: black outline, width 2 at output scale. */
export const OVERLAY_OUTLINE_PX = 2
/** Lines wrap at 90 % of the frame width; corner texts keep 5 % from the side. */
export const OVERLAY_MAX_WIDTH_RATIO = 0.9
export const OVERLAY_SIDE_MARGIN_RATIO = 0.05
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
  outlinePx: number
  lineHeightPx: number
  font: string
  align: 'left' | 'center' | 'right'
  /** x of the anchor (left edge, centre or right edge, by `align`). */
  x: number
  /** The vertical centre of each line (textBaseline 'middle'), top to bottom. */
  lines: { text: string; y: number }[]
}

/**
 * Where each overlay's lines go on a `width`×`height` frame (spec §9): the vertical anchor is 10 % of the height for
 * top positions, 90 % for bottom ones and the middle otherwise; a wrapped block is centred on its anchor. Sizes scale
 * with width / 1080, so the 280 px preview is the 1080 px output shrunk.
 */
export function layoutOverlays(
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number },
  measurer: TextMeasurer,
): OverlayLayout[] {
  const scale = frame.width / OUTPUT_FRAME.width
  const maxWidth = frame.width * OVERLAY_MAX_WIDTH_RATIO
  return overlays.map((overlay) => {
    const fontPx = overlay.fontSize * scale
    const font = overlayFont(fontPx, overlay.fontWeight)
    measurer.font = font
    const wrapped = wrapText(overlay.text.trim(), maxWidth, (t) => measurer.measureText(t).width)
    const lineHeightPx = fontPx * OVERLAY_LINE_HEIGHT
    const anchorY = frame.height * verticalAnchor(overlay.position)
    const firstY = anchorY - ((wrapped.length - 1) * lineHeightPx) / 2
    const align = horizontalAlign(overlay.position)
    const margin = frame.width * OVERLAY_SIDE_MARGIN_RATIO
    const x = align === 'left' ? margin : align === 'right' ? frame.width - margin : frame.width / 2
    return {
      overlay,
      fontPx,
      outlinePx: OVERLAY_OUTLINE_PX * scale,
      lineHeightPx,
      font,
      align,
      x,
      lines: wrapped.map((text, i) => ({ text, y: firstY + i * lineHeightPx })),
    }
  })
}

export function verticalAnchor(position: OverlayPosition): number {
  if (position.startsWith('top')) return 0.1
  if (position.startsWith('bottom')) return 0.9
  return 0.5
}

export function horizontalAlign(position: OverlayPosition): 'left' | 'center' | 'right' {
  if (position.endsWith('-left')) return 'left'
  if (position.endsWith('-right')) return 'right'
  return 'center'
}

/** Greedy word wrap; a single word wider than `maxWidth` is broken by characters (code points, so emoji stay whole). */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
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
  strokeText(text: string, x: number, y: number): void
  fillText(text: string, x: number, y: number): void
}

/** Draws the overlays onto a transparent (server) or video-frame (preview) canvas: black outline, then the fill. */
export function drawOverlays(ctx: OverlayCanvas, layouts: readonly OverlayLayout[]): void {
  for (const layout of layouts) {
    ctx.font = layout.font
    ctx.textAlign = layout.align
    ctx.textBaseline = 'middle'
    ctx.lineJoin = 'round'
    // The stroke is centred on the glyph edge: twice the width leaves `outlinePx` outside the fill.
    ctx.lineWidth = layout.outlinePx * 2
    ctx.strokeStyle = '#000000'
    ctx.fillStyle = layout.overlay.color
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
export const savedHookInputSchema = textOverlaySchema
  .pick({ text: true, position: true, color: true, fontSize: true, fontWeight: true })
  .meta({ id: 'NewSavedHook' })
export type SavedHookInput = z.input<typeof savedHookInputSchema>

export const savedHookSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    position: overlayPositionSchema,
    color: overlayColorSchema,
    fontSize: overlayFontSizeSchema,
    fontWeight: overlayFontWeightSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SavedHook' })
export type SavedHook = z.infer<typeof savedHookSchema>

export const savedHookResponseSchema = z.object({ hook: savedHookSchema }).meta({ id: 'SavedHookResponse' })
export const savedHookListSchema = z.object({ hooks: z.array(savedHookSchema) }).meta({ id: 'SavedHookList' })
