import { describe, expect, it } from 'vitest'
import { formatSeconds, previewScene, type PreviewSceneInput, type PreviewSource } from './preview-scene'

const hook: PreviewSource = { name: 'hook.mp4', url: '/hook' }
const demo: PreviewSource = { name: 'demo.mp4', url: '/demo' }
const portrait = { width: 1080, height: 1920, durationMs: 3000 }
const wide = { width: 1920, height: 1080, durationMs: 2000 }

function scene(overrides: Partial<PreviewSceneInput>) {
  return previewScene({
    hook: null,
    demo: null,
    hookSize: null,
    demoSize: null,
    layout: 'sequence',
    fit: 'blur',
    chosen: 'hook',
    ...overrides,
  })
}

describe('previewScene', () => {
  it('has nothing to play before a video is chosen', () => {
    expect(scene({})).toMatchObject({ combined: false, segment: 'hook', hasVideo: false, fitNote: null })
    expect(scene({}).pictureName).toBe('The video')
  })

  it('shows a single video on the whole frame, with a note when it is not 9:16', () => {
    expect(scene({ hook, hookSize: portrait })).toMatchObject({ shownSource: hook, shownFit: 'cover', fitNote: null })
    expect(scene({ hook, hookSize: wide, fit: 'crop' })).toMatchObject({
      shownFit: 'cover',
      fitNote: 'Not 9:16: cropped to fill the frame (its centre is kept).',
    })
    expect(scene({ hook, hookSize: wide }).fitNote).toBe('Not 9:16: shown whole over a blurred copy of itself.')
    // The hook-only toggle does not apply to a single video.
    expect(scene({ hook, chosen: 'demo' }).segment).toBe('hook')
  })

  it('places a cropped hook where its crop focus says, as the render keeps it; the demo stays centred', () => {
    expect(scene({ hook, hookSize: wide, fit: 'crop' }).shownPosition).toBe('50% 50%')
    const left = scene({ hook, hookSize: wide, fit: 'crop', cropFocus: 0 })
    expect(left).toMatchObject({
      shownPosition: '0% 0%',
      fitNote: 'Not 9:16: cropped to fill the frame (the part your crop focus chose is kept).',
    })
    const demoShown = scene({ hook, demo, hookSize: wide, demoSize: wide, fit: 'crop', cropFocus: 80, chosen: 'demo' })
    expect(demoShown).toMatchObject({
      shownPosition: '50% 50%',
      fitNote: 'Not 9:16: cropped to fill the frame (its centre is kept).',
    })
  })

  it('shows the segment chosen of a sequence; the demo’s times start when the hook ends', () => {
    const first = scene({ hook, demo, hookSize: portrait, demoSize: wide })
    expect(first).toMatchObject({ combined: true, segment: 'hook', offsetMs: 0, shownSource: hook })
    expect(first.pictureName).toBe('The hook video')
    const second = scene({ hook, demo, hookSize: portrait, demoSize: wide, chosen: 'demo' })
    expect(second).toMatchObject({ segment: 'demo', offsetMs: 3000, shownSource: demo, shownSize: wide })
    expect(second.fitNote).toBe('Not 9:16: shown whole over a blurred copy of itself.')
    expect(second.pictureName).toBe('The demo video')
  })

  it('shows both side by side as one picture, without a fit note', () => {
    const split = scene({ hook, demo, hookSize: wide, demoSize: wide, layout: 'split', chosen: 'demo' })
    expect(split).toMatchObject({ segment: 'split', offsetMs: 0, fitNote: null, hasVideo: true })
    expect(split.pictureName).toBe('Hook and demo side by side')
  })
})

describe('formatSeconds', () => {
  it('says tenths of a second, never below zero', () => {
    expect(formatSeconds(1549)).toBe('1.5 s')
    expect(formatSeconds(-20)).toBe('0.0 s')
  })
})
