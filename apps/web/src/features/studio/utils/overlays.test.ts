import { describe, expect, it } from 'vitest'
import { OVERLAY_DEFAULTS, readOverlay, textOverlaySchema, type TextOverlay } from '@hookpost/shared/studio'
import {
  describeOverlayStyle,
  draftFromOverlay,
  draftTimeErrors,
  emptyDraft,
  overlaysShownAt,
  parseSeconds,
  timingLabel,
  TIME_FORMAT_MESSAGE,
  hookFromOverlay,
  moveOverlay,
  newOverlayId,
  overlayFromDraft,
  overlayFromHook,
  overlaysForPreview,
} from './overlays'

const { target: _target, ...base } = OVERLAY_DEFAULTS
const hook: TextOverlay = { ...base, id: 'h', text: 'Hook', target: 'hook' }
const demo: TextOverlay = { ...base, id: 'd', text: 'Demo', target: 'demo' }
const both: TextOverlay = { ...base, id: 'b', text: 'Both', target: 'both' }

describe('overlays', () => {
  it('start from the defaults: middle, white, Medium (72 px), bold, outlined, on both parts, the whole video', () => {
    expect(emptyDraft()).toEqual({
      text: '',
      start: '',
      end: '',
      version: 2,
      position: 'center',
      anchor: null,
      color: '#ffffff',
      fontSize: 72,
      fontWeight: 'bold',
      style: 'outline',
      target: 'both',
    })
  })

  it('go back into the form to be edited, and come out the same', () => {
    const overlay: TextOverlay = { ...both, style: 'box', anchor: { x: 0.3, y: 0.7 }, startMs: 500, endMs: 2250 }
    const draft = draftFromOverlay(overlay)
    expect(draft).toMatchObject({ text: 'Both', start: '0.5', end: '2.25', style: 'box' })
    expect(overlayFromDraft(draft, overlay.id)).toEqual(overlay)
  })

  it('take times in seconds: start before end, end within the video', () => {
    expect(parseSeconds('')).toBeNull()
    expect(parseSeconds(' 1,5 ')).toBe(1500)
    expect(parseSeconds('abc')).toBeUndefined()
    expect(parseSeconds('-1')).toBeUndefined()
    expect(draftTimeErrors({ start: '', end: '' }, 3000)).toEqual({})
    expect(draftTimeErrors({ start: '1', end: '2.5' }, 3000)).toEqual({})
    expect(draftTimeErrors({ start: 'x', end: '' }, 3000)).toEqual({ start: TIME_FORMAT_MESSAGE })
    expect(draftTimeErrors({ start: '2', end: '1' }, 3000)).toEqual({ end: 'The overlay must end after it starts' })
    expect(draftTimeErrors({ start: '2', end: '2' }, 3000)).toEqual({ end: 'The overlay must end after it starts' })
    expect(draftTimeErrors({ start: '', end: '3.5' }, 3000)).toEqual({
      end: 'The overlay must end by the end of the video',
    })
    expect(draftTimeErrors({ start: '4', end: '' }, 3000)).toEqual({
      start: 'The overlay must end by the end of the video',
    })
    // Length not known yet: only the order is checked (the server checks the rest).
    expect(draftTimeErrors({ start: '', end: '99' }, null)).toEqual({})
  })

  it('show from start (inclusive) to end (exclusive), and say so in the list', () => {
    const timed: TextOverlay = { ...both, startMs: 1000, endMs: 2000 }
    expect(overlaysShownAt([timed, hook], 999)).toEqual([hook])
    expect(overlaysShownAt([timed, hook], 1000)).toEqual([timed, hook])
    expect(overlaysShownAt([timed, hook], 2000)).toEqual([hook])
    expect(timingLabel(timed)).toBe('1–2 s')
    expect(timingLabel({ startMs: 1500, endMs: null })).toBe('From 1.5 s')
    expect(timingLabel({ startMs: null, endMs: 3000 })).toBe('Until 3 s')
    expect(timingLabel({ startMs: null, endMs: null })).toBeNull()
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
    expect(describeOverlayStyle(hook, false)).toBe('Middle · White · Medium (72 px) · Bold · Outline')
    expect(
      describeOverlayStyle({ ...hook, position: 'bottom', color: '#ff2d92', fontSize: 56, style: 'box' }, true),
    ).toBe('Bottom · Pink · Small (56 px) · Bold · Background box · Hook only')
    expect(
      describeOverlayStyle({ ...both, fontWeight: 'normal', style: 'shadow', startMs: 0, endMs: 1500 }, true),
    ).toBe('Middle · White · Medium (72 px) · Normal · Shadow · Hook and demo · 0–1.5 s')
    expect(describeOverlayStyle({ ...both, anchor: { x: 0.5, y: 0.3 } }, false)).toBe(
      'Custom position · White · Medium (72 px) · Bold · Outline',
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
    const overlay: TextOverlay = {
      ...OVERLAY_DEFAULTS,
      id: 'ov-1',
      text: 'Stop scrolling',
      position: 'top',
      color: '#ffcc00',
      fontSize: 120,
      fontWeight: 'normal',
      target: 'hook',
    }
    const hook = hookFromOverlay(overlay)
    expect(hook).toEqual({
      text: 'Stop scrolling',
      position: 'top',
      color: '#ffcc00',
      fontSize: 120,
      fontWeight: 'normal',
    })
    expect(overlayFromHook({ ...hook, id: 'hook-1', createdAt: '2027-01-01T00:00:00.000Z' }, 'ov-2')).toEqual({
      ...overlay,
      id: 'ov-2',
      target: 'both',
    })
  })

  it('applies a hook saved before the spec v2 with the size of the same name, a corner as its row', () => {
    const applied = overlayFromHook(
      {
        id: 'hook-1',
        text: 'Old',
        position: 'bottom-right',
        color: '#ffffff',
        fontSize: 48,
        fontWeight: 'bold',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      'ov-3',
    )
    expect(applied).toMatchObject({ position: 'bottom', fontSize: 120, style: 'outline', anchor: null })
    expect(textOverlaySchema.safeParse(applied).success).toBe(true)
  })

  it('reads a version 1 overlay as version 2, by the names of its size and position', () => {
    const v1 = {
      id: 'a',
      text: 'Hi',
      position: 'top-left',
      color: '#ffffff',
      fontSize: 16,
      fontWeight: 'bold',
      target: 'hook',
    } as const
    expect(readOverlay(v1)).toEqual({
      ...OVERLAY_DEFAULTS,
      id: 'a',
      text: 'Hi',
      position: 'top',
      fontSize: 56,
      target: 'hook',
    })
    expect(readOverlay({ ...v1, position: 'center', fontSize: 32 })).toMatchObject({ position: 'center', fontSize: 96 })
    const v2: TextOverlay = { ...OVERLAY_DEFAULTS, id: 'b', text: 'New', fontSize: 56 }
    expect(readOverlay(v2)).toBe(v2)
  })
})
