import { createHash } from 'node:crypto'
import { createCanvas } from '@napi-rs/canvas'
import { OUTPUT_FRAME, overlayFont, wrapText, type ImageStyle } from '@hookpost/shared'
import { registerOverlayFonts } from '../../integrations/ffmpeg/render'
import type { ImageMaker, MadeImage } from './ai-writer'

/** The words across the top of every offline card: it is not a picture, and the person must be able to tell. */
export const OFFLINE_CARD_LABEL = 'TEXT CARD · NO IMAGE MODEL CONFIGURED'
/** The prompt is cut at this many characters on the card (the card is a 9:16 frame, not a page). */
export const OFFLINE_CARD_PROMPT_MAX = 220

/** Background pairs, picked by the prompt's hash: the same prompt always gives the same card. */
const GRADIENTS: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#db2777'],
  ['#0f766e', '#2563eb'],
  ['#b45309', '#be123c'],
  ['#7c3aed', '#0891b2'],
  ['#15803d', '#4338ca'],
  ['#9f1239', '#6d28d9'],
]

/** The prompt as written on the card: one line of words, cut with an ellipsis past OFFLINE_CARD_PROMPT_MAX. */
export function cardPrompt(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ')
  const chars = Array.from(text)
  return chars.length <= OFFLINE_CARD_PROMPT_MAX ? text : `${chars.slice(0, OFFLINE_CARD_PROMPT_MAX - 1).join('')}…`
}

/**
 * The offline image (no AI_IMAGE_MODEL): a 1080×1920 card with the prompt written on a gradient and, across the top,
 * what it is. The API answers `fallback: true` with a message for it too, so it is never mistaken for a generated
 * picture. Drawn with the studio's fonts (the prompt may hold any script the fonts cover, and emoji).
 */
export async function drawOfflineCard(prompt: string, style: ImageStyle): Promise<MadeImage> {
  registerOverlayFonts()
  const { width, height } = OUTPUT_FRAME
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const hash = createHash('sha256').update(prompt).digest()
  const [from, to] = GRADIENTS[hash[0]! % GRADIENTS.length]!
  const gradient = ctx.createLinearGradient(0, 0, width, height)
  gradient.addColorStop(0, from)
  gradient.addColorStop(1, to)
  ctx.fillStyle = gradient
  ctx.fillRect(0, 0, width, height)

  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  // The label on a dark band, so it reads on every gradient.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)'
  ctx.fillRect(0, 96, width, 112)
  ctx.fillStyle = '#ffffff'
  ctx.font = overlayFont(34, 'bold')
  ctx.fillText(OFFLINE_CARD_LABEL, width / 2, 152)

  // The prompt, as large as fits: 84 px, smaller for long prompts.
  const text = cardPrompt(prompt)
  const maxWidth = width * 0.84
  let fontPx = 84
  let lines: string[] = []
  for (; fontPx >= 44; fontPx -= 8) {
    ctx.font = overlayFont(fontPx, 'bold')
    lines = wrapText(text, maxWidth, (t) => ctx.measureText(t).width)
    if (lines.length * fontPx * 1.25 <= height * 0.6) break
  }
  const lineHeight = fontPx * 1.25
  const firstY = height / 2 - ((lines.length - 1) * lineHeight) / 2
  ctx.lineJoin = 'round'
  ctx.lineWidth = 6
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)'
  ctx.fillStyle = '#ffffff'
  lines.forEach((line, i) => {
    ctx.strokeText(line, width / 2, firstY + i * lineHeight)
    ctx.fillText(line, width / 2, firstY + i * lineHeight)
  })

  ctx.font = overlayFont(36, 'normal')
  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)'
  ctx.fillText(`Style: ${style} · made by Hookpost's offline generator`, width / 2, height - 140)

  // JPEG: a gradient as PNG is ~800 KB, as JPEG ~100 KB, with no visible difference.
  return { data: await canvas.encode('jpeg', 90), contentType: 'image/jpeg', width, height }
}

export function createOfflineImageMaker(): ImageMaker {
  return {
    provider: 'offline',
    fallback: true,
    image: ({ prompt, style }) => drawOfflineCard(prompt, style),
  }
}
