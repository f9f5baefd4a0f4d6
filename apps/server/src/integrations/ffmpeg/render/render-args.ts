import {
  CROP_FOCUS_CENTRE,
  isPortrait916,
  OUTPUT_FRAME,
  overlaysFor,
  overlayWindowIn,
  type SourceFit,
  type TextOverlay,
} from '@hookpost/shared'
import type { RenderPlan, RenderSource } from './types'

/**
 * The ffmpeg command of a render, as a pure function of the plan (style.md rule 4, docs/architecture.md "Media
 * pipeline"): an argument array for `spawn` without a shell, tested from probe facts without running ffmpeg.
 *
 * Every segment is normalised the same way before anything is joined: 30 fps, fitted into its box, square pixels,
 * yuv420p, timestamps from 0, then cut to a whole number of frames (a source whose picture ends early holds its last
 * frame). Its audio is resampled to 44.1 kHz stereo and padded with silence or cut to exactly the same length
 * (44100 / 30 = 1470 samples a frame), so concatenated segments stay in sync and the output always has an audio track.
 * Text arrives only as PNG files (overlay-image.ts): no user text is ever part of an argument.
 */

/**
 * x264 settings, chosen for ≥ 3× real time on 2 cores (`npm run bench:render`): start from `ultrafast` and turn back
 * on the tools that buy the most quality per cycle — CABAC, deblocking, adaptive quantisation, quarter-pixel motion
 * (subme 1) and macroblock-tree rate control over a 10-frame lookahead — but not B-frames, partition search or 8×8
 * transforms. On grainy 1080×1920 footage this matches `superfast`+mbtree's SSIM (0.9904 vs 0.9905) with 7 % more
 * bytes for ~18 % less CPU; plain `superfast` spends twice the bytes, `veryfast` saves ~22 % of them for ~50 % more CPU.
 */
export interface EncoderSettings {
  preset: string
  crf: number
  /** Extra `-x264-params` (key=value:key=value), or null. */
  x264Params: string | null
}
export const RENDER_ENCODER: EncoderSettings = {
  preset: 'ultrafast',
  crf: 23,
  x264Params: 'cabac=1:deblock=1:aq-mode=1:subme=1:mbtree=1:rc-lookahead=10',
}

export const RENDER_AUDIO = { codec: 'aac', bitrate: '128k', sampleRate: 44_100, channels: 2 } as const
const SAMPLES_PER_FRAME = RENDER_AUDIO.sampleRate / OUTPUT_FRAME.fps
/** The thumbnail: one frame of the output at about half a second, half the output's width. */
export const THUMBNAIL = { atSec: 0.5, width: 540 } as const

export interface RenderArgsOptions {
  encoder?: EncoderSettings
}

/** One overlay image: a PNG and when it shows, in ms from its segment's start (`endMs` null: to the segment's end). */
export interface OverlayPng {
  path: string
  startMs: number
  endMs: number | null
}

/**
 * The overlay images of a render, per segment: null when it has no overlays, one PNG shown throughout, or images in
 * drawing order, each with its window (what render.ts passes since ADR 031).
 */
export type SegmentPngs = string | null | readonly OverlayPng[]
export interface OverlayPngs {
  hook: SegmentPngs
  demo: SegmentPngs
}

/** The overlays of one image and when that image shows (ms from its segment's start). */
export interface OverlayGroup {
  overlays: TextOverlay[]
  startMs: number
  endMs: number | null
}

/**
 * A segment's overlays as images (ADR 031): consecutive overlays that show at the same times share one image, so a
 * video without timed text still composites one PNG, and drawing order (later on top) is kept across images. Times are
 * the output's; a segment starting at `segmentStartMs` shifts them, and an overlay outside the segment is left out.
 */
export function overlayGroups(
  overlays: readonly TextOverlay[],
  segmentStartMs: number,
  segmentMs: number,
): OverlayGroup[] {
  const groups: OverlayGroup[] = []
  for (const overlay of overlays) {
    const window = overlayWindowIn(overlay, segmentStartMs, segmentMs)
    if (!window) continue
    const last = groups.at(-1)
    if (last && last.startMs === window.startMs && last.endMs === window.endMs) last.overlays.push(overlay)
    else groups.push({ overlays: [overlay], ...window })
  }
  return groups
}

/** Where each segment starts in the output and how long it is, in ms of whole output frames. */
export function segmentTimes(plan: Pick<RenderPlan, 'layout' | 'hook' | 'demo'>): {
  hook: { startMs: number; ms: number }
  demo: { startMs: number; ms: number }
} {
  const frameMs = 1000 / OUTPUT_FRAME.fps
  const hookMs = (plan.layout === 'split' ? outputFrames(plan) : segmentFrames(plan.hook.durationMs)) * frameMs
  const demoMs = plan.layout === 'sequence' ? segmentFrames(requireDemo(plan).durationMs) * frameMs : 0
  return { hook: { startMs: 0, ms: hookMs }, demo: { startMs: hookMs, ms: demoMs } }
}

/**
 * Which overlays go into which image. single: the hook's. sequence: each segment its own (`overlaysFor`). split: both
 * videos are on screen the whole time, so every overlay (hook, demo and both) goes into one image over the whole frame,
 * passed as `hook`; the preview of a split video shows them all too.
 */
export function segmentOverlays(plan: Pick<RenderPlan, 'layout' | 'overlays'>): {
  hook: TextOverlay[]
  demo: TextOverlay[]
} {
  switch (plan.layout) {
    case 'single':
      return { hook: overlaysFor(plan.overlays, 'hook'), demo: [] }
    case 'sequence':
      return { hook: overlaysFor(plan.overlays, 'hook'), demo: overlaysFor(plan.overlays, 'demo') }
    case 'split':
      return { hook: [...plan.overlays], demo: [] }
  }
}

/** A source's length in output frames (at least one). */
export function segmentFrames(durationMs: number): number {
  return Math.max(1, Math.round((durationMs * OUTPUT_FRAME.fps) / 1000))
}

/** The output's length in frames: the hook; hook + demo (sequence); the longer of the two (split). */
export function outputFrames(plan: Pick<RenderPlan, 'layout' | 'hook' | 'demo'>): number {
  const hook = segmentFrames(plan.hook.durationMs)
  if (plan.layout === 'single') return hook
  const demo = segmentFrames(requireDemo(plan).durationMs)
  return plan.layout === 'sequence' ? hook + demo : Math.max(hook, demo)
}

function requireDemo(plan: Pick<RenderPlan, 'layout' | 'demo'>): RenderSource {
  if (!plan.demo) throw new Error(`a ${plan.layout} render needs a demo video`)
  return plan.demo
}

type Box = { width: number; height: number }
const FULL: Box = { width: OUTPUT_FRAME.width, height: OUTPUT_FRAME.height }
const HALF: Box = { width: OUTPUT_FRAME.width / 2, height: OUTPUT_FRAME.height }

/**
 * How a source fills its box (ADR 032). The exact size passes untouched; a portrait 9:16 source (within 0.05) on the
 * whole frame is scaled to cover it and the few percent of overflow cropped, so nothing is stretched. Any other shape
 * on the whole frame follows the video's `fit`: `crop` covers the frame and keeps its centre, or the part `cropFocus`
 * names (0–100 along the cut axis; issue 30 item 9); `blur` fits it inside,
 * centred over a blurred copy of itself that covers the frame. Each half of a split is fitted and letterboxed in
 * black (`letterbox`), as before fit modes existed.
 */
export type BoxFit = SourceFit | 'letterbox'

/** What `fitFilters` decided: a linear chain (`filters`), or the blurred fill's two branches and how they join. */
export type FitPlan =
  { kind: 'chain'; filters: string[] } | { kind: 'blur'; background: string[]; foreground: string[]; join: string }

/**
 * The background of the blurred fill is blurred at an eighth of the size and scaled back up: the look of a wide blur
 * on the full frame for a small part of its cost (a full-size boxblur that wide would halve the render's speed).
 */
export const BLUR_FILL = { downscale: 8, radius: 8, passes: 2 } as const

export function fitFilters(
  source: Pick<RenderSource, 'width' | 'height'>,
  box: Box,
  fit: BoxFit,
  cropFocus: number = CROP_FOCUS_CENTRE,
): FitPlan {
  const { width: w, height: h } = box
  if (source.width === w && source.height === h) return { kind: 'chain', filters: [] }
  const isFullFrame = w === FULL.width && h === FULL.height
  const cover = [`scale=${w}:${h}:force_original_aspect_ratio=increase`, coverCrop(box, cropFocus)]
  const contain = `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2`
  if (isFullFrame && isPortrait916(source.width, source.height)) return { kind: 'chain', filters: cover }
  switch (fit) {
    case 'crop':
      return { kind: 'chain', filters: cover }
    case 'letterbox':
      return { kind: 'chain', filters: [contain, `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black`] }
    case 'blur': {
      const bw = Math.round(w / BLUR_FILL.downscale)
      const bh = Math.round(h / BLUR_FILL.downscale)
      return {
        kind: 'blur',
        background: [
          `scale=${bw}:${bh}:force_original_aspect_ratio=increase`,
          `crop=${bw}:${bh}`,
          `boxblur=${BLUR_FILL.radius}:${BLUR_FILL.passes}`,
          `scale=${w}:${h}`,
        ],
        foreground: [contain],
        join: 'overlay=x=(W-w)/2:y=(H-h)/2',
      }
    }
  }
}

/**
 * The crop after scaling to cover: only one axis overflows, so one offset moves the kept window along it (the other's
 * `iw-ow` or `ih-oh` is 0). The centre is ffmpeg's own default, written as before.
 */
function coverCrop(box: Box, cropFocus: number): string {
  if (cropFocus === CROP_FOCUS_CENTRE) return `crop=${box.width}:${box.height}`
  const share = (Math.min(100, Math.max(0, cropFocus)) / 100).toFixed(2)
  return `crop=${box.width}:${box.height}:(iw-ow)*${share}:(ih-oh)*${share}`
}

/**
 * One source's video, normalised (see the file comment), as graph statements ending in `[out]`: one chain, or for the
 * blurred fill the source split into a background and a foreground branch, overlaid.
 */
function videoChain(
  input: number,
  source: RenderSource,
  box: Box,
  fit: BoxFit,
  frames: number,
  out: string,
  cropFocus: number = CROP_FOCUS_CENTRE,
): string[] {
  const after = [
    'setsar=1',
    'format=yuv420p',
    'setpts=PTS-STARTPTS',
    // A picture shorter than the container says holds its last frame; trim cuts at exactly `frames`.
    'tpad=stop_mode=clone:stop=-1',
    `trim=end_frame=${frames}`,
  ]
  // fps first: a 60 fps source drops half its frames before they are scaled.
  const fps = `fps=${OUTPUT_FRAME.fps}`
  const plan = fitFilters(source, box, fit, cropFocus)
  if (plan.kind === 'chain') return [`[${input}:v]${[fps, ...plan.filters, ...after].join(',')}[${out}]`]
  return [
    `[${input}:v]${fps},split=2[${out}bg][${out}fg]`,
    `[${out}bg]${plan.background.join(',')}[${out}b]`,
    `[${out}fg]${plan.foreground.join(',')}[${out}f]`,
    `[${out}b][${out}f]${[plan.join, ...after].join(',')}[${out}]`,
  ]
}

function audioChain(input: number, frames: number, out: string): string {
  const filters = [
    `aresample=${RENDER_AUDIO.sampleRate}`,
    'aformat=sample_fmts=fltp:channel_layouts=stereo',
    'asetpts=PTS-STARTPTS',
    'apad',
    `atrim=end_sample=${frames * SAMPLES_PER_FRAME}`,
  ]
  return `[${input}:a]${filters.join(',')}[${out}]`
}

/** The command's inputs, numbered in the order they are added. */
class Inputs {
  readonly args: string[] = []
  private count = 0

  /** A local file, read through the file protocol only (a container cannot make ffmpeg open a URL or another file). */
  file(filePath: string, format?: string): number {
    this.args.push('-protocol_whitelist', 'file', ...(format ? ['-f', format] : []), '-i', `file:${filePath}`)
    return this.count++
  }

  /** Stereo 44.1 kHz silence for a segment without audio, a little longer than needed (atrim cuts it exactly). */
  silence(frames: number): number {
    const seconds = Math.ceil((frames / OUTPUT_FRAME.fps) * 1000 + 100) / 1000
    this.args.push(
      '-f',
      'lavfi',
      '-t',
      seconds.toFixed(3),
      '-i',
      `anullsrc=channel_layout=stereo:sample_rate=${RENDER_AUDIO.sampleRate}`,
    )
    return this.count++
  }
}

/**
 * `[main][png]overlay…` for each of the segment's images in order, else the chain passes through under the new label.
 * Each image is read once (png_pipe: exactly one picture, no image-sequence patterns in its name) and converted once
 * from the canvas's sRGB with the BT.709 matrix the output is tagged with (HD players assume it); the blend runs in the
 * video's own yuv420 (`format=auto` converted every frame and cost a third of the speed). A timed image is enabled only
 * in its window (`t` is the segment's time: every chain starts at 0); the numbers are ours, never user text.
 */
function withOverlay(inputs: Inputs, graph: string[], label: string, segment: SegmentPngs, out: string): void {
  const pngs = typeof segment === 'string' ? [{ path: segment, startMs: 0, endMs: null }] : (segment ?? [])
  if (pngs.length === 0) {
    graph.push(`[${label}]null[${out}]`)
    return
  }
  let current = label
  pngs.forEach((png, i) => {
    const index = inputs.file(png.path, 'png_pipe')
    const next = i === pngs.length - 1 ? out : `${out}_${i}`
    graph.push(`[${index}:v]scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[p${index}]`)
    graph.push(`[${current}][p${index}]overlay=x=0:y=0:format=yuv420:eof_action=repeat${enableOption(png)}[${next}]`)
    current = next
  })
}

/** `:enable='gte(t,1.000)*lt(t,2.500)'` for a timed image; nothing for one shown the whole segment. */
export function enableOption(png: Pick<OverlayPng, 'startMs' | 'endMs'>): string {
  const terms = [
    ...(png.startMs > 0 ? [`gte(t,${(png.startMs / 1000).toFixed(3)})`] : []),
    ...(png.endMs !== null ? [`lt(t,${(png.endMs / 1000).toFixed(3)})`] : []),
  ]
  return terms.length === 0 ? '' : `:enable='${terms.join('*')}'`
}

/**
 * The ffmpeg arguments that render `plan` (see the file comment), with `overlayPngs` from `segmentOverlays` drawn
 * by overlay-image.ts. Progress goes to stdout (`-progress pipe:1`), errors to stderr; the output path is last.
 */
export function buildRenderArgs(plan: RenderPlan, overlayPngs: OverlayPngs, opts: RenderArgsOptions = {}): string[] {
  const encoder = opts.encoder ?? RENDER_ENCODER
  const inputs = new Inputs()
  const graph: string[] = []
  const hookFrames = segmentFrames(plan.hook.durationMs)
  const hookInput = inputs.file(plan.hook.path)

  switch (plan.layout) {
    case 'single': {
      graph.push(...videoChain(hookInput, plan.hook, FULL, plan.fit, hookFrames, 'v0', plan.cropFocus))
      const audioInput = plan.hook.hasAudio ? hookInput : inputs.silence(hookFrames)
      graph.push(audioChain(audioInput, hookFrames, 'aout'))
      withOverlay(inputs, graph, 'v0', overlayPngs.hook, 'vout')
      break
    }
    case 'sequence': {
      const demo = requireDemo(plan)
      const demoFrames = segmentFrames(demo.durationMs)
      const demoInput = inputs.file(demo.path)
      graph.push(...videoChain(hookInput, plan.hook, FULL, plan.fit, hookFrames, 'v0', plan.cropFocus))
      graph.push(...videoChain(demoInput, demo, FULL, plan.fit, demoFrames, 'v1'))
      graph.push(audioChain(plan.hook.hasAudio ? hookInput : inputs.silence(hookFrames), hookFrames, 'a0'))
      graph.push(audioChain(demo.hasAudio ? demoInput : inputs.silence(demoFrames), demoFrames, 'a1'))
      withOverlay(inputs, graph, 'v0', overlayPngs.hook, 'vo0')
      withOverlay(inputs, graph, 'v1', overlayPngs.demo, 'vo1')
      graph.push('[vo0][a0][vo1][a1]concat=n=2:v=1:a=1[vout][aout]')
      break
    }
    case 'split': {
      const demo = requireDemo(plan)
      const frames = Math.max(hookFrames, segmentFrames(demo.durationMs))
      const demoInput = inputs.file(demo.path)
      graph.push(...videoChain(hookInput, plan.hook, HALF, 'letterbox', frames, 'vl'))
      graph.push(...videoChain(demoInput, demo, HALF, 'letterbox', frames, 'vr'))
      graph.push('[vl][vr]hstack=inputs=2[vs]')
      // Both soundtracks when both have one (amix halves each, so two loud tracks cannot clip); else the one there is.
      const withAudio = [plan.hook, demo].flatMap((s, i) => (s.hasAudio ? [i === 0 ? hookInput : demoInput] : []))
      if (withAudio.length === 2) {
        graph.push(audioChain(hookInput, frames, 'a0'), audioChain(demoInput, frames, 'a1'))
        graph.push('[a0][a1]amix=inputs=2:duration=first:dropout_transition=0:normalize=1[aout]')
      } else {
        graph.push(audioChain(withAudio[0] ?? inputs.silence(frames), frames, 'aout'))
      }
      withOverlay(inputs, graph, 'vs', overlayPngs.hook, 'vout')
      break
    }
  }

  return [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'],
    ...inputs.args,
    ...['-filter_complex', graph.join(';'), '-map', '[vout]', '-map', '[aout]'],
    // Phone clips carry GPS positions and device names in their metadata: none of it goes out.
    ...['-map_metadata', '-1', '-map_chapters', '-1'],
    ...['-c:v', 'libx264', '-preset', encoder.preset, '-crf', String(encoder.crf)],
    ...(encoder.x264Params ? ['-x264-params', encoder.x264Params] : []),
    ...['-pix_fmt', 'yuv420p', '-r', String(OUTPUT_FRAME.fps)],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'],
    ...['-c:a', RENDER_AUDIO.codec, '-b:a', RENDER_AUDIO.bitrate],
    ...['-ar', String(RENDER_AUDIO.sampleRate), '-ac', String(RENDER_AUDIO.channels)],
    // moov before mdat: the file starts playing before it has fully downloaded.
    ...['-movflags', '+faststart', '-f', 'mp4', `file:${plan.outputPath}`],
  ]
}

/** The JPEG thumbnail: the output's frame at about 0.5 s (earlier for a shorter video), 540 px wide. */
export function thumbnailArgs(videoPath: string, thumbnailPath: string, frames: number): string[] {
  const at = Math.min(THUMBNAIL.atSec, (frames - 1) / OUTPUT_FRAME.fps)
  return [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
    ...['-ss', at.toFixed(3), '-protocol_whitelist', 'file', '-f', 'mov', '-i', `file:${videoPath}`],
    ...['-frames:v', '1', '-vf', `scale=${THUMBNAIL.width}:-2`, '-q:v', '3'],
    ...['-f', 'image2', '-update', '1', `file:${thumbnailPath}`],
  ]
}
