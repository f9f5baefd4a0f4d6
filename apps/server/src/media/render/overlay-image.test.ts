import { createCanvas, loadImage } from '@napi-rs/canvas'
import { OUTPUT_FRAME, type TextOverlay } from '@hookpost/shared'
import { describe, expect, it } from 'vitest'
import { renderOverlayImage } from './overlay-image'
import { buildRenderArgs } from './render-args'
import type { RenderPlan } from './types'

/** Texts that break a drawtext filter string: quotes, colons, backslashes, percent signs, brackets, emoji, newlines. */
const HOSTILE = [`It's "free": 100% \\o/`, `%{pts\\:hms}[x];drawtext=a:b`, `🔥 'no' cap; \\n $HOME`]

function overlay(text: string, position: TextOverlay['position'], target: TextOverlay['target'] = 'both'): TextOverlay {
  return { id: position, text, position, color: '#ffffff', fontSize: 48, fontWeight: 'bold', target }
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
    const overlays = [overlay(HOSTILE[0]!, 'top'), overlay(HOSTILE[1]!, 'center'), overlay(HOSTILE[2]!, 'bottom')]
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
      expect(layout.lines).toHaveLength(1)
      const { y } = layout.lines[0]!
      const box = opaqueBox(alpha, Math.round(y - layout.fontPx), Math.round(y + layout.fontPx))
      // Glyphs sit around textBaseline 'middle'; a line with descenders or emoji leans a few pixels off it.
      expect(Math.abs(box.centreY - y)).toBeLessThanOrEqual(6)
      expect(Math.abs(box.centreX - OUTPUT_FRAME.width / 2)).toBeLessThanOrEqual(6)
      expect(box.maxX - box.minX).toBeGreaterThan(200)
    }
    expect([192, 960, 1728]).toEqual(image!.layouts.map((l) => l.lines[0]!.y))
    // Everywhere else stays transparent (the video shows through).
    expect(opaqueBox(alpha, 300, 850).minX).toBe(Infinity)
    expect(opaqueBox(alpha, 1070, 1650).minX).toBe(Infinity)
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

  it('puts corner texts 5 % from the side', async () => {
    const image = await renderOverlayImage([overlay('LEFT', 'top-left'), overlay('RIGHT', 'bottom-right')])
    const alpha = await alphaOf(image!.png)
    const left = opaqueBox(alpha, 150, 240)
    const right = opaqueBox(alpha, 1680, 1780)
    // The 2 px outline reaches a little past the anchor.
    expect(Math.abs(left.minX - 54)).toBeLessThanOrEqual(4)
    expect(Math.abs(right.maxX - (1080 - 54))).toBeLessThanOrEqual(4)
  })
})
