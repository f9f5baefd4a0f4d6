import { describe, expect, it } from 'vitest'
import { OVERLAY_DEFAULTS, textOverlaySchema, type TextOverlay } from '@hookpost/shared/studio'
import {
  describeOverlayStyle,
  emptyDraft,
  hookFromOverlay,
  moveOverlay,
  newOverlayId,
  overlayFromDraft,
  overlayFromHook,
  overlaysForPreview,
} from './overlays'

const base: Omit<TextOverlay, 'id' | 'text' | 'target'> = {
  position: 'center',
  color: '#ffffff',
  fontSize: 24,
  fontWeight: 'bold',
}
const hook: TextOverlay = { ...base, id: 'h', text: 'Hook', target: 'hook' }
const demo: TextOverlay = { ...base, id: 'd', text: 'Demo', target: 'demo' }
const both: TextOverlay = { ...base, id: 'b', text: 'Both', target: 'both' }

describe('overlays', () => {
  it('start from the spec §9 defaults: centre, white, 24 px, bold, on both parts', () => {
    expect(emptyDraft()).toEqual({ text: '', ...OVERLAY_DEFAULTS })
    expect(OVERLAY_DEFAULTS).toEqual({
      position: 'center',
      color: '#ffffff',
      fontSize: 24,
      fontWeight: 'bold',
      target: 'both',
    })
  })

  it('become valid overlays of the shared spec, text trimmed, with unique ids', () => {
    const made = overlayFromDraft({ ...emptyDraft(), text: '  Hi 👋  ' })
    expect(made.text).toBe('Hi 👋')
    expect(textOverlaySchema.safeParse(made).success).toBe(true)
    expect(new Set(Array.from({ length: 50 }, newOverlayId)).size).toBe(50)
  })

  it('move within the list; out-of-range moves change nothing', () => {
    expect(moveOverlay(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveOverlay(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveOverlay(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c'])
    expect(moveOverlay(['a', 'b', 'c'], 0, 3)).toEqual(['a', 'b', 'c'])
    expect(moveOverlay(['a', 'b', 'c'], -1, 0)).toEqual(['a', 'b', 'c'])
  })

  it('are described in words, with their part only for hook + demo videos', () => {
    expect(describeOverlayStyle(hook, false)).toBe('Center · White · Medium (24 px) · Bold')
    expect(describeOverlayStyle({ ...hook, position: 'bottom-left', color: '#ff2d92', fontSize: 16 }, true)).toBe(
      'Bottom left · Pink · Small (16 px) · Bold · Hook only',
    )
    expect(describeOverlayStyle({ ...both, fontWeight: 'normal' }, true)).toBe(
      'Center · White · Medium (24 px) · Normal · Hook and demo',
    )
  })

  it('shown in the preview are those of the part shown, in order', () => {
    const all = [demo, hook, both]
    expect(overlaysForPreview(all, 'hook')).toEqual([hook, both])
    expect(overlaysForPreview(all, 'demo')).toEqual([demo, both])
    expect(overlaysForPreview(all, 'split')).toEqual(all)
  })
})

describe('saved hooks and overlays', () => {
  it('keeps an overlay’s text and style as a hook, and applies a hook as an overlay on both parts', () => {
    const overlay = {
      id: 'ov-1',
      text: 'Stop scrolling',
      position: 'top',
      color: '#ffcc00',
      fontSize: 48,
      fontWeight: 'normal',
      target: 'hook',
    } as const
    const hook = hookFromOverlay(overlay)
    expect(hook).toEqual({
      text: 'Stop scrolling',
      position: 'top',
      color: '#ffcc00',
      fontSize: 48,
      fontWeight: 'normal',
    })
    expect(overlayFromHook({ ...hook, id: 'hook-1', createdAt: '2027-01-01T00:00:00.000Z' }, 'ov-2')).toEqual({
      ...overlay,
      id: 'ov-2',
      target: 'both',
    })
  })
})
