import type { TextOverlay } from '@hookpost/shared'
import { describe, expect, it } from 'vitest'
import { parseProbe } from '../inspect'
import { ffprobeJson, type VideoFixture } from '../testing/ffprobe-fixtures'
import {
  buildRenderArgs,
  fitFilters,
  outputFrames,
  RENDER_ENCODER,
  segmentFrames,
  segmentOverlays,
  thumbnailArgs,
} from './render-args'
import type { RenderPlan, RenderSource } from './types'

/** A source as the videos module builds it: from the facts ffprobe found at upload. */
function source(filePath: string, fixture: VideoFixture = {}): RenderSource {
  const facts = parseProbe(ffprobeJson(fixture))
  return {
    path: filePath,
    width: facts.video!.width,
    height: facts.video!.height,
    durationMs: Math.round(facts.durationSec! * 1000),
    fps: facts.video!.fps!,
    hasAudio: facts.audioCodec !== null,
  }
}

function overlay(id: string, target: TextOverlay['target'], position: TextOverlay['position'] = 'center'): TextOverlay {
  return {
    version: 2,
    anchor: null,
    style: 'outline',
    startMs: null,
    endMs: null,
    id,
    text: `text ${id}`,
    position,
    color: '#ffffff',
    fontSize: 72,
    fontWeight: 'bold',
    target,
  }
}

function plan(overrides: Partial<RenderPlan> = {}): RenderPlan {
  return {
    layout: 'single',
    hook: source('/media/hook.mp4', { width: 720, height: 1280, duration: '3.000000' }),
    demo: null,
    fit: 'blur',
    overlays: [],
    outputPath: '/work/out.mp4',
    thumbnailPath: '/work/thumb.jpg',
    workDir: '/work',
    ...overrides,
  }
}

const demo = source('/media/demo.mov', { width: 1280, height: 720, duration: '12.000000', audio: false })
const pngs = { hook: '/work/overlay-hook.png', demo: '/work/overlay-demo.png' }

/** The value after `flag`, for every occurrence. */
function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag ? [args[i + 1]!] : []))
}
const graphOf = (args: string[]) => valuesOf(args, '-filter_complex')[0]!.split(';')
/** The input index of `file:<path>` (inputs are numbered in the order of their -i). */
const inputIndex = (args: string[], value: string) => valuesOf(args, '-i').indexOf(value)
/** The image `png` (an input index) converted once for the video, then blended over `main`. */
const blend = (main: string, png: number, out: string) => [
  `[${png}:v]scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[p${png}]`,
  `[${main}][p${png}]overlay=x=0:y=0:format=yuv420:eof_action=repeat[${out}]`,
]

describe('segmentOverlays', () => {
  const overlays = [overlay('h', 'hook'), overlay('d', 'demo'), overlay('b', 'both')]
  const ids = (list: TextOverlay[]) => list.map((o) => o.id)

  it('single: the hook and both targets (a single video counts as the hook)', () => {
    const result = segmentOverlays({ layout: 'single', overlays })
    expect(ids(result.hook)).toEqual(['h', 'b'])
    expect(result.demo).toEqual([])
  })

  it('sequence: each segment gets its own target and both', () => {
    const result = segmentOverlays({ layout: 'sequence', overlays })
    expect(ids(result.hook)).toEqual(['h', 'b'])
    expect(ids(result.demo)).toEqual(['d', 'b'])
  })

  it('split: every overlay in one image over the whole frame', () => {
    const result = segmentOverlays({ layout: 'split', overlays })
    expect(ids(result.hook)).toEqual(['h', 'd', 'b'])
    expect(result.demo).toEqual([])
  })
})

describe('frames', () => {
  it('counts whole output frames at 30 fps, at least one', () => {
    expect(segmentFrames(3000)).toBe(90)
    expect(segmentFrames(2990)).toBe(90)
    expect(segmentFrames(1001)).toBe(30)
    expect(segmentFrames(0)).toBe(1)
  })

  it('single = the hook, sequence = the sum, split = the longer', () => {
    expect(outputFrames(plan())).toBe(90)
    expect(outputFrames(plan({ layout: 'sequence', demo }))).toBe(90 + 360)
    expect(outputFrames(plan({ layout: 'split', demo }))).toBe(360)
    expect(() => outputFrames(plan({ layout: 'sequence', demo: null }))).toThrow(/needs a demo/)
  })
})

describe('fitFilters', () => {
  const full = { width: 1080, height: 1920 }
  const half = { width: 540, height: 1920 }
  const cover = { kind: 'chain', filters: ['scale=1080:1920:force_original_aspect_ratio=increase', 'crop=1080:1920'] }

  it('passes the exact output size untouched, whatever the fit', () => {
    for (const fit of ['blur', 'crop', 'letterbox'] as const) {
      expect(fitFilters({ width: 1080, height: 1920 }, full, fit)).toEqual({ kind: 'chain', filters: [] })
    }
  })

  it('scales a 9:16 source to the frame (cover, so a near-9:16 one is cropped, not stretched), whatever the fit', () => {
    for (const fit of ['blur', 'crop'] as const) {
      expect(fitFilters({ width: 720, height: 1280 }, full, fit)).toEqual(cover)
      // 0.6 is within 0.05 of 9/16.
      expect(fitFilters({ width: 1080, height: 1800 }, full, fit)).toEqual(cover)
    }
  })

  it('crop: a landscape or square source covers the frame and keeps its centre', () => {
    expect(fitFilters({ width: 1280, height: 720 }, full, 'crop')).toEqual(cover)
    expect(fitFilters({ width: 1080, height: 1080 }, full, 'crop')).toEqual(cover)
  })

  it('crop: the focus moves the kept window along the cut axis, clamped to the picture', () => {
    const scale = 'scale=1080:1920:force_original_aspect_ratio=increase'
    expect(fitFilters({ width: 1280, height: 720 }, full, 'crop', 0)).toEqual({
      kind: 'chain',
      filters: [scale, 'crop=1080:1920:(iw-ow)*0.00:(ih-oh)*0.00'],
    })
    expect(fitFilters({ width: 1280, height: 720 }, full, 'crop', 80)).toEqual({
      kind: 'chain',
      filters: [scale, 'crop=1080:1920:(iw-ow)*0.80:(ih-oh)*0.80'],
    })
    expect(fitFilters({ width: 1280, height: 720 }, full, 'crop', 50)).toEqual(cover)
    // The blurred fill shows the whole picture: the focus has nothing to move.
    expect(fitFilters({ width: 1280, height: 720 }, full, 'blur', 0)).toEqual(
      fitFilters({ width: 1280, height: 720 }, full, 'blur'),
    )
  })

  it('blur: the source fitted inside, centred over a blurred copy of itself that covers the frame', () => {
    expect(fitFilters({ width: 1280, height: 720 }, full, 'blur')).toEqual({
      kind: 'blur',
      background: [
        'scale=135:240:force_original_aspect_ratio=increase',
        'crop=135:240',
        'boxblur=8:2',
        'scale=1080:1920',
      ],
      foreground: ['scale=1080:1920:force_original_aspect_ratio=decrease:force_divisible_by=2'],
      join: 'overlay=x=(W-w)/2:y=(H-h)/2',
    })
    expect(fitFilters({ width: 1080, height: 1080 }, full, 'blur').kind).toBe('blur')
  })

  it('letterbox (each half of a split): fitted inside and padded in black, a 9:16 source too', () => {
    const letterbox = (w: number) => ({
      kind: 'chain',
      filters: [
        `scale=${w}:1920:force_original_aspect_ratio=decrease:force_divisible_by=2`,
        `pad=${w}:1920:(ow-iw)/2:(oh-ih)/2:color=black`,
      ],
    })
    expect(fitFilters({ width: 1280, height: 720 }, full, 'letterbox')).toEqual(letterbox(1080))
    expect(fitFilters({ width: 1080, height: 1920 }, half, 'letterbox')).toEqual(letterbox(540))
  })
})

describe('buildRenderArgs', () => {
  it('is an array of strings with the output path last (spawned without a shell)', () => {
    for (const p of [plan(), plan({ layout: 'sequence', demo }), plan({ layout: 'split', demo })]) {
      const args = buildRenderArgs(p, pngs)
      expect(args.every((arg) => typeof arg === 'string' && arg.length > 0)).toBe(true)
      expect(args.at(-1)).toBe('file:/work/out.mp4')
      expect(args.at(-2)).toBe('mp4')
    }
  })

  it('encodes H.264 yuv420p 30 fps and AAC 128k 44.1 kHz stereo, +faststart, progress on stdout', () => {
    const args = buildRenderArgs(plan(), pngs)
    expect(valuesOf(args, '-c:v')).toEqual(['libx264'])
    expect(valuesOf(args, '-preset')).toEqual([RENDER_ENCODER.preset])
    expect(valuesOf(args, '-crf')).toEqual([String(RENDER_ENCODER.crf)])
    expect(valuesOf(args, '-pix_fmt')).toEqual(['yuv420p'])
    expect(valuesOf(args, '-r')).toEqual(['30'])
    expect(valuesOf(args, '-c:a')).toEqual(['aac'])
    expect(valuesOf(args, '-b:a')).toEqual(['128k'])
    expect(valuesOf(args, '-ar')).toEqual(['44100'])
    expect(valuesOf(args, '-ac')).toEqual(['2'])
    expect(valuesOf(args, '-movflags')).toEqual(['+faststart'])
    expect(valuesOf(args, '-progress')).toEqual(['pipe:1'])
    expect(args).toContain('-nostats')
    expect(valuesOf(args, '-map_metadata')).toEqual(['-1'])
    // Tagged BT.709, the matrix the overlay images are converted with.
    expect(valuesOf(args, '-colorspace')).toEqual(['bt709'])
    expect(valuesOf(args, '-color_range')).toEqual(['tv'])
    expect(valuesOf(args, '-map')).toEqual(['[vout]', '[aout]'])
    expect(graphOf(args)[0]).toMatch(/fps=30,/)
  })

  it('takes other encoder settings', () => {
    const args = buildRenderArgs(plan(), pngs, { encoder: { preset: 'veryfast', crf: 26, x264Params: null } })
    expect(valuesOf(args, '-preset')).toEqual(['veryfast'])
    expect(valuesOf(args, '-crf')).toEqual(['26'])
    expect(args).not.toContain('-x264-params')
  })

  it('reads sources and images through the file protocol only', () => {
    const args = buildRenderArgs(plan({ layout: 'sequence', demo }), pngs)
    expect(valuesOf(args, '-i')).toEqual([
      'file:/media/hook.mp4',
      'file:/media/demo.mov',
      expect.stringMatching(/^anullsrc=/),
      'file:/work/overlay-hook.png',
      'file:/work/overlay-demo.png',
    ])
    expect(valuesOf(args, '-protocol_whitelist')).toEqual(['file', 'file', 'file', 'file'])
    // png_pipe: a "%d" in a folder name cannot turn the image into a numbered sequence.
    expect(valuesOf(args, '-f').filter((f) => f === 'png_pipe')).toHaveLength(2)
  })

  it('single: the hook image over the hook, cut to the hook length, its own audio', () => {
    const args = buildRenderArgs(plan(), { hook: pngs.hook, demo: null })
    const graph = graphOf(args)
    expect(graph).toEqual([
      '[0:v]fps=30,scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1,format=yuv420p,' +
        'setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop=-1,trim=end_frame=90[v0]',
      '[0:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=PTS-STARTPTS,apad,' +
        'atrim=end_sample=132300[aout]',
      ...blend('v0', 1, 'vout'),
    ])
    expect(inputIndex(args, 'file:/work/overlay-hook.png')).toBe(1)
  })

  it('single without overlays: no image input, no overlay filter', () => {
    const args = buildRenderArgs(plan(), { hook: null, demo: null })
    expect(valuesOf(args, '-i')).toEqual(['file:/media/hook.mp4'])
    expect(graphOf(args).join(';')).not.toContain('overlay')
    expect(graphOf(args)).toContain('[v0]null[vout]')
  })

  it('a source without audio gets silence of its exact length, so the output always has an audio track', () => {
    const silent = source('/media/silent.mp4', { audio: false, duration: '2.000000' })
    const args = buildRenderArgs(plan({ hook: silent }), { hook: null, demo: null })
    const i = valuesOf(args, '-i')
    expect(i[1]).toBe('anullsrc=channel_layout=stereo:sample_rate=44100')
    expect(args.slice(args.indexOf(i[1]!) - 5, args.indexOf(i[1]!))).toEqual(['-f', 'lavfi', '-t', '2.100', '-i'])
    const graph = graphOf(args)
    expect(graph.find((f) => f.endsWith('[aout]'))).toMatch(/^\[1:a\].*atrim=end_sample=88200\[aout\]$/)
    expect(graph.join(';')).not.toContain('[0:a]')
    // The exact output size is not scaled.
    expect(graph[0]).toBe(
      '[0:v]fps=30,setsar=1,format=yuv420p,setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop=-1,trim=end_frame=60[v0]',
    )
  })

  it('sequence: hook then demo through concat, each segment with its own image and audio of its own length', () => {
    const args = buildRenderArgs(plan({ layout: 'sequence', demo }), pngs)
    const graph = graphOf(args)
    const hookPng = inputIndex(args, 'file:/work/overlay-hook.png')
    const demoPng = inputIndex(args, 'file:/work/overlay-demo.png')
    expect(graph).toEqual(expect.arrayContaining([...blend('v0', hookPng, 'vo0'), ...blend('v1', demoPng, 'vo1')]))
    expect(graph.at(-1)).toBe('[vo0][a0][vo1][a1]concat=n=2:v=1:a=1[vout][aout]')
    // The landscape demo gets the blurred fill (the plan's fit) and is cut at 12 s; its silence (input 2) is 12 s too.
    expect(graph).toContain('[1:v]fps=30,split=2[v1bg][v1fg]')
    expect(graph.find((f) => f.endsWith('[v1]'))).toMatch(
      /^\[v1b\]\[v1f\]overlay=x=\(W-w\)\/2:y=\(H-h\)\/2,setsar=1,.*trim=end_frame=360\[v1\]$/,
    )
    expect(graph.find((f) => f.endsWith('[a0]'))).toMatch(/^\[0:a\].*atrim=end_sample=132300\[a0\]$/)
    expect(graph.find((f) => f.endsWith('[a1]'))).toMatch(/^\[2:a\].*atrim=end_sample=529200\[a1\]$/)
    expect(graph.join(';')).not.toMatch(/hstack|amix/)
  })

  it('single, landscape: blur splits the source into a blurred background and the fitted picture over it', () => {
    const wide = source('/media/wide.mp4', { width: 1920, height: 1080, duration: '2.000000' })
    const graph = graphOf(buildRenderArgs(plan({ hook: wide, fit: 'blur' }), { hook: null, demo: null }))
    expect(graph.slice(0, 4)).toEqual([
      '[0:v]fps=30,split=2[v0bg][v0fg]',
      '[v0bg]scale=135:240:force_original_aspect_ratio=increase,crop=135:240,boxblur=8:2,scale=1080:1920[v0b]',
      '[v0fg]scale=1080:1920:force_original_aspect_ratio=decrease:force_divisible_by=2[v0f]',
      '[v0b][v0f]overlay=x=(W-w)/2:y=(H-h)/2,setsar=1,format=yuv420p,setpts=PTS-STARTPTS,' +
        'tpad=stop_mode=clone:stop=-1,trim=end_frame=60[v0]',
    ])
  })

  it('single, landscape: crop is one chain that covers the frame with the centre', () => {
    const wide = source('/media/wide.mp4', { width: 1920, height: 1080, duration: '2.000000' })
    const graph = graphOf(buildRenderArgs(plan({ hook: wide, fit: 'crop' }), { hook: null, demo: null }))
    expect(graph[0]).toBe(
      '[0:v]fps=30,scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1,format=yuv420p,' +
        'setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop=-1,trim=end_frame=60[v0]',
    )
    expect(graph.join(';')).not.toMatch(/split|boxblur/)
  })

  it('sequence: a segment without overlays passes through, the other keeps its image', () => {
    const args = buildRenderArgs(plan({ layout: 'sequence', demo }), { hook: null, demo: pngs.demo })
    const graph = graphOf(args)
    expect(graph).toContain('[v0]null[vo0]')
    expect(graph).toEqual(expect.arrayContaining(blend('v1', inputIndex(args, 'file:/work/overlay-demo.png'), 'vo1')))
    expect(valuesOf(args, '-i')).not.toContain('file:/work/overlay-hook.png')
  })

  it('split: both in 540-wide halves side by side for the longer length, the shorter holding its last frame', () => {
    const args = buildRenderArgs(plan({ layout: 'split', demo }), { hook: pngs.hook, demo: null })
    const graph = graphOf(args)
    const left = graph.find((f) => f.endsWith('[vl]'))!
    const right = graph.find((f) => f.endsWith('[vr]'))!
    expect(left).toMatch(
      /^\[0:v\]fps=30,scale=540:1920:.*,pad=540:1920:.*tpad=stop_mode=clone:stop=-1,trim=end_frame=360\[vl\]$/,
    )
    expect(right).toMatch(/^\[1:v\]fps=30,scale=540:1920:.*trim=end_frame=360\[vr\]$/)
    expect(graph).toContain('[vl][vr]hstack=inputs=2[vs]')
    expect(graph).toEqual(expect.arrayContaining(blend('vs', inputIndex(args, 'file:/work/overlay-hook.png'), 'vout')))
    expect(graph.join(';')).not.toContain('concat')
    // Only the hook has audio: it alone, padded to the longer length; no silence input, no mix.
    expect(graph.find((f) => f.endsWith('[aout]'))).toMatch(/^\[0:a\].*apad,atrim=end_sample=529200\[aout\]$/)
    expect(valuesOf(args, '-i').some((i) => i.startsWith('anullsrc'))).toBe(false)
  })

  it('split: mixes two soundtracks, and makes silence when neither has one', () => {
    const loudDemo = { ...demo, hasAudio: true }
    const mixed = graphOf(buildRenderArgs(plan({ layout: 'split', demo: loudDemo }), pngs))
    expect(mixed).toContain('[a0][a1]amix=inputs=2:duration=first:dropout_transition=0:normalize=1[aout]')
    expect(mixed.find((f) => f.endsWith('[a1]'))).toMatch(/^\[1:a\].*atrim=end_sample=529200\[a1\]$/)

    const silentHook = { ...plan().hook, hasAudio: false }
    const args = buildRenderArgs(plan({ layout: 'split', hook: silentHook, demo }), pngs)
    expect(valuesOf(args, '-i')[2]).toMatch(/^anullsrc=/)
    expect(graphOf(args).find((f) => f.endsWith('[aout]'))).toMatch(/^\[2:a\].*atrim=end_sample=529200\[aout\]$/)
  })

  it('split draws only the one whole-frame image (the demo slot is unused)', () => {
    const args = buildRenderArgs(plan({ layout: 'split', demo }), pngs)
    expect(valuesOf(args, '-i')).not.toContain('file:/work/overlay-demo.png')
  })

  it('refuses a sequence or split without a demo', () => {
    expect(() => buildRenderArgs(plan({ layout: 'sequence' }), pngs)).toThrow(/needs a demo/)
    expect(() => buildRenderArgs(plan({ layout: 'split' }), pngs)).toThrow(/needs a demo/)
  })
})

describe('thumbnailArgs', () => {
  it('grabs one frame of the output at 0.5 s, 540 wide, as a JPEG', () => {
    const args = thumbnailArgs('/work/out.mp4', '/work/thumb.jpg', 90)
    expect(valuesOf(args, '-ss')).toEqual(['0.500'])
    expect(valuesOf(args, '-i')).toEqual(['file:/work/out.mp4'])
    expect(valuesOf(args, '-frames:v')).toEqual(['1'])
    expect(valuesOf(args, '-vf')).toEqual(['scale=540:-2'])
    expect(args.at(-1)).toBe('file:/work/thumb.jpg')
  })

  it('takes an earlier frame from a video shorter than half a second', () => {
    expect(valuesOf(thumbnailArgs('/o.mp4', '/t.jpg', 10), '-ss')).toEqual(['0.300'])
    expect(valuesOf(thumbnailArgs('/o.mp4', '/t.jpg', 1), '-ss')).toEqual(['0.000'])
  })
})
