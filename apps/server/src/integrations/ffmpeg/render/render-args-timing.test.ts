import { OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared'
import { describe, expect, it } from 'vitest'
import { buildRenderArgs, enableOption, overlayGroups, segmentTimes } from './render-args'
import type { RenderPlan } from './types'

/** Overlays with a start or end (ADR 031): which image shows when, and the ffmpeg filters that enable it. */
function overlay(id: string, target: TextOverlay['target']): TextOverlay {
  return { ...OVERLAY_DEFAULTS, id, text: `text ${id}`, target }
}

function plan(): RenderPlan {
  return {
    layout: 'single',
    fit: 'blur',
    hook: { path: '/media/hook.mp4', width: 1080, height: 1920, durationMs: 3000, fps: 30, hasAudio: true },
    demo: null,
    overlays: [],
    outputPath: '/work/out.mp4',
    thumbnailPath: '/work/thumb.jpg',
    workDir: '/work',
  }
}

describe('timed overlays (ADR 031)', () => {
  const timed = (id: string, startMs: number | null, endMs: number | null): TextOverlay => ({
    ...overlay(id, 'both'),
    startMs,
    endMs,
  })

  it('groups consecutive overlays shown at the same times into one image, in drawing order', () => {
    const groups = overlayGroups(
      [overlay('a', 'both'), overlay('b', 'both'), timed('c', 1000, 2000), overlay('d', 'both')],
      0,
      3000,
    )
    expect(groups.map((g) => [g.overlays.map((o) => o.id), g.startMs, g.endMs])).toEqual([
      [['a', 'b'], 0, null],
      [['c'], 1000, 2000],
      [['d'], 0, null],
    ])
  })

  it('shifts output times into a later segment and leaves out what never shows there', () => {
    // A 2 s demo that starts at 3 s of the output.
    expect(overlayGroups([timed('early', 0, 1000)], 3000, 2000)).toEqual([])
    expect(overlayGroups([timed('late', 4000, null)], 3000, 2000)).toEqual([
      { overlays: [timed('late', 4000, null)], startMs: 1000, endMs: null },
    ])
    expect(overlayGroups([timed('across', 2500, 3500)], 3000, 2000)[0]).toMatchObject({ startMs: 0, endMs: 500 })
    expect(overlayGroups([timed('past', 1000, 9000)], 0, 3000)[0]).toMatchObject({ startMs: 1000, endMs: null })
  })

  it('enables a timed image only in its window, with numbers only', () => {
    expect(enableOption({ startMs: 0, endMs: null })).toBe('')
    expect(enableOption({ startMs: 1000, endMs: 2500 })).toBe(":enable='gte(t,1.000)*lt(t,2.500)'")
    expect(enableOption({ startMs: 0, endMs: 500 })).toBe(":enable='lt(t,0.500)'")
    const args = buildRenderArgs(plan(), {
      hook: [
        { path: '/w/overlay-hook-0.png', startMs: 0, endMs: null },
        { path: '/w/overlay-hook-1.png', startMs: 1000, endMs: null },
      ],
      demo: null,
    })
    const graph = args[args.indexOf('-filter_complex') + 1]!
    expect(graph).toContain('[v0][p1]overlay=x=0:y=0:format=yuv420:eof_action=repeat[vout_0]')
    expect(graph).toContain("[vout_0][p2]overlay=x=0:y=0:format=yuv420:eof_action=repeat:enable='gte(t,1.000)'[vout]")
  })

  it('knows where each segment starts and how long it is', () => {
    expect(segmentTimes(plan())).toEqual({ hook: { startMs: 0, ms: 3000 }, demo: { startMs: 3000, ms: 0 } })
  })
})
