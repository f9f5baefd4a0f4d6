import { createCanvas, loadImage } from '@napi-rs/canvas'
import { OUTPUT_FRAME, safeTextArea, type TextOverlay } from '@hookpost/shared'
import { describe, expect, it } from 'vitest'
import { renderOverlayImage } from './overlay-image'
import { buildRenderArgs } from './render-args'
import type { RenderPlan } from './types'

/** Texts that break a drawtext filter string: quotes, colons, backslashes, percent signs, brackets, emoji, newlines. */
const HOSTILE = [`It's "free": 100% \\o/`, `%{pts\\:hms}[x];drawtext=a:b`, `🔥 'no' cap; \\n $HOME`]

function overlay(text: string, position: TextOverlay['position'], target: TextOverlay['target'] = 'both'): TextOverlay {
  return {
    version: 2,
    anchor: null,
    style: 'outline',
    startMs: null,
    endMs: null,
    id: position,
    text,
    position,
    color: '#ffffff',
    fontSize: 120,
    fontWeight: 'bold',
    target,
  }
}

async function alphaOf(png: Buffer) {
  const canvas = createCanvas(OUTPUT_FRAME.width, OUTPUT_FRAME.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(await loadImage(png), 0, 0)
  const { data, width } = ctx.getImageData(0, 0, OUTPUT_FRAME.width, OUTPUT_FRAME.height)
  return (x: number, y: number) => data[(y * width + x) * 4 + 3]!
}

/** The box of pixels at least half opaque within rows [top, bottom). */
function opaqueBox(alpha: (x: number, y: number) => number, top: number, bottom: number) {
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < OUTPUT_FRAME.width; x++) {
      if (alpha(x, y) < 128) continue
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
    }
  }
  return { minX, maxX, minY, maxY, centreX: (minX + maxX) / 2, centreY: (minY + maxY) / 2 }
}

describe('renderOverlayImage', () => {
  it('draws nothing (and makes no image) for a segment without overlays', async () => {
    expect(await renderOverlayImage([])).toBeNull()
  })

  it('draws hostile texts where layoutOverlays puts them, and no argument ever contains them', async () => {
    const small = (text: string, position: TextOverlay['position']) => ({
      ...overlay(text, position),
      fontSize: 56 as const,
    })
    const overlays = [small(HOSTILE[0]!, 'top'), small(HOSTILE[1]!, 'center'), small(HOSTILE[2]!, 'bottom')]
    const image = await renderOverlayImage(overlays)
    expect(image).not.toBeNull()
    expect(image!.png.subarray(1, 4).toString('latin1')).toBe('PNG')

    const plan: RenderPlan = {
      layout: 'single',
      hook: { path: '/media/hook.mp4', width: 1080, height: 1920, durationMs: 2000, fps: 30, hasAudio: true },
      demo: null,
      fit: 'blur',
      overlays,
      outputPath: '/work/out.mp4',
      thumbnailPath: '/work/thumb.jpg',
      workDir: '/work',
    }
    const args = buildRenderArgs(plan, { hook: '/work/overlay-hook.png', demo: null })
    const joined = args.join('\n')
    for (const text of HOSTILE) {
      expect(joined).not.toContain(text)
      for (const word of text.split(/\s+/).filter((w) => w.length > 3)) expect(joined).not.toContain(word)
    }

    const alpha = await alphaOf(image!.png)
    for (const layout of image!.layouts) {
      const { y } = layout.lines[0]!
      const box = opaqueBox(alpha, Math.round(y - layout.lineHeightPx / 2), Math.round(y + layout.lineHeightPx / 2))
      // Glyphs sit around textBaseline 'middle'; a line with descenders or emoji leans a few pixels off it.
      expect(Math.abs(box.centreY - y)).toBeLessThanOrEqual(6)
      expect(Math.abs(box.centreX - OUTPUT_FRAME.width / 2)).toBeLessThanOrEqual(6)
      expect(box.maxX - box.minX).toBeGreaterThan(150)
    }
    // Top's block starts below the top bar (154 px), bottom's ends above the caption area (1536 px), middle's is centred.
    const [top, middle, bottom] = image!.layouts.map((l) => l.bounds)
    expect(top!.top).toBeCloseTo(153.6)
    expect(middle!.top + middle!.height / 2).toBeCloseTo(960)
    expect(bottom!.top + bottom!.height).toBeCloseTo(1536)
    // Everywhere else stays transparent (the video shows through).
    expect(opaqueBox(alpha, 320, 870).minX).toBe(Infinity)
    expect(opaqueBox(alpha, 1050, 1370).minX).toBe(Infinity)
  })

  it('draws emoji in colour', async () => {
    const image = await renderOverlayImage([overlay('🔥🔥🔥', 'center')])
    const canvas = createCanvas(OUTPUT_FRAME.width, OUTPUT_FRAME.height)
    const ctx = canvas.getContext('2d')
    ctx.drawImage(await loadImage(image!.png), 0, 0)
    const { data } = ctx.getImageData(0, 900, OUTPUT_FRAME.width, 120)
    let coloured = 0
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!]
      if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++
    }
    expect(coloured).toBeGreaterThan(500)
  })

  it('wraps long text inside the TikTok safe zone, bottom text ending above the caption area', async () => {
    const long = 'This is the one trick every creator should know before posting'
    const image = await renderOverlayImage([overlay(long, 'bottom'), overlay(long, 'top')])
    const alpha = await alphaOf(image!.png)
    const safe = safeTextArea(OUTPUT_FRAME)
    for (const layout of image!.layouts) {
      expect(layout.lines.length).toBeGreaterThan(2)
      const box = opaqueBox(
        alpha,
        Math.floor(layout.bounds.top) - 20,
        Math.ceil(layout.bounds.top + layout.bounds.height) + 20,
      )
      expect(box.minX).toBeGreaterThanOrEqual(safe.left - 1)
      expect(box.maxX).toBeLessThanOrEqual(safe.right + 1)
      expect(box.minY).toBeGreaterThanOrEqual(safe.top - 1)
      expect(box.maxY).toBeLessThanOrEqual(safe.bottom + 1)
    }
  })

  it('draws each style: an outline, a rounded box in the colour with contrasting text, a soft shadow', async () => {
    const at = (style: TextOverlay['style'], color = '#ffcc00') =>
      renderOverlayImage([{ ...overlay('MMMM', 'center'), style, color }]).then(async (image) => {
        const canvas = createCanvas(OUTPUT_FRAME.width, OUTPUT_FRAME.height)
        const ctx = canvas.getContext('2d')
        ctx.drawImage(await loadImage(image!.png), 0, 0)
        const { data } = ctx.getImageData(0, 0, OUTPUT_FRAME.width, OUTPUT_FRAME.height)
        return {
          layout: image!.layouts[0]!,
          px: (x: number, y: number) => data.subarray((y * 1080 + x) * 4, (y * 1080 + x) * 4 + 4),
        }
      })
    const box = await at('box')
    const { bounds } = box.layout
    // The box's padding, left of the first glyph, is the chosen yellow; the glyphs on it are black.
    const pad = box.px(Math.round(bounds.left + box.layout.boxPadPx / 2), 960)
    expect([...pad]).toEqual([0xff, 0xcc, 0x00, 255])
    let black = 0
    for (let x = Math.round(bounds.left); x < bounds.left + bounds.width; x++) {
      const [r, g, b, a] = box.px(x, 960)
      if (a === 255 && r! < 40 && g! < 40 && b! < 40) black++
    }
    expect(black).toBeGreaterThan(20)

    const outline = await at('outline')
    // Left of the first glyph: the black outline, then the yellow fill.
    let sawBlack = false
    for (let x = Math.round(outline.layout.bounds.left); x < 540; x++) {
      const [r, g, , a] = outline.px(x, 960)
      if (a! > 200 && r! < 40) sawBlack = true
      if (a! > 200 && r! > 200 && g! > 150) break
    }
    expect(sawBlack).toBe(true)

    const shadow = await at('shadow')
    // Below the glyphs: half-transparent dark pixels (the blur), which the outline style never draws.
    let soft = 0
    for (let y = 960; y < 960 + shadow.layout.lineHeightPx / 2 + 15; y++) {
      for (let x = 300; x < 780; x++) {
        const [r, , , a] = shadow.px(x, y)
        if (a! > 10 && a! < 200 && r! < 60) soft++
      }
    }
    expect(soft).toBeGreaterThan(200)
  })
})
