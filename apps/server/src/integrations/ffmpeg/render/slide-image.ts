import { createCanvas, loadImage, type Image } from '@napi-rs/canvas'
import { OUTPUT_FRAME, type OverlayLayout, type TextOverlay } from '@hookpost/shared'
import { imageInfo } from '../inspect/image-info'
import { paintOverlays } from './overlay-image'
import { RenderError } from './types'

/**
 * One slide of a slideshow (issue 29, ADR 039) as a 1080×1920 JPEG: the background fitted by cover-crop (scaled until
 * it fills the frame, centred, the overflow cut off — a photo post is full-bleed, and a blurred fill would draw the
 * image twice for every slide), then the text overlays drawn by the same `paintOverlays` as the video renderer's
 * overlay images, so a slide reads exactly like the browser preview and the videos.
 */
export const SLIDE_IMAGE = {
  /** JPEG quality: a 1080×1920 slide comes out at a few hundred KB, far under TikTok's 20 MB per image. */
  quality: 90,
  /** A larger source is refused before it is decoded (a 40 MP RGBA bitmap is already 160 MB of memory). */
  maxSourcePixels: 40_000_000,
} as const

/** What a failed slide tells the person (RenderError.message); the detail travels separately for the log. */
export const SLIDE_MESSAGES = {
  tooLarge: 'One of the slide images is too large (over 40 megapixels). Please use a smaller image.',
  unreadable: 'One of the slide images cannot be read. Please choose another image.',
} as const

export interface SlideImage {
  jpeg: Buffer
  width: number
  height: number
  /** Where each overlay's lines went, in pixels of the frame (tests and logs). */
  layouts: OverlayLayout[]
}

/** The source rectangle that covers a `frame`-shaped box, centred: the part of the image the slide shows. */
export function coverCrop(
  image: { width: number; height: number },
  frame: { width: number; height: number },
): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(frame.width / image.width, frame.height / image.height)
  const sw = Math.min(image.width, frame.width / scale)
  const sh = Math.min(image.height, frame.height / scale)
  return { sx: (image.width - sw) / 2, sy: (image.height - sh) / 2, sw, sh }
}

/** Decodes a PNG, JPEG or WebP, refusing what is not one of them or is over the pixel cap (before decoding it). */
export async function decodeSlideSource(data: Uint8Array): Promise<Image> {
  const info = imageInfo(data)
  if (!info) throw new RenderError(SLIDE_MESSAGES.unreadable, 'not a PNG, JPEG or WebP image', false)
  if (info.width * info.height > SLIDE_IMAGE.maxSourcePixels) {
    throw new RenderError(SLIDE_MESSAGES.tooLarge, `the image is ${info.width}×${info.height}`, false)
  }
  try {
    return await loadImage(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
  } catch (err) {
    throw new RenderError(SLIDE_MESSAGES.unreadable, `decoding failed: ${String(err)}`, false)
  }
}

/** The slide: `background` (image bytes) cover-cropped to `frame`, `overlays` drawn over it, as a JPEG. */
export async function renderSlideImage(
  background: Uint8Array,
  overlays: readonly TextOverlay[],
  frame: { width: number; height: number } = OUTPUT_FRAME,
): Promise<SlideImage> {
  const image = await decodeSlideSource(background)
  const canvas = createCanvas(frame.width, frame.height)
  const ctx = canvas.getContext('2d')
  // Black under the image: a transparent PNG's clear pixels come out black, as TikTok shows them.
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, frame.width, frame.height)
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  const { sx, sy, sw, sh } = coverCrop(image, frame)
  ctx.drawImage(image, sx, sy, sw, sh, 0, 0, frame.width, frame.height)
  const layouts = overlays.length > 0 ? paintOverlays(ctx, overlays, frame) : []
  const jpeg = await canvas.encode('jpeg', SLIDE_IMAGE.quality)
  return { jpeg, width: frame.width, height: frame.height, layouts }
}
