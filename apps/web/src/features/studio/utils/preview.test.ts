import { describe, expect, it } from 'vitest'
import {
  OUTPUT_FRAME,
  OVERLAY_DEFAULTS,
  OVERLAY_FONT_SIZES,
  OVERLAY_OUTLINE_RATIO,
  OVERLAY_TEXT_STYLES,
  layoutOverlays,
  safeTextArea,
  type TextOverlay,
} from '@hookpost/shared/studio'
import {
  PREVIEW_FRAME,
  anchorAt,
  blockCentre,
  draggedAnchor,
  gripAt,
  nudgeAnchor,
  drawOverlayPreview,
  previewDescription,
  needsFit,
  previewFit,
  previewFontRequests,
  safeZoneWarnings,
  type PreviewCanvas,
} from './preview'

function overlay(overrides: Partial<TextOverlay> = {}): TextOverlay {
  return { ...OVERLAY_DEFAULTS, id: 'o1', text: 'Hello', color: '#ffcc00', ...overrides }
}

/** A context that measures 0.6 em per character and records what is drawn. */
function recordingCanvas() {
  const calls: { name: string; args: unknown[]; font: string; lineWidth: number; fillStyle: unknown }[] = []
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push({ name, args, font: ctx.font, lineWidth: ctx.lineWidth, fillStyle: ctx.fillStyle })
  const ctx: PreviewCanvas = {
    font: '',
    textAlign: '',
    textBaseline: '',
    lineWidth: 0,
    lineJoin: '',
    strokeStyle: '',
    fillStyle: '',
    shadowColor: '',
    shadowBlur: 0,
    shadowOffsetX: 0,
    shadowOffsetY: 0,
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    arcTo: record('arcTo'),
    closePath: record('closePath'),
    fill: record('fill'),
    measureText: (text: string) => ({
      width: Array.from(text).length * Number(/([\d.]+)px/.exec(ctx.font)?.[1] ?? 0) * 0.6,
    }),
    setTransform: record('setTransform'),
    clearRect: record('clearRect'),
    strokeText: record('strokeText'),
    fillText: record('fillText'),
  }
  return { ctx, calls }
}

describe('drawOverlayPreview', () => {
  it('is the 280×498 frame of product.md §2', () => {
    expect(PREVIEW_FRAME).toEqual({ width: 280, height: 498 })
  })

  it('lays the overlays out on the preview frame with the shared layout, and draws them where it says', () => {
    const overlays = [
      overlay({ id: 'a', text: 'Top text', position: 'top' }),
      overlay({
        id: 'b',
        text: 'A much longer line that has to wrap on a small frame 🎉',
        position: 'bottom',
        fontSize: 120,
      }),
    ]
    const { ctx, calls } = recordingCanvas()
    const layouts = drawOverlayPreview(ctx, overlays, PREVIEW_FRAME, 2)

    // The same call the renderer makes, on the preview's frame instead of 1080×1920.
    const expected = layoutOverlays(overlays, { width: 280, height: 498 }, recordingCanvas().ctx)
    expect(layouts).toEqual(expected)
    // Top: the block starts under TikTok's top bar (8 % of the height).
    expect(layouts[0]?.bounds.top).toBeCloseTo(498 * 0.08)
    expect(layouts[0]?.fontPx).toBeCloseTo((72 * 280) / 1080)
    expect(layouts[0]?.outlinePx).toBeCloseTo(((72 * 280) / 1080) * OVERLAY_OUTLINE_RATIO)
    expect(layouts[1]?.lines.length).toBeGreaterThan(1)

    // Scaled for a dense screen, cleared, then each line outlined and filled at its laid-out place, in list order.
    expect(calls[0]).toMatchObject({ name: 'setTransform', args: [2, 0, 0, 2, 0, 0] })
    expect(calls[1]).toMatchObject({ name: 'clearRect', args: [0, 0, 280, 498] })
    const fills = calls.filter((c) => c.name === 'fillText').map((c) => c.args)
    expect(fills).toEqual(expected.flatMap((l) => l.lines.map((line) => [line.text, l.x, line.y])))
    expect(calls.filter((c) => c.name === 'strokeText')).toHaveLength(fills.length)
    expect(calls.find((c) => c.name === 'fillText')?.fillStyle).toBe('#ffcc00')
  })

  it('clears the canvas when there is nothing to draw', () => {
    const { ctx, calls } = recordingCanvas()
    expect(drawOverlayPreview(ctx, [], PREVIEW_FRAME, 1)).toEqual([])
    expect(calls.map((c) => c.name)).toEqual(['setTransform', 'clearRect'])
  })
})

describe('preview == render (ADR 010, 031): the preview is the 1080×1920 layout shrunk', () => {
  const scale = PREVIEW_FRAME.width / OUTPUT_FRAME.width
  const cases: [string, Partial<TextOverlay>][] = [
    ...OVERLAY_TEXT_STYLES.map((s) => [`style ${s.value}`, { style: s.value }] as [string, Partial<TextOverlay>]),
    ...OVERLAY_FONT_SIZES.map((s) => [`size ${s.label}`, { fontSize: s.value }] as [string, Partial<TextOverlay>]),
    ['a dragged position', { anchor: { x: 0.3, y: 0.62 } }],
    ['a dragged position past the edge', { anchor: { x: 1, y: 0 }, fontSize: 120 }],
    ['bottom, wrapped', { position: 'bottom', text: 'Every creator needs to know this before they post again' }],
  ]
  it.each(cases)('%s', (_name, overrides) => {
    const overlays = [overlay({ text: 'Stop scrolling now', ...overrides })]
    const [big] = layoutOverlays(overlays, OUTPUT_FRAME, recordingCanvas().ctx)
    const [small] = layoutOverlays(overlays, PREVIEW_FRAME, recordingCanvas().ctx)
    expect(small!.lines.map((l) => l.text)).toEqual(big!.lines.map((l) => l.text))
    expect(small!.x).toBeCloseTo(big!.x * scale, 6)
    small!.lines.forEach((line, i) => expect(line.y).toBeCloseTo(big!.lines[i]!.y * (498 / 1920), 0))
    expect(small!.bounds.width).toBeCloseTo(big!.bounds.width * scale, 6)
    expect(small!.fontPx).toBeCloseTo(big!.fontPx * scale, 6)
    // Nothing goes off the frame; a row position stays in the safe zone.
    expect(big!.bounds.left).toBeGreaterThanOrEqual(0)
    expect(big!.bounds.left + big!.bounds.width).toBeLessThanOrEqual(1080)
    expect(big!.bounds.top).toBeGreaterThanOrEqual(0)
    if (!overlays[0]!.anchor) {
      const safe = safeTextArea(OUTPUT_FRAME)
      expect(big!.bounds.left).toBeGreaterThanOrEqual(safe.left - 1e-6)
      expect(big!.bounds.left + big!.bounds.width).toBeLessThanOrEqual(safe.right + 1e-6)
      expect(big!.bounds.top + big!.bounds.height).toBeLessThanOrEqual(safe.bottom + 1e-6)
    }
  })

  it('draws a box style as rounded boxes behind contrasting text, and a shadow scaled to the screen', () => {
    const { ctx, calls } = recordingCanvas()
    drawOverlayPreview(ctx, [overlay({ style: 'box', color: '#ffcc00' })], PREVIEW_FRAME, 2)
    expect(calls.filter((c) => c.name === 'fill')).toHaveLength(1)
    expect(calls.find((c) => c.name === 'fill')?.fillStyle).toBe('#ffcc00')
    expect(calls.find((c) => c.name === 'fillText')?.fillStyle).toBe('#000000')
    expect(calls.filter((c) => c.name === 'strokeText')).toHaveLength(0)

    const shadow = recordingCanvas()
    let blurSeen = 0
    shadow.ctx.fillText = () => {
      blurSeen = shadow.ctx.shadowBlur
    }
    const [layout] = drawOverlayPreview(shadow.ctx, [overlay({ style: 'shadow' })], PREVIEW_FRAME, 2)
    expect(blurSeen).toBeCloseTo(layout!.fontPx * 0.12 * 2)
    expect(shadow.ctx.shadowBlur).toBe(0)
  })
})

describe('dragging on the preview', () => {
  it('stores the block centre as fractions of the frame; arrow keys nudge 1 % (5 % with Shift), kept inside', () => {
    expect(anchorAt({ x: 140, y: 249 })).toEqual({ x: 0.5, y: 0.5 })
    expect(anchorAt({ x: -20, y: 600 })).toEqual({ x: 0, y: 1 })
    expect(nudgeAnchor({ x: 0.5, y: 0.5 }, 'ArrowUp', false)).toEqual({ x: 0.5, y: 0.49 })
    expect(nudgeAnchor({ x: 0.5, y: 0.5 }, 'ArrowRight', true)).toEqual({ x: 0.55, y: 0.5 })
    expect(nudgeAnchor({ x: 0.99, y: 0.5 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.5 })
    expect(nudgeAnchor({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull()
  })

  it('keeps the block where the pointer took hold of it as it is dragged', () => {
    const centre = blockCentre({ left: 100, top: 200, width: 80, height: 98 })
    expect(centre).toEqual({ x: 140, y: 249 })
    // The frame is at (10, 20) on the page; the pointer went down 5 px right of and 4 px above the centre.
    const grip = gripAt({ x: 155, y: 265 }, { left: 10, top: 20 }, centre)
    expect(grip).toEqual({ dx: 5, dy: -4, frameLeft: 10, frameTop: 20 })
    expect(draggedAnchor({ x: 155, y: 265 }, grip)).toEqual({ x: 0.5, y: 0.5 })
    expect(draggedAnchor({ x: 155 + 28, y: 265 - 49.8 }, grip)).toEqual({ x: 0.6, y: 0.4 })
    // Dragged off the frame, the block stays on it.
    expect(draggedAnchor({ x: -500, y: 2000 }, grip)).toEqual({ x: 0, y: 1 })
  })
})

describe('previewFontRequests', () => {
  it('asks for each overlay’s font at its preview size, with its own text (so emoji subsets load)', () => {
    expect(
      previewFontRequests([overlay({ text: 'Go 🚀', fontSize: 120, fontWeight: 'normal' })], { width: 540 }),
    ).toEqual([{ font: 'normal 60px "Inter", "Noto Color Emoji"', text: 'Go 🚀' }])
  })
})

describe('previewDescription', () => {
  it('lists the overlays the canvas shows, in drawing order', () => {
    expect(previewDescription([], 'The hook video')).toBe('The hook video: no text overlays')
    expect(previewDescription([overlay({ text: 'One' }), overlay({ text: 'Two' })], 'The demo video')).toBe(
      'The demo video with text overlays: “One”, “Two”',
    )
  })
})

describe('safeZoneWarnings', () => {
  const at = (top: number, left = 90) => ({ left, top, width: 100, height: 40 })
  it('warns about each overlay under TikTok’s interface, saying what covers it, and nothing for the rest', () => {
    expect(
      safeZoneWarnings([
        { overlay: overlay({ id: 'a', text: 'Safe' }), bounds: at(200) },
        { overlay: overlay({ id: 'b', text: 'Low' }), bounds: at(460) },
        { overlay: overlay({ id: 'c', text: 'Corner' }), bounds: at(380, 200) },
      ]),
    ).toEqual([
      {
        id: 'b',
        text: '“Low” sits under TikTok’s caption and sound bar: drag it into the clear area so viewers can read it.',
      },
      {
        id: 'c',
        text: '“Corner” sits under TikTok’s buttons on the right and caption and sound bar: drag it into the clear area so viewers can read it.',
      },
    ])
  })
})

describe('previewFit (as the renderer fits a source)', () => {
  it('covers the whole frame with a portrait 9:16 video, whatever the fit; letterboxes each half', () => {
    for (const fit of ['blur', 'crop'] as const) {
      expect(previewFit('full', { width: 1080, height: 1920 }, fit)).toBe('cover')
      expect(previewFit('full', { width: 1000, height: 1920 }, fit)).toBe('cover')
      expect(previewFit('half', { width: 1920, height: 1080 }, fit)).toBe('contain')
    }
    expect(previewFit('half', { width: 1080, height: 1920 })).toBe('contain')
  })

  it('shows a landscape or square video over a blurred copy, or cropped, as chosen', () => {
    expect(previewFit('full', { width: 1920, height: 1080 }, 'blur')).toBe('blur')
    expect(previewFit('full', { width: 1080, height: 1080 }, 'blur')).toBe('blur')
    expect(previewFit('full', { width: 1920, height: 1080 }, 'crop')).toBe('cover')
    expect(previewFit('full', { width: 1080, height: 1080 }, 'crop')).toBe('cover')
    // Unknown size: letterboxed until it is known.
    expect(previewFit('full', null, 'crop')).toBe('contain')
  })

  it('says when a video needs a fit', () => {
    expect(needsFit({ width: 1920, height: 1080 })).toBe(true)
    expect(needsFit({ width: 1080, height: 1080 })).toBe(true)
    expect(needsFit({ width: 720, height: 1280 })).toBe(false)
    expect(needsFit(null)).toBe(false)
  })
})
