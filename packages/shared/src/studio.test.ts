import { describe, expect, it } from 'vitest'
import {
  contrastingTextColor,
  fontSizeFromStored,
  OVERLAY_DEFAULTS,
  overlayShownAt,
  overlayTimeProblem,
  overlayWindowIn,
  placementFromPosition,
  readOverlay,
  safeZoneClashes,
  safeTextArea,
  savedHookSchema,
  textOverlaySchema,
  wrapText,
} from './studio'

const base = { ...OVERLAY_DEFAULTS, id: 'a', text: 'Hi' }

describe('overlay spec v2 (ADR 031)', () => {
  it('takes start before end only, and no version 1 overlay', () => {
    expect(textOverlaySchema.safeParse({ ...base, startMs: 0, endMs: 1000 }).success).toBe(true)
    const backwards = textOverlaySchema.safeParse({ ...base, startMs: 1000, endMs: 1000 })
    expect(backwards.success).toBe(false)
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['endMs'],
      message: 'The overlay must end after it starts',
    })
    expect(textOverlaySchema.safeParse({ ...base, fontSize: 48 }).success).toBe(false)
    const { version: _v, ...noVersion } = base
    expect(textOverlaySchema.safeParse(noVersion).success).toBe(false)
    expect(textOverlaySchema.safeParse({ ...base, anchor: { x: 1.2, y: 0.5 } }).success).toBe(false)
  })

  it('reads version 1 sizes and positions by name; saved hooks may hold either version', () => {
    expect([16, 24, 32, 48, 56, 120].map((s) => fontSizeFromStored(s as 16))).toEqual([56, 72, 96, 120, 56, 120])
    expect(
      ['top-left', 'top-right', 'center', 'bottom-left', 'bottom'].map((p) => placementFromPosition(p as 'top')),
    ).toEqual(['top', 'top', 'center', 'bottom', 'bottom'])
    const hook = {
      id: 'h',
      text: 'x',
      position: 'bottom-right',
      color: '#ffffff',
      fontWeight: 'bold',
      createdAt: new Date(0).toISOString(),
    }
    expect(savedHookSchema.safeParse({ ...hook, fontSize: 48 }).success).toBe(true)
    expect(savedHookSchema.safeParse({ ...hook, fontSize: 120 }).success).toBe(true)
    expect(savedHookSchema.safeParse({ ...hook, fontSize: 20 }).success).toBe(false)
    expect(readOverlay(base)).toBe(base)
  })

  it('shows an overlay from start (inclusive) to end (exclusive), within the video', () => {
    const timed = { startMs: 1000, endMs: 2000 }
    expect([999, 1000, 1999, 2000].map((ms) => overlayShownAt(timed, ms))).toEqual([false, true, true, false])
    expect(overlayTimeProblem(timed, 2000)).toBeNull()
    expect(overlayTimeProblem(timed, 1999)).toBe('The overlay must end by the end of the video')
    expect(overlayTimeProblem({ startMs: 3000, endMs: null }, 3000)).toBe(
      'The overlay must end by the end of the video',
    )
  })

  it('puts an output-time window into a segment, or nowhere', () => {
    expect(overlayWindowIn({ startMs: null, endMs: null }, 2000, 1000)).toEqual({ startMs: 0, endMs: null })
    expect(overlayWindowIn({ startMs: 500, endMs: 1500 }, 0, 1000)).toEqual({ startMs: 500, endMs: null })
    expect(overlayWindowIn({ startMs: 500, endMs: 1500 }, 1000, 1000)).toEqual({ startMs: 0, endMs: 500 })
    expect(overlayWindowIn({ startMs: 500, endMs: 1000 }, 1000, 1000)).toBeNull()
    expect(overlayWindowIn({ startMs: 2000, endMs: null }, 1000, 1000)).toBeNull()
  })

  it('keeps text clear of TikTok’s bars and buttons, symmetric so centred text stays centred', () => {
    expect(safeTextArea({ width: 1080, height: 1920 })).toEqual({ left: 129.6, right: 950.4, top: 153.6, bottom: 1536 })
  })

  it('picks the text colour with the higher WCAG contrast on the box', () => {
    // Blue (#007aff): black 5.3:1 against white 4.0:1; navy: white.
    expect(['#ffffff', '#ffcc00', '#34c759', '#007aff'].map(contrastingTextColor)).toEqual([
      '#000000',
      '#000000',
      '#000000',
      '#000000',
    ])
    expect(['#000000', '#1f2a5a'].map(contrastingTextColor)).toEqual(['#ffffff', '#ffffff'])
  })

  it('wraps words within the width, a line exactly as wide included', () => {
    const measure = (t: string) => t.length * 10
    expect(wrapText('aaa bbb ccc', 70, measure)).toEqual(['aaa bbb', 'ccc'])
    expect(wrapText('aaaaaaaaaa', 50, measure)).toEqual(['aaaaa', 'aaaaa'])
  })
})

describe('safeZoneClashes', () => {
  const frame = { width: 1080, height: 1920 }
  const block = (left: number, top: number, width = 400, height = 150) => ({ left, top, width, height })

  it('finds nothing for text inside the safe area, whatever its placement', () => {
    expect(safeZoneClashes(block(340, 154), frame)).toEqual([])
    expect(safeZoneClashes(block(340, 1536 - 150), frame)).toEqual([])
    // Beside the buttons' column but above where it starts.
    expect(safeZoneClashes(block(900, 300), frame)).toEqual([])
  })

  it('names the top bar, the buttons and the caption a block sits under', () => {
    expect(safeZoneClashes(block(340, 40), frame)).toEqual(['topBar'])
    expect(safeZoneClashes(block(800, 1000), frame)).toEqual(['buttons'])
    expect(safeZoneClashes(block(340, 1700), frame)).toEqual(['caption'])
    // Across the buttons and into the caption.
    expect(safeZoneClashes(block(800, 1450), frame)).toEqual(['buttons', 'caption'])
  })

  it('scales with the frame it was laid out for (the 280-wide preview)', () => {
    const preview = { width: 280, height: 498 }
    expect(safeZoneClashes(block(90, 450, 100, 40), preview)).toEqual(['caption'])
    expect(safeZoneClashes(block(90, 200, 100, 40), preview)).toEqual([])
  })
})
