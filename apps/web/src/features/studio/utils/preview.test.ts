import { describe, expect, it } from 'vitest'
import { OVERLAY_OUTLINE_PX, layoutOverlays, type TextOverlay } from '@hookpost/shared/studio'
import {
  PREVIEW_FRAME,
  drawOverlayPreview,
  previewDescription,
  needsFit,
  previewFit,
  previewFontRequests,
  type PreviewCanvas,
} from './preview'

function overlay(overrides: Partial<TextOverlay> = {}): TextOverlay {
  return {
    id: 'o1',
    text: 'Hello',
    position: 'center',
    color: '#ffcc00',
    fontSize: 24,
    fontWeight: 'bold',
    target: 'both',
    ...overrides,
  }
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
  it('is the 280×498 frame of spec §2', () => {
    expect(PREVIEW_FRAME).toEqual({ width: 280, height: 498 })
  })

  it('lays the overlays out on the preview frame with the shared layout, and draws them where it says', () => {
    const overlays = [
      overlay({ id: 'a', text: 'Top text', position: 'top' }),
      overlay({
        id: 'b',
        text: 'A much longer line that has to wrap on a small frame 🎉',
        position: 'bottom-right',
        fontSize: 48,
      }),
    ]
    const { ctx, calls } = recordingCanvas()
    const layouts = drawOverlayPreview(ctx, overlays, PREVIEW_FRAME, 2)

    // The same call the renderer makes, on the preview's frame instead of 1080×1920.
    const expected = layoutOverlays(overlays, { width: 280, height: 498 }, recordingCanvas().ctx)
    expect(layouts).toEqual(expected)
    expect(layouts[0]?.lines[0]?.y).toBeCloseTo(49.8)
    expect(layouts[0]?.fontPx).toBeCloseTo((24 * 280) / 1080)
    expect(layouts[0]?.outlinePx).toBeCloseTo((OVERLAY_OUTLINE_PX * 280) / 1080)
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

describe('previewFontRequests', () => {
  it('asks for each overlay’s font at its preview size, with its own text (so emoji subsets load)', () => {
    expect(
      previewFontRequests([overlay({ text: 'Go 🚀', fontSize: 48, fontWeight: 'normal' })], { width: 540 }),
    ).toEqual([{ font: 'normal 24px "Inter", "Noto Color Emoji"', text: 'Go 🚀' }])
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
